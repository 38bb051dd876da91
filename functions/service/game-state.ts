/**
 * A game as one read brings it (meta and newest commit), and what follows from it without any
 * further read: its status, who is due, its clocks after one more record. Pure: the write
 * pipeline (game-log.ts) and every capability reason with these.
 */
import type { AnyGame, Outcome, Seat } from '../../engine/core/index.js';
import type { CommitRecord, CommitSummary, EventRecord, GameMeta, GameStatus, SeatVacation } from '../domain/game.js';
import { advanceClocks, nextDueAt, type Pause, type SeatClock } from './clock.js';
import { outcomeWithForfeits } from './forfeit.js';
import { initialTable, legacyTable, revealed, tableAfter, type TableState } from './table.js';

export interface Loaded {
  meta: GameMeta;
  def: AnyGame;
  /** The newest commit, which this state is (or comes from); null before the game's first. */
  commit: CommitRecord | null;
  state: unknown;
  version: number;
  forfeited: Seat[];
  /** Timed games only. */
  clocks: SeatClock[] | null;
  recentKeys: CommitRecord['recentKeys'];
  table: TableState;
}

export type PausesOf = (seat: Seat) => Pause[];
export const noPauses: PausesOf = () => [];

export function fromCommit(meta: GameMeta, def: AnyGame, c: CommitRecord): Loaded {
  const table = c.table ?? legacyTable(meta.players);
  return {
    meta,
    def,
    commit: c,
    state: c.state,
    version: c.version,
    forfeited: c.forfeited,
    clocks: c.clocks ?? null,
    recentKeys: c.recentKeys,
    table,
  };
}

export function unstarted(meta: GameMeta, def: AnyGame): Loaded {
  return {
    meta,
    def,
    commit: null,
    state: null,
    version: 0,
    forfeited: [],
    clocks: null,
    recentKeys: {},
    table: initialTable(meta.players),
  };
}

/** A game closed while it waited for players (an expired lobby game): it never had a state. */
export function closedUnstarted(meta: GameMeta, latest: CommitRecord | null): boolean {
  return meta.status === 'aborted' && !latest && meta.startedAt === undefined;
}

export function commitStatus(status: GameStatus): CommitRecord['status'] {
  return status === 'finished' || status === 'aborted' ? status : 'active';
}

export function outcomeOf(l: Loaded): Outcome | null {
  if (l.state === null) return null;
  return outcomeWithForfeits(l.def.outcome(l.state), l.meta.players, l.forfeited);
}

export function statusOf(l: Loaded): GameStatus {
  if (l.meta.status !== 'active') return l.meta.status;
  if (l.table.aborted) return 'aborted';
  return outcomeOf(l) ? 'finished' : 'active';
}

/** Seats due now, as the platform sees it: none once the game is over (by its rules or by forfeits). */
export function toActOf(l: Loaded): Seat[] {
  return statusOf(l) === 'active' ? l.def.toAct(l.state) : [];
}

/** Due seats that have a clock: people still in the game (bots and forfeited seats have none). */
export function timedDue(l: Loaded): Seat[] {
  return toActOf(l).filter((seat) => !l.meta.seats[seat]?.bot && !l.forfeited.includes(seat));
}

/** The entry in the deadline index: only running timed games have one. */
export function dueAtOf(l: Loaded): string | null {
  return l.clocks && statusOf(l) === 'active' ? nextDueAt(l.clocks) : null;
}

/** A due seat the game's bot plays: a bot's, or a seat that forfeited. */
export function botSeatOf(l: Loaded): Seat | undefined {
  return toActOf(l).find((s) => l.meta.seats[s]?.bot || l.forfeited.includes(s));
}

/** Whether a person still plays: a seat neither a bot's nor forfeited (nor its player's account deleted). */
export function peoplePlaying(l: Loaded): boolean {
  return l.meta.seats.some((s, seat) => !s.bot && !s.deleted && !l.forfeited.includes(seat));
}

/** People who must still answer the pending take-back: the other seated people still playing. */
export function takebackWaitingFor(l: Loaded): Seat[] {
  const tb = l.table.takeback;
  if (!tb) return [];
  return l.meta.seats.flatMap((s, seat) =>
    seat !== tb.seat && !s.bot && !l.forfeited.includes(seat) && !tb.accepted.includes(seat) ? [seat] : [],
  );
}

/** The game after one more logged record: state, forfeits, and the clocks at the record's time. */
export function advanced(
  l: Loaded,
  record: EventRecord,
  state: unknown,
  forfeited: Seat[],
  pausesOf: PausesOf,
): Loaded {
  const table = tableAfter(
    l.table,
    record,
    !record.platform && !record.forfeit && revealed(l.def, l.state, state, record),
  );
  const next: Loaded = { ...l, state, version: record.version, forfeited, table };
  const tc = l.meta.timeControl;
  return tc && l.clocks ? { ...next, clocks: advanceClocks(tc, l.clocks, record.at, timedDue(next), pausesOf) } : next;
}

/** A platform entry (an abort, a take-back request, answer or undo): logged, changing no game state. */
export function platformEntry(
  l: Loaded,
  seat: Seat,
  playerId: string | null,
  action: { type: string },
  event: { type: string; data: Record<string, unknown> },
  at: string,
): EventRecord {
  return { version: l.version + 1, seat, playerId, action, events: [event], toAct: toActOf(l), at, platform: true };
}

/** What a listing shows of a game: the summary its newest commit would carry. */
export function summaryOf(l: Loaded): CommitSummary {
  return {
    key: l.commit?.key ?? 0,
    version: l.version,
    toAct: toActOf(l),
    status: commitStatus(statusOf(l)),
    ...(l.clocks ? { clocks: l.clocks } : {}),
  };
}

function pausesFromVacations(vacations: readonly SeatVacation[]): Pause[] {
  return vacations.map((v) => ({ from: Date.parse(v.from), until: Date.parse(v.until) }));
}

/** Each seat's clock pauses, from the vacations its seat carries (no read: they come with the meta). */
export function seatPauses(meta: GameMeta): PausesOf {
  if (!meta.timeControl) return noPauses;
  return (seat) => {
    const s = meta.seats[seat];
    return s && !s.bot ? pausesFromVacations(s.vacations ?? []) : [];
  };
}
