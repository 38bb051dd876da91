/** What every part of the Vlaky na trati rules shares: the data's constants, each seat's route, and helpers on the state. */
import { seatsFrom, type Draft, type Seat, type Step } from '../../core/index.js';
import type { VntAction } from './actions.js';
import { slotCount, type Sym, type VntData } from './data.js';
import { route, slowOptions, type RouteNode, type SlowOption } from './geometry.js';
import type { VntEvent } from './schemas.js';
import type { PlayerState, Task, VntState } from './state.js';

export type SlowAction = { steps: number; symbol?: Sym | undefined };
export type D = Draft<VntState, VntEvent>;
export type VntStep = Step<VntState, VntAction, VntEvent>;

export const player = (s: VntState, seat: Seat): PlayerState => {
  const p = s.players[seat];
  if (!p) throw new Error(`no seat ${seat}`);
  return p;
};
export const tasksOf = (s: VntState, seat: Seat): Task[] => s.tasks[seat] ?? [];
export const anyOpen = (s: VntState): boolean => s.tasks.some((t) => t.length > 0);
/** VNT-7.8: decisions and logs go from the starting player clockwise. */
export const fromStart = (s: VntState): Seat[] => seatsFrom(s.startSeat, s.players.length);

/** The data's constants and what each seat may do, built once per data set. */
export function ruleContext(data: VntData) {
  const C = data.constants;
  const SLOTS = slotCount(data);
  const sheetDef = (s: VntState) => data.sheets[s.options.sheet];

  function routeOf(s: VntState, seat: Seat): RouteNode[] {
    const lane = player(s, seat).lane;
    return lane === null || s.side === null ? [] : route(data, s.side, s.line, lane);
  }

  const slowChoices = (s: VntState, seat: Seat): SlowOption[] =>
    slowOptions(routeOf(s, seat), player(s, seat).locos, C.slowMoveMax);

  /** VNT-10.1/10.2/10.5: 3 players, an opponent's turn, declines left. */
  const declinable = (s: VntState, seat: Seat): boolean =>
    s.players.length === 3 &&
    s.phase === 'turn' &&
    seat !== s.current &&
    player(s, seat).sheet.declinesUsed < C.declinesPerGame;

  /** VNT-5.8, VNT-11.5 / AMB-20. */
  const canPlace = (s: VntState, seat: Seat): boolean =>
    s.line.length < SLOTS && (player(s, seat).hand.length > 0 || s.market.length > 0);

  return { data, C, SLOTS, sheetDef, routeOf, slowChoices, declinable, canPlace };
}

export type VntContext = ReturnType<typeof ruleContext>;
