import type { ChallengeRecord, ChallengeSettlement, ChallengeSide } from '../../domain/challenge.js';

/**
 * Challenges (docs/challenges.md): each under its id, and listed in both players' partitions. A
 * settlement is conditional on the challenge still pending, so of two racing answers exactly one
 * lands (RP-CHALLENGE-3).
 */
export interface ChallengeStore {
  /** Stores a new challenge and lists it for both players. */
  put(c: ChallengeRecord): Promise<void>;
  get(id: string): Promise<ChallengeRecord | null>;
  /** The player's pending challenges on one side that expire after `now`, newest first, at most `limit`. */
  pending(playerId: string, side: ChallengeSide, now: string, limit: number): Promise<ChallengeRecord[]>;
  /** Every challenge the player is a party to, whatever its status (account deletion). */
  all(playerId: string): Promise<ChallengeRecord[]>;
  /** Settles a pending challenge and answers it settled; WriteConflict when it is not pending any more. */
  settle(id: string, settlement: ChallengeSettlement): Promise<ChallengeRecord>;
  /** Removes the challenge and both players' entries of it. */
  remove(c: ChallengeRecord): Promise<void>;
}
