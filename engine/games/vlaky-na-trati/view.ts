/**
 * What each viewer may see (§18): the line, market, locomotives and every sheet are public (H-3, H-4);
 * a hand only to its owner (H-1); deck B order, boxed and discarded A cards and the RNG to nobody (H-2).
 */
import { cloneJson, type Viewer } from '../../core/index.js';
import type { VntRules } from './rules.js';
import type { VntView } from './schemas.js';
import { scoreLines, total } from './scoring.js';
import { coins } from './sheet.js';
import type { VntState } from './state.js';

// The published schema is the single source of the view's shape.
export type { VntPlayerView, VntView } from './schemas.js';

export function createView(rules: VntRules): (s: VntState, viewer: Viewer) => VntView {
  const slots = rules.data.constants.slotsPerRow * rules.data.constants.rows;
  return (s, viewer) => {
    const sheet = rules.data.sheets[s.options.sheet];
    const sheets = s.players.map((p) => p.sheet);
    const me = typeof viewer === 'number' ? s.players[viewer] : undefined;
    return {
      sheet: s.options.sheet,
      phase: s.phase,
      step: s.step,
      current: s.phase === 'over' ? null : s.current,
      startSeat: s.startSeat,
      side: s.side,
      turnIndex: s.turnIndex,
      round: s.phase === 'turn' ? Math.ceil(s.turnIndex / s.players.length) : null,
      endTriggered: s.endTriggered,
      line: [...s.line],
      market: [...s.market],
      deckCount: s.deckB.length,
      boxedCount: s.boxA.length,
      discardedCount: s.discarded.length,
      slots,
      toAct: rules.toAct(s),
      players: s.players.map((p, seat) => ({
        seat,
        lane: p.lane,
        locos: [p.locos[0], p.locos[1]],
        handCount: p.hand.length,
        sheet: cloneJson(p.sheet),
        coins: coins(p.sheet),
        route: rules.routeOf(s, seat),
        pending: s.tasks[seat]?.[0] ?? null,
        score: total(scoreLines(sheet, sheets, seat)),
      })),
      ...(me && typeof viewer === 'number' ? { you: { seat: viewer, hand: [...me.hand] } } : {}),
      ...(viewer === 'all' ? { hands: s.players.map((p) => [...p.hand]) } : {}),
      result: s.result,
    };
  };
}
