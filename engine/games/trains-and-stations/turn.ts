/** Passing the turn and the end of the game (TS-3.1, TS-10.4). */
import type { GameEvent } from '../../core/index.js';
import type { TsState } from './state.js';

/** Ends the active turn; the game ends when the next turn would be the conductor's after the trigger. */
export function finishTurn(s: TsState, ev: GameEvent[]): void {
  const next = (s.active + 1) % s.players.length;
  if (s.endTriggered && next === s.conductor) {
    s.pending = { kind: 'over' };
    ev.push({ type: 'gameOver', data: { turns: s.turn } });
    return;
  }
  s.active = next;
  s.turn += 1;
  s.strike = false;
  s.delivered = [];
  s.deliveries = { queue: [], goodsStep: null };
  s.pending = { kind: 'start' };
  ev.push({ type: 'turnStart', data: { seat: next, turn: s.turn } });
}
