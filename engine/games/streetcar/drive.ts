/** Declaring the inaugural trip and driving with the die (SC-10, SC-11, SC-12.1). */
import { ruleCheck } from '../../core/index.js';
import type { ActionOf } from './actions.js';
import { DIE_FACES } from './data.js';
import { currentMoveOptions } from './legal.js';
import { targetKey, targetOf } from './targets.js';
import type { MoveOption } from './paths.js';
import { otherTerminal, ownTerminals, requiredStops, tripFrom } from './schedule.js';
import type { StreetcarState } from './state.js';
import { endGame, endTurn, type Ctx } from './turn.js';

function ownTerminal(s: StreetcarState, seat: number, t: number, rule: string): void {
  ruleCheck(ownTerminals(s.players[seat]!).includes(t), 'wrong_step', 'That is not one of your terminals', rule);
}

export function declare(c: Ctx, seat: number, a: ActionOf<'declare'>): void {
  const { s } = c;
  const p = s.players[seat]!;
  ruleCheck(!s.circuit, 'wrong_step', 'There is no inaugural trip in the complete-circuit variant', 'V1-1');
  ruleCheck(s.step.kind === 'build' && p.role === 'builder', 'wrong_step', 'Only a builder may declare, on their own turn', 'SC-10.1');
  ruleCheck(s.step.actions === 0, 'not_start_of_turn', 'The inaugural trip can only be declared before any build action', 'SC-4.7');
  ownTerminal(s, seat, a.terminal, 'SC-10.2');
  const witness = tripFrom(s, p, a.terminal);
  ruleCheck(witness, 'route_incomplete', 'There is no valid trip path yet', 'SC-10.3');
  const released = p.hand;
  s.open.push(...released);
  Object.assign(p, { hand: [], role: 'driver', revealed: true, tram: { at: 'terminal', terminal: a.terminal, exit: null }, start: a.terminal, end: otherTerminal(p, a.terminal), visited: [] });
  s.witness = witness;
  s.step = { kind: 'roll', restarted: true };
  c.events.push({ type: 'declare', data: { seat, line: p.line, route: p.route, stops: requiredStops(p), start: a.terminal, witness, released } });
}

export function roll(c: Ctx, seat: number): void {
  const { s } = c;
  ruleCheck(s.step.kind === 'roll', 'wrong_step', 'You cannot roll now', 'SC-11.1');
  const face = c.rng.pick(DIE_FACES);
  s.lastRoll = face;
  s.step = { kind: 'move', roll: face };
  c.events.push({ type: 'roll', data: { seat, face } });
  const options = currentMoveOptions(s, seat);
  // SC-11.1: with a single outcome (including "stays put", SC-11.8) the engine moves without a call.
  if (options.length === 1) moveTram(c, seat, options[0]!);
}

export function move(c: Ctx, seat: number, a: ActionOf<'move'>): void {
  const { s } = c;
  ruleCheck(s.step.kind === 'move', 'wrong_step', 'Roll first', 'SC-11.1');
  const wanted = `${targetKey(a.to)}|${[...a.visited].sort().join('')}`;
  const option = currentMoveOptions(s, seat).find((o) => `${targetKey(targetOf(o.to))}|${o.visited.join('')}` === wanted);
  ruleCheck(option, 'bad_path', 'No path for this roll ends there with those stops', s.step.roll === 'H' ? 'SC-11.6' : 'SC-11.3');
  moveTram(c, seat, option);
}

function moveTram(c: Ctx, seat: number, o: MoveOption): void {
  const { s } = c;
  const p = s.players[seat]!;
  p.tram = o.to;
  p.visited = o.visited;
  c.events.push({ type: 'move', data: { seat, path: o.path, to: targetOf(o.to), visited: o.visited, arrived: o.arrived } });
  if (!o.arrived) return endTurn(c);
  if (o.visited.length === requiredStops(p).length) return endGame(c, seat);
  // SC-11.5 / AMB-16: arriving without every stop is a failed trip; the driver picks the restart terminal.
  s.step = { kind: 'forcedRestart' };
  c.events.push({ type: 'trip_failed', data: { seat } });
}

export function restart(c: Ctx, seat: number, a: ActionOf<'restart'>): void {
  const { s } = c;
  const step = s.step;
  ruleCheck(step.kind === 'forcedRestart' || (step.kind === 'roll' && !step.restarted), 'wrong_step', 'A restart is allowed only before rolling, once a turn', 'SC-11.10');
  ownTerminal(s, seat, a.terminal, 'SC-11.10');
  const p = s.players[seat]!;
  Object.assign(p, { tram: { at: 'terminal', terminal: a.terminal, exit: null }, start: a.terminal, end: otherTerminal(p, a.terminal), visited: [] });
  c.events.push({ type: 'restart', data: { seat, terminal: a.terminal, forced: step.kind === 'forcedRestart' } });
  if (step.kind === 'forcedRestart') return endTurn(c);
  s.step = { kind: 'roll', restarted: true };
}
