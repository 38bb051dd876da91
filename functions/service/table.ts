/**
 * The platform's part of a game beside the engine's state (docs/playing.md, "Finishing games"): how many
 * actions each seat made (the abort window) and which seats may still take their last action back.
 * Both are folded record by record, so a request answers from the newest commit alone.
 */
import type { AnyGame, Seat } from '../../engine/core/index.js';
import type { EventRecord, TableState } from '../domain/game.js';

export type { TableState };

export function initialTable(players: number): TableState {
  return { moves: Array.from({ length: players }, () => 0), undoable: {} };
}

/**
 * Commits written before take-backs existed carry no table: nothing may be taken back there, and
 * since the actions made were not counted, the game counts as past its abort window.
 */
export function legacyTable(players: number): TableState {
  return { moves: Array.from({ length: players }, () => 2), undoable: {} };
}

/**
 * Whether an action brought hidden or random information into the game: a secret event, a draw
 * of the RNG (shuffles, dice), or a change of what no seat sees (`concealed`: a card or tile drawn
 * from a pile). Once it did, nothing before it can be taken back: the players would keep what it showed.
 */
export function revealed(def: AnyGame, before: unknown, after: unknown, record: EventRecord): boolean {
  if (record.events.some((e) => e.visibleTo !== undefined)) return true;
  if (!sameJson(rngOf(before), rngOf(after))) return true;
  return def.concealed !== undefined && !sameJson(def.concealed(before), def.concealed(after));
}

/**
 * The table after one more record. A game action ends any pending take-back ("it expires when
 * anyone moves"); a person's own action that revealed nothing becomes that seat's last undoable
 * action and the only one, one that revealed something leaves nothing undoable, and a forfeit (a
 * seat leaving) too.
 */
export function tableAfter(table: TableState, record: EventRecord, revealedSomething: boolean): TableState {
  if (record.platform) return table;
  const { takeback: _expired, ...rest } = table;
  // RP-RATE-1: leaving before one's first action, or where an abort was open, is no rated loss.
  if (record.forfeit)
    return {
      ...rest,
      undoable: {},
      ...(abortable(table) || table.moves[record.seat] === 0 ? { unrated: true as const } : {}),
    };
  const moves = table.moves.map((n, seat) => (seat === record.seat ? n + 1 : n));
  // RP-TB-1: a person's action (or the bot's for a person out of time) ends every other seat's
  // take-back, which would remove it; a bot's reply does not, since bots accept.
  const byPerson = record.playerId !== null || record.timeout === true;
  const undoable = revealedSomething || byPerson ? {} : withoutSeat(table.undoable, record.seat);
  const own = record.playerId !== null && !record.timeout && !revealedSomething;
  return { ...rest, moves, undoable: own ? { ...undoable, [record.seat]: record.version } : undoable };
}

/** The abort window: no seat has made more than one game action (taken-back ones not counted). */
export function abortable(table: TableState): boolean {
  return table.moves.every((n) => n <= 1);
}

function withoutSeat(undoable: Record<number, number>, seat: Seat): Record<number, number> {
  return Object.fromEntries(Object.entries(undoable).filter(([s]) => Number(s) !== seat));
}

function rngOf(state: unknown): unknown {
  return state !== null && typeof state === 'object' ? (state as { rng?: unknown }).rng : undefined;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
