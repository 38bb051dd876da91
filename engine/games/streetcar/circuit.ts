/**
 * V1 — complete circuit without a die: the phase-B turn of four actions (V1-4), each a build action or a
 * tram action (entering, stepping, the 180° turn), and the two legs of the circuit (V1-8).
 */
import { ruleCheck } from '../../core/index.js';
import type { ActionOf, StreetcarAction } from './actions.js';
import { buildEffects, buildsLeft } from './build.js';
import { canTurn, nodeKey, occupiedBy, stepTargets } from './circuit-board.js';
import { buildActions } from './legal.js';
import { masksOf } from './placement.js';
import { successors } from './paths.js';
import { otherTerminal, ownTerminals, requiredStops } from './schedule.js';
import type { BuildStep, ScDraft, StreetcarState, TurnStep } from './state.js';
import { targetKey, targetOf } from './targets.js';
import { endGame, finishBuilding, openStep } from './turn.js';

/** Uses `n` actions; `progress` (entering, a credit, a new leg) counts against the no-progress rule. */
function spend(step: BuildStep, n: number, progress: boolean): void {
  Object.assign(step, { actions: step.actions + n, changed: step.changed || progress });
}

/** V1-8: which required stop, if any, is credited when the tram stops on `sq`. */
function creditAt(s: StreetcarState, seat: number, sq: number): string | null {
  const p = s.players[seat]!;
  const letter = Object.keys(s.stops).find((l) => s.stops[l] === sq);
  if (!letter || !requiredStops(p).includes(letter) || p.visited.includes(letter)) return null;
  return p.leg === 'return' || p.visited.length === 0 ? letter : null;
}

function enter(d: ScDraft, a: ActionOf<'enter'>): void {
  const { state: s, seat } = d;
  const p = s.players[seat]!;
  ruleCheck(!p.tram, 'wrong_step', 'Your tram is already on the board', 'V1-4');
  ruleCheck(ownTerminals(p).includes(a.terminal), 'wrong_step', 'That is not one of your terminals', 'V1-4');
  ruleCheck(!occupiedBy(s, seat).has(`t${a.terminal}`), 'blocked', 'Another tram is on that terminal', 'V1-6');
  Object.assign(p, {
    tram: { at: 'terminal', terminal: a.terminal, exit: null },
    start: a.terminal,
    end: otherTerminal(p, a.terminal),
    visited: [],
    leg: 'out',
  });
  d.emit('enter', { seat, terminal: a.terminal });
  spend(openStep(s, 'build'), 1, true);
}

function step(d: ScDraft, a: ActionOf<'step'>): void {
  const { state: s, seat } = d;
  const st = openStep(s, 'build');
  const p = s.players[seat]!;
  ruleCheck(p.tram, 'wrong_step', 'Your tram is not on the board', 'V1-4');
  ruleCheck(!st.halted, 'wrong_step', 'Your tram stopped at a stop this turn', 'V1-5');
  const to = successors(masksOf(s.board), p.tram).find((pos) => targetKey(targetOf(pos)) === targetKey(a.to));
  ruleCheck(to, 'bad_path', 'The tram cannot go there in one step', 'SC-2.14');
  ruleCheck(!occupiedBy(s, seat).has(nodeKey(to)), 'blocked', 'Another tram is in the way', 'V1-6');
  p.tram = to;
  let progress = false;
  d.emit('step', { seat, to: a.to });
  if (to.at === 'tile' && Object.values(s.stops).includes(to.sq)) {
    st.halted = true;
    const letter = creditAt(s, seat, to.sq);
    if (letter) {
      p.visited = [...p.visited, letter].sort();
      progress = true;
      d.emit('credit', { seat, building: letter, leg: p.leg });
    }
  }
  if (to.at === 'terminal' && to.terminal === p.end && p.leg === 'out' && p.visited.length > 0) {
    p.leg = 'return';
    progress = true;
    d.emit('return_leg', { seat });
  }
  if (
    to.at === 'terminal' &&
    to.terminal === p.start &&
    p.leg === 'return' &&
    p.visited.length === requiredStops(p).length
  )
    return endGame(d, seat);
  spend(st, 1, progress);
}

function turn180(d: ScDraft): void {
  const { state: s, seat } = d;
  const st = openStep(s, 'build');
  ruleCheck(st.actions === 0, 'wrong_step', 'A 180° turn uses all four actions of the turn', 'V1-7');
  ruleCheck(canTurn(s, seat), 'not_blocked', 'Only a blocked tram may turn', 'V1-7');
  const tram = s.players[seat]!.tram!;
  s.players[seat]!.tram =
    tram.at === 'tile'
      ? { ...tram, from: tram.heading, heading: tram.from }
      : { ...tram, exit: tram.exit === 0 ? 1 : 0 };
  d.emit('turn180', { seat });
  spend(st, 4, false);
}

/** V1-4: the tram actions open to the seat now, and ending the turn early. */
function tramActions(s: StreetcarState, seat: number): StreetcarAction[] {
  const st = openStep(s, 'build');
  const p = s.players[seat]!;
  const out: StreetcarAction[] = [];
  if (!p.tram) {
    const taken = occupiedBy(s, seat);
    for (const t of ownTerminals(p)) if (!taken.has(`t${t}`)) out.push({ type: 'enter', terminal: t });
  }
  if (p.tram && !st.halted) for (const pos of stepTargets(s, seat)) out.push({ type: 'step', to: targetOf(pos) });
  if (st.actions === 0 && canTurn(s, seat)) out.push({ type: 'turn180' });
  out.push({ type: 'end_turn' });
  return out;
}

/** V1-4: a phase-B turn, any four build or tram actions; the turn may end early. */
export const circuit: TurnStep = {
  rule: 'V1-4',
  actions: (s, seat) => [...buildActions(s, seat, buildsLeft(s)), ...tramActions(s, seat)],
  on: { ...buildEffects, enter, step, turn180, end_turn: finishBuilding },
  // The turn ends once its four actions are used.
  auto: (d) => {
    if (buildsLeft(d.state) > 0) return false;
    finishBuilding(d);
    return true;
  },
};
