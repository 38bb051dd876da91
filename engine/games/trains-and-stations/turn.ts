/** Passing the turn and the end of the game (TS-3.1, TS-10.4, railpost choice RP-TS-1). */
import { nextSeat } from '../../core/index.js';
import type { TsDraft } from './draft.js';

/**
 * RP-TS-1 (railpost choice, README): a game also ends after this many full rounds, so that weak or
 * absent play (a bot standing in after timeouts) cannot keep a table going forever. Greedy and
 * mostly greedy games end by the VP supply long before it (README, "The round limit").
 */
export const ROUND_LIMIT = 50;

/** Ends the active turn; the game ends when the next turn would be the conductor's after the trigger or at the round limit. */
export function finishTurn(d: TsDraft): void {
  const s = d.state;
  const next = nextSeat(s.active, s.players.length);
  const limitReached = s.roundLimit !== null && s.turn >= s.roundLimit * s.players.length;
  if ((s.endTriggered || limitReached) && next === s.conductor) {
    s.pending = { kind: 'over' };
    d.emit('game_over', {
      turns: s.turn,
      ...(s.endTriggered || s.roundLimit === null ? {} : { roundLimit: s.roundLimit }),
    });
    return;
  }
  s.active = next;
  s.turn += 1;
  s.strike = false;
  s.delivered = [];
  s.deliveries = { queue: [], goodsStep: null };
  s.pending = { kind: 'start' };
  d.emit('turn_start', { seat: next, turn: s.turn });
}
