/**
 * V1 — complete circuit, what the board allows: blocking trams, the steps and 180° turns open to a
 * tram, connected lines. Read by the build effects (build.ts), which announce connections, and by
 * the phase-B step (circuit.ts).
 */
import { masksOf } from './placement.js';
import { successors, terminalsConnected } from './paths.js';
import { ownTerminals } from './schedule.js';
import type { ScDraft, StreetcarState, TramPos } from './state.js';

export const nodeKey = (p: TramPos): string => (p.at === 'tile' ? `s${p.sq}` : `t${p.terminal}`);

/** V1-6: nodes holding another player's tram. */
export const occupiedBy = (s: StreetcarState, seat: number): Set<string> =>
  new Set(s.players.flatMap((p, i) => (i !== seat && p.tram ? [nodeKey(p.tram)] : [])));

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
export function announceConnections(d: ScDraft): void {
  const s = d.state;
  const masks = masksOf(s.board);
  s.players.forEach((p, seat) => {
    if (p.announced || !terminalsConnected(masks, ...ownTerminals(p))) return;
    p.announced = true;
    if (s.circuit?.phase === 'A') s.circuit.pendingB = true;
    d.emit('line_connected', { seat, line: p.line });
  });
}
