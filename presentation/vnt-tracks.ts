/**
 * A Vlaky na trati card track's two ends in the reader's words. The engine names the lanes T, M and
 * B (top, middle, bottom): letters of English words, so each language has its own short form for
 * lines a person scans (Czech H→P for horní→prostřední) and the full words where the text is heard
 * or hovered (a picture's title).
 */
import type { Translate } from './game-ui.js';

const LANE = /^[TMB]$/;

const laneWord = (t: Translate, lane: string, full: boolean): string =>
  LANE.test(lane) ? t(`vnt.${full ? 'lane' : 'laneCode'}.${lane}`) : lane;

/** "H→P" (short) or "horní → prostřední" (full): where a track enters and leaves a card. */
export function trackEnds(t: Translate, track: { left: string; right: string }, full = false): string {
  return `${laneWord(t, track.left, full)}${full ? ' → ' : '→'}${laneWord(t, track.right, full)}`;
}
