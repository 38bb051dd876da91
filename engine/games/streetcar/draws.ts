/** ACT-TAKE (SC-7.4, V5-2) and the V3 pass-and-swap (V3-1). */
import { removeAll, ruleCheck } from '../../core/index.js';
import type { ActionOf } from './actions.js';
import { choicePool, drawBlind, returnToStack, takeFace } from './supply.js';
import { endTurn, finishBuilding, type Ctx } from './turn.js';

export function take(c: Ctx, seat: number, a: ActionOf<'take'>): void {
  const { s } = c;
  ruleCheck(s.step.kind === 'take', 'wrong_step', 'No tile is to be taken now', 'SC-7.4');
  ruleCheck(choicePool(s)?.tiles.includes(a.tile), 'not_in_hand', 'That tile is not on offer', s.display.length > 0 ? 'V5-2' : 'SC-7.4');
  c.events.push(takeFace(s, seat, a.tile));
  finishBuilding(c);
}

export function pass(c: Ctx, seat: number, a: ActionOf<'pass'>): void {
  const { s } = c;
  const p = s.players[seat]!;
  ruleCheck(s.options.exchangePass && s.circuit?.phase !== 'B', 'wrong_step', 'Passing is the exchange/pass variant', 'V3-1');
  ruleCheck(s.step.kind === 'build' && s.step.actions === 0 && p.role === 'builder', 'not_start_of_turn', 'A pass replaces the whole building step', 'V3-1');
  ruleCheck(a.count <= p.hand.length, 'wrong_step', 'You cannot swap more tiles than you hold', 'V3-1');
  c.events.push({ type: 'pass', data: { seat, count: a.count } });
  const before = p.hand.length;
  c.events.push(...drawBlind(s, seat, a.count));
  const drawn = p.hand.length - before;
  if (drawn === 0) return endTurn(c);
  s.step = { kind: 'return', count: drawn };
}

export function returnTiles(c: Ctx, seat: number, a: ActionOf<'return_tiles'>): void {
  const { s } = c;
  ruleCheck(s.step.kind === 'return', 'wrong_step', 'Nothing is to be returned now', 'V3-1');
  ruleCheck(a.tiles.length === s.step.count, 'wrong_step', `Return exactly ${s.step.count} tiles`, 'V3-1');
  const rest = removeAll(s.players[seat]!.hand, a.tiles);
  ruleCheck(rest, 'not_in_hand', 'Those tiles are not in your hand', 'V3-1');
  s.players[seat]!.hand = rest;
  const stack = returnToStack(s, a.tiles, c.rng);
  c.events.push({ type: 'return_tiles', data: { seat, count: a.tiles.length, stack } });
  endTurn(c);
}
