/** Passing the turn and the end of the game (TS-3.1, TS-10.4, railpost choice RP-TS-1). */
import type { GameEvent } from '../../core/index.js';
import type { TsState } from './state.js';

/**
 * RP-TS-1 (railpost choice, README): a game also ends after this many full rounds, so that weak or
 * absent play (a bot standing in after timeouts) cannot keep a table going forever. Greedy and
 * mostly greedy games end by the VP supply long before it (README, "The round limit").
 */
export const ROUND_LIMIT = 50;

/** Ends the active turn; the game ends when the next turn would be the conductor's after the trigger or at the round limit. */
export function finishTurn(s: TsState, ev: GameEvent[]): void {
  const next = (s.active + 1) % s.players.length;
  const limitReached = s.roundLimit !== null && s.turn >= s.roundLimit * s.players.length;
  if ((s.endTriggered || limitReached) && next === s.conductor) {
    s.pending = { kind: 'over' };
    ev.push({ type: 'game_over', data: { turns: s.turn, ...(s.endTriggered ? {} : { roundLimit: s.roundLimit }) } });
    return;
  }
  s.active = next;
  s.turn += 1;
  s.strike = false;
  s.delivered = [];
  s.deliveries = { queue: [], goodsStep: null };
  s.pending = { kind: 'start' };
  ev.push({ type: 'turn_start', data: { seat: next, turn: s.turn } });
}
