/**
 * The account event stream: one socket per open page or bot, told what happened in the games of
 * its account and the games it watches. Events name the game, its version and what happened; they
 * carry no secret (no hand, no deck, no chat text): a client reads its own view after one.
 */
import type { ChallengeStatus } from './challenge.js';

/** Every kind of event, in the order the AsyncAPI document lists them. */
export const STREAM_EVENT_KINDS = [
  'yourTurn',
  'move',
  'chat',
  'takebackRequested',
  'takebackAnswered',
  'rematchOffered',
  'seekMatched',
  'gameStarted',
  'gameFinished',
  'reminder',
  'challenge',
] as const;
export type StreamEventKind = (typeof STREAM_EVENT_KINDS)[number];
/** The kinds that tell of a game; `challenge` tells of a challenge, before there is any game. */
export type GameEventKind = Exclude<StreamEventKind, 'challenge'>;
export const GAME_EVENT_KINDS = STREAM_EVENT_KINDS.filter((k): k is GameEventKind => k !== 'challenge');

/** One event as the socket carries it. */
export type StreamEvent = GameStreamEvent | ChallengeStreamEvent;

/** A challenge made to the socket's player, or theirs answered (docs/challenges.md): read it by its id. */
export interface ChallengeStreamEvent {
  kind: 'challenge';
  challenge: string;
  status: ChallengeStatus;
  at: string;
}

/** Something happened in a game. */
export interface GameStreamEvent {
  kind: GameEventKind;
  /** The game's id. */
  game: string;
  /** The game's version after what happened (for chat and requests: the version it happened at). */
  version: number;
  /** When the stream learnt of it. */
  at: string;
  /** A reminder: when the turn times out. */
  deadline?: string;
}

/** The credential a socket was opened with: revoking it closes the socket. */
export interface StreamCredential {
  kind: 'registration' | 'session' | 'token';
  /** The session's or token's id; null for the registration token. */
  id: string | null;
}

/** An open socket of a player. */
export interface ConnectionRecord {
  /** The socket's id (API Gateway's connectionId; locally a random id). */
  id: string;
  playerId: string;
  credential: StreamCredential;
  connectedAt: string;
  /** After this the connection is gone whether or not its close was seen (API Gateway ends sockets after 2 h). */
  expiresAt: string;
  /** Which of the player's connection slots it holds. */
  slot: number;
  /** The games it watches besides its account's own (subscribe). */
  games: string[];
}

/** A single-use ticket to open a socket, kept by its hash until it is presented or expires. */
export interface StreamTicketRecord {
  hash: string;
  playerId: string;
  credential: StreamCredential;
  expiresAt: string;
}
