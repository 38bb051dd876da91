/** V1 — complete circuit without a die: the tram actions of phase B (entering, stepping, 180° turns) and the two legs. */
import { ruleCheck } from '../../core/index.js';
import type { ActionOf } from './actions.js';
import { canTurn, nodeKey, occupiedBy } from './circuit-board.js';
import { masksOf } from './placement.js';
import { successors } from './paths.js';
import { otherTerminal, ownTerminals, requiredStops } from './schedule.js';
import type { StreetcarState } from './state.js';
import { targetKey, targetOf } from './targets.js';
import { endGame, finishBuilding, type Ctx } from './turn.js';

function phaseBStep(s: StreetcarState, seat: number): Extract<StreetcarState['step'], { kind: 'build' }> {
  const step = s.step;
  ruleCheck(s.circuit?.phase === 'B' && step.kind === 'build' && seat === s.current, 'wrong_step', 'Tram actions exist only in phase B of the complete circuit', 'V1-4');
  ruleCheck(step.actions < 4, 'wrong_step', 'All four actions are used', 'V1-4');
  return step;
}

/** Uses `n` actions; `progress` (entering, a credit, a new leg) counts against the no-progress rule. */
function spend(c: Ctx, step: Extract<StreetcarState['step'], { kind: 'build' }>, n: number, progress: boolean): void {
  Object.assign(step, { actions: step.actions + n, changed: step.changed || progress });
  if (step.actions >= 4) finishBuilding(c);
}

export function enter(c: Ctx, seat: number, a: ActionOf<'enter'>): void {
  const { s } = c;
  const step = phaseBStep(s, seat);
  const p = s.players[seat]!;
  ruleCheck(!p.tram, 'wrong_step', 'Your tram is already on the board', 'V1-4');
  ruleCheck(ownTerminals(p).includes(a.terminal), 'wrong_step', 'That is not one of your terminals', 'V1-4');
  ruleCheck(!occupiedBy(s, seat).has(`t${a.terminal}`), 'blocked', 'Another tram is on that terminal', 'V1-6');
  Object.assign(p, { tram: { at: 'terminal', terminal: a.terminal, exit: null }, start: a.terminal, end: otherTerminal(p, a.terminal), visited: [], leg: 'out' });
  c.events.push({ type: 'enter', data: { seat, terminal: a.terminal } });
  spend(c, step, 1, true);
}

/** V1-8: which required stop, if any, is credited when the tram stops on `sq`. */
function creditAt(s: StreetcarState, seat: number, sq: number): string | null {
  const p = s.players[seat]!;
  const letter = Object.keys(s.stops).find((l) => s.stops[l] === sq);
  if (!letter || !requiredStops(p).includes(letter) || p.visited.includes(letter)) return null;
  return p.leg === 'return' || p.visited.length === 0 ? letter : null;
}

export function step(c: Ctx, seat: number, a: ActionOf<'step'>): void {
  const { s } = c;
  const st = phaseBStep(s, seat);
  const p = s.players[seat]!;
  ruleCheck(p.tram, 'wrong_step', 'Your tram is not on the board', 'V1-4');
  ruleCheck(!st.halted, 'wrong_step', 'Your tram stopped at a stop this turn', 'V1-5');
  const all = successors(masksOf(s.board), p.tram);
  const to = all.find((pos) => targetKey(targetOf(pos)) === targetKey(a.to));
  ruleCheck(to, 'bad_path', 'The tram cannot go there in one step', 'SC-2.14');
  ruleCheck(!occupiedBy(s, seat).has(nodeKey(to)), 'blocked', 'Another tram is in the way', 'V1-6');
  p.tram = to;
  let progress = false;
  c.events.push({ type: 'step', data: { seat, to: a.to } });
  if (to.at === 'tile' && Object.values(s.stops).includes(to.sq)) {
    st.halted = true;
    const letter = creditAt(s, seat, to.sq);
    if (letter) {
      p.visited = [...p.visited, letter].sort();
      progress = true;
      c.events.push({ type: 'credit', data: { seat, building: letter, leg: p.leg } });
    }
  }
  if (to.at === 'terminal' && to.terminal === p.end && p.leg === 'out' && p.visited.length > 0) {
    p.leg = 'return';
    progress = true;
    c.events.push({ type: 'return_leg', data: { seat } });
  }
  if (to.at === 'terminal' && to.terminal === p.start && p.leg === 'return' && p.visited.length === requiredStops(p).length) return endGame(c, seat);
  spend(c, st, 1, progress);
}

export function turn180(c: Ctx, seat: number): void {
  const { s } = c;
  const st = phaseBStep(s, seat);
  ruleCheck(st.actions === 0, 'wrong_step', 'A 180° turn uses all four actions of the turn', 'V1-7');
  ruleCheck(canTurn(s, seat), 'not_blocked', 'Only a blocked tram may turn', 'V1-7');
  const tram = s.players[seat]!.tram!;
  s.players[seat]!.tram = tram.at === 'tile' ? { ...tram, from: tram.heading, heading: tram.from } : { ...tram, exit: tram.exit === 0 ? 1 : 0 };
  c.events.push({ type: 'turn180', data: { seat } });
  spend(c, st, 4, false);
}
