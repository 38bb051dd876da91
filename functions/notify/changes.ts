import type { UiEvent } from '../../presentation/game-ui.js';
import type { EventRecord } from '../domain/game.js';
import { cleanText } from '../service/text.js';
import { logEntryFor } from '../service/visibility.js';

const MAX_LINES = 20;

/**
 * A name as messages show it: one clean line, or null if nothing is left. Names are cleaned when
 * set, but seats and profiles written before that may still hold line breaks.
 */
export function shownName(name: string | null): string | null {
  return name === null ? null : cleanText(name, 'join') || null;
}

/** A game's words in the recipient's language (the ones its log shows in the web client). */
export interface ChangeWording {
  describe(event: UiEvent, seatName: (seat: number) => string): string;
  seatName(seat: number): string;
  more(count: number): string;
}

/**
 * What others did, as lines the recipient may read: the same redaction as the log, so a message
 * never says more than `GET /log` would, in the words the log has in the web client.
 */
export function changesFor(records: readonly EventRecord[], viewer: number, wording: ChangeWording): string[] {
  const lines = records
    .filter((r) => r.seat !== viewer)
    .flatMap((r) => {
      const who = wording.seatName(r.seat);
      // The log shows each entry beside its seat's mark; a line that does not name its actor (plain
      // wording, an impersonal event) says who first.
      return logEntryFor(r, viewer).events.map((e) => {
        const text = wording.describe(e, (seat) => wording.seatName(seat));
        return text.includes(who) ? text : `${who}: ${text}`;
      });
    });
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), wording.more(lines.length - MAX_LINES)] : lines;
}
