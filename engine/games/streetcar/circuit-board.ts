/**
 * V1 — complete circuit, what the board allows: blocking trams, the steps and 180° turns open to a
 * tram, connected lines. Below the turn flow (turn.ts) and the legal-action list (legal.ts), which
 * both read it; the action handlers in circuit.ts sit above the turn flow.
 */
import type { GameEvent } from '../../core/index.js';
import type { StreetcarAction } from './actions.js';
import { masksOf } from './placement.js';
import { successors, terminalsConnected } from './paths.js';
import { ownTerminals } from './schedule.js';
import type { StreetcarState, TramPos } from './state.js';
import { targetOf } from './targets.js';

export const nodeKey = (p: TramPos): string => (p.at === 'tile' ? `s${p.sq}` : `t${p.terminal}`);

/** V1-6: nodes holding another player's tram. */
export const occupiedBy = (s: StreetcarState, seat: number): Set<string> => new Set(s.players.flatMap((p, i) => (i !== seat && p.tram ? [nodeKey(p.tram)] : [])));

/** Steps the tram may take now, trams blocking (V1-6). */
export function stepTargets(s: StreetcarState, seat: number): TramPos[] {
  const tram = s.players[seat]!.tram;
  if (!tram) return [];
  const taken = occupiedBy(s, seat);
  return successors(masksOf(s.board), tram).filter((p) => !taken.has(nodeKey(p)));
}

export const canTurn = (s: StreetcarState, seat: number): boolean => {
  const tram = s.players[seat]!.tram;
  return !!tram && (tram.at === 'tile' || tram.exit !== null) && stepTargets(s, seat).length === 0;
};

/** V1-2: after every build action, any player whose terminals have become connected is announced. */
export function announceConnections(s: StreetcarState, events: GameEvent[]): void {
  const masks = masksOf(s.board);
  s.players.forEach((p, seat) => {
    if (p.announced || !terminalsConnected(masks, ...ownTerminals(p))) return;
    p.announced = true;
    if (s.circuit?.phase === 'A') s.circuit.pendingB = true;
    events.push({ type: 'line_connected', data: { seat, line: p.line } });
  });
}

/** V1-4: the tram actions of a phase-B turn, besides building. */
export function circuitActions(s: StreetcarState, seat: number): StreetcarAction[] {
  const step = s.step;
  if (step.kind !== 'build') return [];
  const p = s.players[seat]!;
  const out: StreetcarAction[] = [];
  if (step.actions < 4 && !p.tram) {
    const taken = occupiedBy(s, seat);
    for (const t of ownTerminals(p)) if (!taken.has(`t${t}`)) out.push({ type: 'enter', terminal: t });
  }
  if (step.actions < 4 && p.tram && !step.halted) for (const pos of stepTargets(s, seat)) out.push({ type: 'step', to: targetOf(pos) });
  if (step.actions === 0 && canTurn(s, seat)) out.push({ type: 'turn180' });
  out.push({ type: 'end_turn' });
  return out;
}
