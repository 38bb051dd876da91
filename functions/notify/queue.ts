import type { ChallengeNotice } from '../service/challenges.js';
import type { DigestNotice } from '../service/digests.js';
import type { GameTransition, ReminderNotice } from '../service/transition.js';
import type { ChatRecord } from '../domain/game.js';
import type { DeliveryFailure } from './channels.js';
import type { Notifier } from './notifier.js';

/**
 * In-process delivery for the local server: transitions are delivered one after another, off the
 * request path (a slow webhook must not slow a move). `idle()` lets tests wait for delivery.
 */
export class NotificationQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly notifier: () => Notifier | null,
    private readonly onFailures: (failures: DeliveryFailure[]) => void,
  ) {}

  push(t: GameTransition): void {
    this.enqueue((notifier) => notifier.deliver(t, t.records, t.game));
  }

  remind(r: ReminderNotice): void {
    this.enqueue((notifier) => notifier.remind(r));
  }

  digest(d: DigestNotice): void {
    this.enqueue((notifier) => notifier.digest(d.playerId, { day: d.day }));
  }

  chat(m: ChatRecord): void {
    this.enqueue((notifier) => notifier.chat(m));
  }

  challenge(notice: ChallengeNotice): void {
    this.enqueue((notifier) => notifier.challenge(notice));
  }

  private enqueue(send: (notifier: Notifier) => Promise<DeliveryFailure[]>): void {
    this.tail = this.tail.then(async () => {
      const notifier = this.notifier();
      if (!notifier) return;
      const failures = await send(notifier).catch((err: unknown) => [
        { playerId: '*', channel: 'webhook' as const, error: (err as Error).message },
      ]);
      if (failures.length > 0) this.onFailures(failures);
    });
  }

  idle(): Promise<void> {
    return this.tail;
  }
}
