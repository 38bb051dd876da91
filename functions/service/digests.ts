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

/** A player's digest found due, with the time it was due. */
export interface DueDigest {
  playerId: string;
  dueAt: string;
}

/**
 * Daily digests: each digest player has one entry in the deadline index at their
 * next hour; the sweep lists the due ones and its workers claim each day's digest (one conditional
 * put, so a digest handed out twice sends one) and moves the entry to the next day. Locally `onDigest` hands the claim to the
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

  /** Every digest due now (the sweep hands them to its workers). */
  due(): Promise<DueDigest[]> {
    return this.digests.due(this.now());
  }

  /**
   * Claims one due digest and moves the player's entry to their next day; true when this call
   * claimed it. A player who left the digest leaves the index.
   */
  async claim({ playerId, dueAt }: DueDigest): Promise<boolean> {
    const now = this.now();
    const choice = (await this.table.getPlayer(playerId))?.notifications.digest ?? null;
    if (!choice) {
      await this.digests.setDue(playerId, null);
      return false;
    }
    // The day of the due time, not of the sweep: a late sweep still sends that day's digest, once.
    const day = localDay(new Date(dueAt), choice.timeZone);
    const claimed = await this.digests.claimDay(playerId, day, now);
    if (claimed) this.onDigest({ playerId, day });
    await this.digests.setDue(
      playerId,
      nextDigestAt(choice.hour, choice.timeZone, new Date(Math.max(now.getTime(), Date.parse(dueAt)))),
    );
    return claimed;
  }
}
