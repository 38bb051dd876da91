/**
 * The account event stream's messages as this client uses them (the server's schemas are
 * functions/api/streams/messages.ts, which the client does not import; api-spec/asyncapi.yaml
 * documents both ends).
 */

/** What happened in a game: the page reads again what the kind concerns. */
export type StreamEventKind =
  | 'yourTurn'
  | 'move'
  | 'chat'
  | 'takebackRequested'
  | 'takebackAnswered'
  | 'rematchOffered'
  | 'seekMatched'
  | 'gameStarted'
  | 'gameFinished'
  | 'reminder';

export interface GameEvent {
  type: 'event';
  kind: StreamEventKind;
  game: string;
  /** The game's version after it (chat and reminders: the version it happened at). */
  version: number;
  at: string;
}

/** A challenge made to the account or canceled, or one it made answered: it names the challenge, not a game. */
export interface ChallengeEvent {
  type: 'event';
  kind: 'challenge';
  challenge: string;
  status: 'pending' | 'accepted' | 'declined' | 'canceled';
  at: string;
}

export type StreamEvent = GameEvent | ChallengeEvent;

/** Everything the server sends; the client acts on events only (the answers confirm, or refuse a game it may not read). */
export type ServerMessage =
  | StreamEvent
  | { type: 'subscribed'; game: string; version: number }
  | { type: 'unsubscribed'; game: string }
  | { type: 'pong' }
  | { type: 'error'; code: string; detail: string; game?: string };

/** `since`: the version the client has; a game past it is told at once as a `move` event. */
export type ClientMessage =
  { action: 'subscribe'; game: string; since?: number } | { action: 'unsubscribe'; game: string } | { action: 'ping' };
