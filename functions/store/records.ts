import type { Seat } from '../../engine/core/index.js';
import type { GameEvent } from '../../engine/core/index.js';

export type GameStatus = 'open' | 'active' | 'finished' | 'aborted';

export interface SeatRecord {
  /** Null while the seat waits for a player to join. */
  playerId: string | null;
  name: string | null;
  bot: boolean;
}

export interface GameMeta {
  id: string;
  game: string;
  options: unknown;
  players: number;
  seats: SeatRecord[];
  status: GameStatus;
  createdAt: string;
  createdBy: string;
  inviteCode: string;
  seedCommitment: string;
  /** Secret while the game runs. */
  seed: string;
  /** Bumped by every change of the meta item; guards concurrent joins. */
  revision: number;
  finishedAt?: string;
}

export interface HeadRecord {
  version: number;
  state: unknown;
  toAct: Seat[];
  status: GameStatus;
}

export interface EventRecord {
  version: number;
  seat: Seat;
  /** The player who acted, or null for the platform's bot. */
  playerId: string | null;
  action: { type: string };
  events: GameEvent[];
  /** Seats due after this event: what the notifier compares. */
  toAct: Seat[];
  at: string;
  idempotencyKey?: string;
  requestHash?: string;
}

export interface PlayerRecord {
  id: string;
  name: string;
  email?: string;
  tokenHash: string;
  createdAt: string;
}

export interface MembershipRecord {
  playerId: string;
  gameId: string;
  game: string;
  seat: Seat;
  joinedAt: string;
}

export interface RequestRecord {
  requestHash: string;
  status: number;
  body: unknown;
}
