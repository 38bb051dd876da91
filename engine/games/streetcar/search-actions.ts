/**
 * The moves a search bot weighs in Streetcar. A building step lists up to a thousand
 * placements and exchanges, nearly all of them tiles far from the seat's own network; the search
 * weighs, among those in front of the seat's network or beside its stops (one per square, tile and
 * resulting track, as the greedy bot tries them), the few that leave the seat fewest turns to
 * finish by its plan (plan.ts: building and driving priced together, which the greedy bot's rating
 * of stops and distances is not), and, for turns where nothing helps, a few spread over the board
 * that harm the plan least. Double exchanges are left out, as the greedy bot leaves them. A seat
 * that can declare does (SC-10.1). Every other action (roll, moves, restarts, takes, V3 passes) is
 * searched as listed.
 *
 * A search asks again and again about the same board (each determinization deals other hands, not
 * another board), so the squares worth trying are kept per board and schedule, in a bounded memo.
 */
import type { Seat } from '../../core/index.js';
import type { StreetcarAction } from './actions.js';
import { afterBuild, buildsWorthTrying, candidateSquares, type Board } from './bot.js';
import { planTurns } from './plan.js';
import { masksOf } from './placement.js';
import { requiredStops } from './schedule.js';
import type { StreetcarState } from './state.js';

/** Builds that improve the seat's schedule, best first. */
const HELPFUL = 6;
/** Builds elsewhere, tried when fewer help. */
const ELSEWHERE = 3;
/** Placements sampled, evenly over the list, to find those. */
const SPREAD = 12;
/** Boards remembered; the memo starts afresh when full. */
const MEMO_BOARDS = 512;

interface Ratings {
  board: Board;
  /** The seat's turns to finish (plan.ts) as the board stands. */
  base: number;
  near: Set<number>;
}

const memo = new Map<string, Ratings>();

function ratingsOf(s: StreetcarState, line: number, stops: readonly string[]): Ratings {
  const masks = masksOf(s.board);
  const key = `${masks.join(',')}|${JSON.stringify(s.stops)}|${line}|${stops.join('')}`;
  let r = memo.get(key);
  if (!r) {
    if (memo.size >= MEMO_BOARDS) memo.clear();
    const board: Board = { masks, stops: s.stops };
    r = { board, base: planTurns(board, line, stops), near: candidateSquares(board, line, stops) };
    memo.set(key, r);
  }
  return r;
}

const isBuild = (a: StreetcarAction) => a.type === 'place' || a.type === 'exchange' || a.type === 'double_exchange';

export function searchActions(s: StreetcarState, seat: Seat, legal: StreetcarAction[]): StreetcarAction[] {
  // A complete schedule is declared at once, as the greedy bot does: the race is to the end terminal.
  const declare = legal.filter((a) => a.type === 'declare');
  if (declare.length > 0) return declare;
  const builds = legal.filter(isBuild);
  if (builds.length <= HELPFUL) return legal;
  const p = s.players[seat]!;
  const stops = requiredStops(p);
  const r = ratingsOf(s, p.line, stops);
  const turns = (a: StreetcarAction) => planTurns(afterBuild(r.board, a)!, p.line, stops);
  const rated = buildsWorthTrying(r.board, p.line, stops, builds, r.near).map((a) => ({ a, turns: turns(a) }));
  const chosen = rated
    .filter((x) => x.turns < r.base)
    .sort((x, y) => x.turns - y.turns)
    .slice(0, HELPFUL)
    .map((x) => x.a);
  if (chosen.length < HELPFUL) {
    const places = builds.filter((a) => a.type === 'place' && !chosen.includes(a));
    const step = Math.max(1, Math.floor(places.length / SPREAD));
    const spread = places.filter((_, i) => i % step === 0).map((a) => ({ a, turns: turns(a) }));
    chosen.push(
      ...spread
        .sort((x, y) => x.turns - y.turns)
        .slice(0, ELSEWHERE)
        .map((x) => x.a),
    );
  }
  return [...legal.filter((a) => !isBuild(a)), ...(chosen.length > 0 ? chosen : builds.slice(0, 1))];
}
