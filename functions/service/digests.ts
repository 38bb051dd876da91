import type { DigestStore } from '../store/ports/digests.js';
import type { PlayerStore } from '../store/ports/players.js';
import type { DigestChoice } from '../domain/notifications.js';
import { localDay, nextDigestAt } from './digest-time.js';

/** One day's digest of one player, claimed: the notifier mails it. */
export interface DigestNotice {
  playerId: string;
  /** YYYYMMDD in the player's time zone. */
  day: string;
}

/** Digests claimed per shard and sweep at most; the rest wait a minute for the next sweep. */
export const DIGESTS_PER_SHARD = 50;

/**
 * Daily digests: each digest player has one entry in the deadline index at their
 * next hour; the sweep claims that day's digest (one conditional put, so a sweep that runs twice
 * sends one) and moves the entry to the next day. Locally `onDigest` hands the claim to the
 * notifier; in AWS the claim item's stream record does.
 */
export class Digests {
  constructor(
    private readonly table: PlayerStore,
    private readonly digests: DigestStore,
    private readonly now: () => Date,
    private readonly onDigest: (d: DigestNotice) => void = () => {},
  ) {}

  /** After the player changed their choice: the next digest is due at their next hour (none for null). */
  async schedule(playerId: string, choice: DigestChoice | null): Promise<void> {
    await this.digests.setDue(playerId, choice && nextDigestAt(choice.hour, choice.timeZone, this.now()));
  }

  /** Claims every digest that is due; how many were claimed. A player who left the digest leaves the index. */
  async sweep(): Promise<number> {
    const now = this.now();
    let claimed = 0;
    for (const { playerId, dueAt } of await this.digests.due(now, DIGESTS_PER_SHARD)) {
      const choice = (await this.table.getPlayer(playerId))?.notifications.digest ?? null;
      if (!choice) {
        await this.digests.setDue(playerId, null);
        continue;
      }
      // The day of the due time, not of the sweep: a late sweep still sends that day's digest, once.
      const day = localDay(new Date(dueAt), choice.timeZone);
      if (await this.digests.claimDay(playerId, day, now)) {
        claimed++;
        this.onDigest({ playerId, day });
      }
      await this.digests.setDue(
        playerId,
        nextDigestAt(choice.hour, choice.timeZone, new Date(Math.max(now.getTime(), Date.parse(dueAt)))),
      );
    }
    return claimed;
  }
}
