/** Challenges (docs/challenges.md): one player asks another, by id, to play a game with given options. */
import type { TimeControl } from './game.js';

export const CHALLENGE_STATUSES = ['pending', 'accepted', 'declined', 'canceled'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** Why a challenge was declined (RP-CHALLENGE-4): a closed set, so that a client can word it. */
export const DECLINE_REASONS = ['generic', 'later', 'notThisGame', 'tooFast', 'tooSlow'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Which seat the challenger takes; `random` draws it when the challenge is accepted (RP-CHALLENGE-2). */
export const SEAT_CHOICES = ['first', 'second', 'random'] as const;
export type SeatChoice = (typeof SEAT_CHOICES)[number];

/**
 * A party, as both sides see it: the bot account mark as it was when the challenge was made (an
 * account becomes a bot account for good, so a mark once given stays true).
 */
export interface ChallengeParty {
  id: string;
  name: string;
  botAccount?: true;
}

/** A player as a challenge names them. */
export const partyOf = (player: { id: string; name: string; botAccountSince?: string }): ChallengeParty => ({
  id: player.id,
  name: player.name,
  ...(player.botAccountSince ? { botAccount: true } : {}),
});

export interface ChallengeRecord {
  id: string;
  challenger: ChallengeParty;
  opponent: ChallengeParty;
  /** The catalog game. */
  game: string;
  /** The game's options, checked against its schema when the challenge was made. */
  options: Record<string, unknown>;
  timeControl?: TimeControl;
  seat: SeatChoice;
  status: ChallengeStatus;
  createdAt: string;
  /** After this a pending challenge reads as expired and is never accepted. */
  expiresAt: string;
  /** Once accepted, declined or canceled. */
  settledAt?: string;
  /** Once accepted: the game it made. */
  gameId?: string;
  /** Once declined: why, if the opponent said. */
  reason?: DeclineReason;
}

/** What ends a pending challenge. */
export type ChallengeSettlement =
  | { status: 'accepted'; gameId: string; at: string }
  | { status: 'declined'; reason: DeclineReason; at: string }
  | { status: 'canceled'; at: string };

/** Which of a player's lists: the challenges they made, or those made to them. */
export type ChallengeSide = 'outgoing' | 'incoming';
