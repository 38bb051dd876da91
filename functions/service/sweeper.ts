import type { TimeStore } from '../store/ports/times.js';
import type { Digests } from './digests.js';
import type { Timing } from './timing.js';
import type { Lobby } from './lobby.js';
import { noMetrics, type Metrics } from './metrics.js';
import { InProcessDeadlineQueue } from './in-process-queue.js';
import { chunked, type BatchTally, type DeadlineQueue, type SweepBatch } from './sweep-batch.js';

/**
 * Due entries one dispatch may find before it says so loudly: far above the 10,000 a minute the
 * sweep is built for. It is a warning only; every due entry is still dispatched.
 */
export const LOUD_BACKLOG = 50_000;

export interface SweepReport {
  /** Due games dispatched. */
  games: number;
  /** Due digests dispatched. */
  digestsDue: number;
  /** Batches handed to the queue. */
  batches: number;
  /** What the workers did, as far as known when the queue took the batches (in-process: all of it; SQS: nothing yet). */
  timeouts: number;
  reminders: number;
  /** Daily digests claimed for sending. */
  digests: number;
  failed: number;
  /** Public games closed because nobody filled them in time (docs/playing.md "Lobby"). */
  expiredOpenGames: number;
  /** Seconds the oldest due deadline had waited when the sweep began (0 when none was due). */
  lagSeconds: number;
}

/** What the sweeper uses of the store and the services, and no more (tests stand in for each). */
export interface SweeperParts {
  times: Pick<TimeStore, 'dueGames'>;
  timing: Pick<Timing, 'expire'>;
  now: () => Date;
  /** Where due work goes; by default an in-process queue that runs it through this sweeper's `expireBatch`. */
  queue?: DeadlineQueue;
  log?: (message: string, details: Record<string, unknown>) => void;
  metrics?: Metrics;
  lobby?: Pick<Lobby, 'expireOpenGames'>;
  digests?: Pick<Digests, 'due' | 'claim'>;
}

/**
 * Applies time controls, fanned out: `dispatch` (every minute: a scheduled Lambda in AWS, an
 * interval locally) reads every due entry of the sparse deadline index and hands them to the
 * queue in batches; `expireBatch` (an SQS-fed worker in AWS) gives each due game `Timing.expire`
 * and claims each due digest. The dispatch also closes public games nobody filled in time (Lobby).
 * Dispatches may overlap and a batch may arrive twice: every step is a conditional write, so a
 * deadline handled twice acts once.
 */
export class Sweeper {
  private readonly queue: DeadlineQueue;
  private readonly log: NonNullable<SweeperParts['log']>;
  private readonly metrics: Metrics;

  constructor(private readonly parts: SweeperParts) {
    this.queue = parts.queue ?? new InProcessDeadlineQueue((batch) => this.expireBatch(batch));
    this.log = parts.log ?? (() => {});
    this.metrics = parts.metrics ?? noMetrics;
  }

  async dispatch(): Promise<SweepReport> {
    const startedAt = this.parts.now();
    const due = await this.parts.times.dueGames(startedAt);
    const oldest = due.reduce((min, d) => (d.dueAt < min ? d.dueAt : min), startedAt.toISOString());
    const lagSeconds = Math.max(0, (startedAt.getTime() - Date.parse(oldest)) / 1000);
    // Reported on every sweep, zero included, so a sweeper that stops running shows as missing data.
    this.metrics.gauge('SweeperLagSeconds', lagSeconds);
    let failed = 0;
    let digestsDue: SweepBatch[] = [];
    try {
      digestsDue = chunked((await this.parts.digests?.due()) ?? []).map((d) => ({ kind: 'digests', due: d }));
    } catch (err) {
      // An unlisted digest stays due for the next sweep; the deadlines go out all the same.
      failed++;
      this.log('digest listing failed', { error: (err as Error).message });
    }
    const games: SweepBatch[] = chunked(due.map((d) => d.gameId)).map((ids) => ({ kind: 'games', gameIds: ids }));
    if (due.length + digestsDue.length > LOUD_BACKLOG)
      this.log('sweep backlog above the expected peak', { games: due.length, lagSeconds, bound: LOUD_BACKLOG });
    const batches = [...games, ...digestsDue];
    const tallies = batches.length > 0 ? await this.queue.send(batches) : [];
    let expiredOpenGames = 0;
    try {
      expiredOpenGames = (await this.parts.lobby?.expireOpenGames()) ?? 0;
    } catch (err) {
      // Closing lobby games waits for the next sweep; the deadlines above are handed out.
      failed++;
      this.log('lobby expiry failed', { error: (err as Error).message });
    }
    const sum = (pick: (t: BatchTally) => number) => tallies.reduce((n, t) => n + pick(t), 0);
    return {
      games: due.length,
      digestsDue: digestsDue.reduce((n, b) => n + (b.kind === 'digests' ? b.due.length : 0), 0),
      batches: batches.length,
      timeouts: sum((t) => t.timeouts),
      reminders: sum((t) => t.reminders),
      digests: sum((t) => t.digests),
      failed: failed + sum((t) => t.failed.length),
      expiredOpenGames,
      lagSeconds,
    };
  }

  /** Works one batch, item by item; one broken item does not hold up the others, and is named in `failed`. */
  async expireBatch(batch: SweepBatch): Promise<BatchTally> {
    const tally: BatchTally = { timeouts: 0, reminders: 0, digests: 0, failed: [] };
    if (batch.kind === 'digests') {
      for (const digest of batch.due)
        await this.attempt(tally, digest.playerId, async () => {
          if (await this.parts.digests?.claim(digest)) tally.digests++;
        });
      return tally;
    }
    for (const gameId of batch.gameIds)
      await this.attempt(tally, gameId, async () => {
        const done = await this.parts.timing.expire(gameId);
        if (done === 'timeout') {
          tally.timeouts++;
          this.metrics.count('Timeouts');
        }
        if (done === 'reminder') {
          tally.reminders++;
          this.metrics.count('Reminders');
        }
      });
    return tally;
  }

  private async attempt(tally: BatchTally, id: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      // It stays in the index: the queue's retry or the next sweep tries it again.
      tally.failed.push(id);
      this.log('sweep failed', { id, error: (err as Error).message });
    }
  }
}
