/**
 * What a viewer may see (§15): the public board, stops, trams, supply sizes and revealed cards; for a
 * seat also its own hand and cards; for 'all' (after the game) everything.
 */
import type { Viewer } from '../../core/index.js';
import { colOf, EDGE_NAMES, rowOf } from './geometry.js';
import { currentMoveOptions } from './legal.js';
import { targetOf } from './targets.js';
import { canStillFinish, requiredStops } from './schedule.js';
import type { PlayerView, StreetcarView, TramView } from './schemas.js';
import type { PlayerState, StreetcarState, TramPos } from './state.js';

export type { StreetcarView } from './schemas.js';

function tramView(seat: number, pos: TramPos): TramView {
  if (pos.at === 'terminal' && pos.exit === null)
    return { seat, at: { terminal: pos.terminal, exit: null }, from: null };
  return { seat, at: targetOf(pos), from: pos.at === 'tile' ? EDGE_NAMES[pos.from]! : null };
}

function playerView(p: PlayerState, seat: number, everything: boolean): PlayerView {
  const cards = everything || p.revealed;
  return {
    seat,
    role: p.role,
    handCount: p.hand.length,
    handLimit: p.handLimit,
    line: cards || p.announced ? p.line : null,
    route: cards ? p.route : null,
    stops: cards ? requiredStops(p) : null,
    start: p.start,
    end: p.end,
    visited: p.visited,
    leg: p.leg,
  };
}

export function view(s: StreetcarState, viewer: Viewer): StreetcarView {
  const everything = viewer === 'all';
  const letterAt = new Map(Object.entries(s.stops).map(([l, sq]) => [sq, l]));
  const me = typeof viewer === 'number' ? s.players[viewer] : undefined;
  return {
    current: s.step.kind === 'over' ? null : s.current,
    step: s.step,
    board: s.board.flatMap((t, sq) =>
      t ? [{ row: rowOf(sq), col: colOf(sq), tile: t.tile, rotation: t.rotation, stop: letterAt.get(sq) ?? null }] : [],
    ),
    stops: Object.fromEntries(Object.entries(s.stops).map(([l, sq]) => [l, { row: rowOf(sq), col: colOf(sq) }])),
    trams: s.players.flatMap((p, seat) => (p.tram ? [tramView(seat, p.tram)] : [])),
    stacks: s.stacks.map((st) => st.length),
    open: s.open,
    display: s.display,
    lastRoll: s.lastRoll,
    witness: s.witness,
    circuitPhase: s.circuit?.phase ?? null,
    players: s.players.map((p, seat) => playerView(p, seat, everything)),
    winner: s.winner,
    over: s.step.kind === 'over',
    you:
      me && typeof viewer === 'number'
        ? {
            seat: viewer,
            hand: [...me.hand].sort(),
            line: me.line,
            route: me.route,
            stops: requiredStops(me),
            canStillFinish: me.role === 'driver' && !s.circuit ? canStillFinish(s, me) : null,
          }
        : null,
    moves: currentMoveOptions(s, s.current).map((o) => ({
      to: targetOf(o.to),
      visited: o.visited,
      arrived: o.arrived,
      path: o.path,
    })),
  };
}
