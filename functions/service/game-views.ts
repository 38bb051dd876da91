/**
 * What clients see of a game: its summary, a player's view, the clocks, and the entity tags of
 * these answers. Worked out from a loaded game (game-state.ts), never read on their own.
 */
import { createHash } from 'node:crypto';
import type { BotLevel, Outcome, Seat } from '../../engine/core/index.js';
import type { GameMeta, GameStatus, GameVersion } from '../domain/game.js';
import type { SeatClock } from './clock.js';
import { standInLevelOf } from './bots.js';
import { abortable } from './table.js';
import type { TimeControl } from './time-control.js';
import { seatOf, viewerFor } from './visibility.js';
import { outcomeOf, statusOf, takebackWaitingFor, toActOf, type Loaded } from './game-state.js';
import { endOf, resultOf, type GameEnd, type GameResult } from './game-result.js';

interface SeatSummaryBase {
  seat: Seat;
  name: string | null;
  /** Shown to the game's seated players only, as chat does: ids are not for strangers to collect. */
  playerId?: string | null;
  forfeited?: boolean;
  /** Its player deleted their account. */
  deleted?: boolean;
  /** Its player is a bot account (a program under an account), not one of the platform's bots. */
  botAccount?: true;
}

/** A seat as clients see it: a person's, or a bot's with the level it plays at. */
export type SeatSummary = (SeatSummaryBase & { bot: false }) | (SeatSummaryBase & { bot: true; level: BotLevel });

/** A seat's clock as clients see it. */
export interface ClockSummary {
  seat: Seat;
  /** When its turn times out, while it is due. */
  deadline?: string;
  /** Bank controls: the time the seat had when its turn began (or has, while it is not due), in ms. */
  bankMs?: number;
}

export interface GameSummary {
  id: string;
  game: string;
  status: GameStatus;
  players: number;
  options: unknown;
  seats: SeatSummary[];
  toAct: Seat[];
  version: number;
  seedCommitment: string;
  createdAt: string;
  /** Public games are listed in the lobby while seats are open, and anyone may join them without the invite code. */
  visibility: 'public' | 'private';
  /** The level of the bot that plays for a person's seat after a timeout, a forfeit or a deleted account. */
  standInLevel: BotLevel;
  finishedAt?: string;
  /** Only for seated players: what they give others to join. */
  inviteCode?: string;
  /** The caller's seat, if seated. */
  yourSeat?: Seat;
  outcome?: Outcome;
  /** Once finished: places and winners, the same for every game. */
  result?: GameResult;
  timeControl?: TimeControl;
  /** The caller's deadline while due, else the earliest deadline of the seats to act. */
  deadline?: string;
  clocks?: ClockSummary[];
  /** While the game runs: no seat has made a second action yet, so any seated player may abort it. */
  abortable?: boolean;
  /** While the game runs, for a seated player: whether their last action may be taken back now. */
  canTakeBack?: boolean;
  /** A take-back request waiting for answers. */
  takeback?: TakebackSummary;
  /** After the end: a rematch offer, and the new game once it exists. */
  rematch?: RematchSummary;
}

export interface TakebackSummary {
  seat: Seat;
  /** The version of the action to undo; accepted, the game returns to the version before it. */
  undoes: number;
  requestedAt: number;
  accepted: Seat[];
  waitingFor: Seat[];
}

export interface RematchSummary {
  status: 'pending' | 'declined' | 'started';
  proposedBy: Seat;
  accepted: Seat[];
  waitingFor: Seat[];
  declinedBy?: Seat;
  gameId?: string;
}

export interface PlayerView extends GameEnd {
  /** The game's catalog id: which game's view and actions these are. */
  game: string;
  version: number;
  toAct: Seat[];
  view: unknown;
  legalActions: { type: string }[];
  deadline?: string;
  clocks?: ClockSummary[];
}

/** An answer and the entity tag of the game it shows, for conditional GETs (RFC 9110, section 13.1.2). */
export interface Tagged<T> {
  value: T;
  etag: string;
}

export function summaryFor(l: Loaded, playerId: string): GameSummary {
  const status = statusOf(l);
  const yourSeat = seatOf(l.meta, playerId);
  const outcome = status === 'finished' ? outcomeOf(l) : null;
  return {
    id: l.meta.id,
    game: l.meta.game,
    status,
    players: l.meta.players,
    options: l.meta.options,
    seats: seatsOf(l.meta, l.forfeited, playerId),
    toAct: toActOf(l),
    version: l.version,
    seedCommitment: l.meta.seedCommitment,
    createdAt: l.meta.createdAt,
    visibility: l.meta.visibility ?? 'private',
    standInLevel: standInLevelOf(l.meta),
    // The commit that ended the game is the newest, for ever.
    ...(status === 'finished' && l.commit ? { finishedAt: l.commit.at } : {}),
    ...(yourSeat !== null ? { yourSeat, ...(l.meta.status === 'open' ? { inviteCode: l.meta.inviteCode } : {}) } : {}),
    ...(outcome ? { outcome, result: resultOf(outcome) } : {}),
    ...(l.meta.timeControl ? { timeControl: l.meta.timeControl } : {}),
    ...clockSummary(l, yourSeat),
    ...finishingSummary(l, status, yourSeat),
  };
}

/** What a client needs to offer resigning, aborting, take-backs and rematches. */
function finishingSummary(
  l: Loaded,
  status: GameStatus,
  yourSeat: Seat | null,
): Pick<GameSummary, 'abortable' | 'canTakeBack' | 'takeback' | 'rematch'> {
  if (status === 'active') {
    const tb = l.table.takeback;
    const playing = yourSeat !== null && !l.forfeited.includes(yourSeat);
    return {
      abortable: abortable(l.table),
      ...(playing ? { canTakeBack: !tb && l.table.undoable[yourSeat] !== undefined } : {}),
      ...(tb
        ? {
            takeback: {
              seat: tb.seat,
              undoes: tb.undoes,
              requestedAt: tb.requestedAt,
              accepted: tb.accepted,
              waitingFor: takebackWaitingFor(l),
            },
          }
        : {}),
    };
  }
  const offer = l.meta.rematch;
  if (status !== 'finished' || !offer) return {};
  return {
    rematch: {
      status: offer.gameId !== undefined ? 'started' : offer.declinedBy !== undefined ? 'declined' : 'pending',
      proposedBy: offer.proposedBy,
      accepted: offer.accepted,
      waitingFor:
        offer.declinedBy !== undefined
          ? []
          : l.meta.seats.flatMap((s, seat) => (!s.bot && !offer.accepted.includes(seat) ? [seat] : [])),
      ...(offer.declinedBy !== undefined ? { declinedBy: offer.declinedBy } : {}),
      ...(offer.gameId !== undefined ? { gameId: offer.gameId } : {}),
    },
  };
}

/** Deadlines and banks for clients: the caller's own deadline first. */
function clockSummary(l: Loaded, yourSeat: Seat | null): { deadline?: string; clocks?: ClockSummary[] } {
  if (!l.clocks || statusOf(l) !== 'active') return {};
  const clocks = l.clocks.map((c, seat) => ({
    seat,
    ...(c.deadline ? { deadline: c.deadline } : {}),
    ...(c.bankMs !== null ? { bankMs: c.bankMs } : {}),
  }));
  const own = yourSeat === null ? undefined : l.clocks[yourSeat]?.deadline;
  const earliest = own ?? nextDeadline(l.clocks);
  return { clocks, ...(earliest ? { deadline: earliest } : {}) };
}

export function viewOf(l: Loaded, playerId: string | null): PlayerView {
  const status = statusOf(l);
  // Callers refuse a game that has not started before they ask for its view.
  if (status === 'open' || l.state === null) throw new Error(`game ${l.meta.id} has no view before it starts`);
  const viewer = viewerFor(l.meta, playerId, status === 'finished', l.forfeited);
  const toAct = toActOf(l);
  const seat = seatOf(l.meta, playerId);
  return {
    game: l.meta.game,
    version: l.version,
    ...endOf(l),
    toAct,
    view: l.def.view(l.state, viewer),
    legalActions:
      seat !== null && toAct.includes(seat) && !l.forfeited.includes(seat) ? l.def.legalActions(l.state, seat) : [],
    ...clockSummary(l, seat),
  };
}

/**
 * Strong tags: the version in clear (handy when reading logs), then a digest of the meta's
 * revision, the stored clocks and the player the answer is for (the same URL answers every
 * player differently, so a browser shared by two players must not match one's tag with the other's).
 */
export function etagOf(v: GameVersion, playerId: string): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([v.revision, v.clocks, playerId]))
    .digest('base64url')
    .slice(0, 12);
  return `"${v.version}.${digest}"`;
}

export function tagged<T>(l: Loaded, playerId: string, value: T): Tagged<T> {
  const clocks = l.commit?.clocks ? JSON.stringify(l.commit.clocks) : null;
  return { value, etag: etagOf({ revision: l.meta.revision, version: l.commit?.version ?? 0, clocks }, playerId) };
}

export function seatsOf(meta: GameMeta, forfeited: readonly Seat[], viewerId: string): SeatSummary[] {
  const seated = seatOf(meta, viewerId) !== null;
  return meta.seats.map((s, seat) => ({
    seat,
    name: s.name,
    ...(s.bot ? { bot: true as const, level: s.level } : { bot: false as const }),
    ...(seated ? { playerId: s.playerId } : {}),
    ...(forfeited.includes(seat) ? { forfeited: true } : {}),
    ...(s.deleted ? { deleted: true } : {}),
    ...(!s.bot && s.botAccount ? { botAccount: true as const } : {}),
  }));
}

function nextDeadline(clocks: readonly SeatClock[]): string | undefined {
  return clocks.flatMap((c) => (c.deadline ? [c.deadline] : [])).sort()[0];
}
