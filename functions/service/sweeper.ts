import type { TimeStore } from '../store/ports/times.js';
import type { Digests } from './digests.js';
import type { Timing } from './timing.js';
import type { Lobby } from './lobby.js';
import { noMetrics, type Metrics } from './metrics.js';

export interface SweepReport {
  games: number;
  timeouts: number;
  reminders: number;
  failed: number;
  /** Public games closed because nobody filled them in time (docs/playing.md "Lobby"). */
  expiredOpenGames: number;
  /** Daily digests claimed for sending. */
  digests: number;
  /** Seconds the oldest due deadline had waited when the sweep began (0 when none was due). */
  lagSeconds: number;
}

/**
 * Applies time controls: every game whose next reminder or deadline has come (the sparse
 * deadline index says which) gets `Timing.expire`. In AWS a scheduled Lambda calls `sweep` every
 * minute; locally an interval does. It also closes public games nobody filled in time (Lobby) and
 * claims the daily digests that are due. Two sweeps may overlap: every step is a conditional write.
 */
export class Sweeper {
  constructor(
    private readonly times: TimeStore,
    private readonly timing: Timing,
    private readonly now: () => Date,
    private readonly log: (message: string, details: Record<string, unknown>) => void = () => {},
    private readonly metrics: Metrics = noMetrics,
    private readonly lobby: Lobby | null = null,
    private readonly digests: Digests | null = null,
  ) {}

  async sweep(): Promise<SweepReport> {
    const startedAt = this.now();
    const due = await this.times.dueGames(startedAt);
    const oldest = due.reduce((min, d) => (d.dueAt < min ? d.dueAt : min), startedAt.toISOString());
    const report: SweepReport = {
      games: 0,
      timeouts: 0,
      reminders: 0,
      failed: 0,
      expiredOpenGames: 0,
      digests: 0,
      lagSeconds: Math.max(0, (startedAt.getTime() - Date.parse(oldest)) / 1000),
    };
    // Reported on every sweep, zero included, so a sweeper that stops running shows as missing data.
    this.metrics.gauge('SweeperLagSeconds', report.lagSeconds);
    for (const { gameId } of due) {
      report.games++;
      try {
        const done = await this.timing.expire(gameId);
        if (done === 'timeout') {
          report.timeouts++;
          this.metrics.count('Timeouts');
        }
        if (done === 'reminder') {
          report.reminders++;
          this.metrics.count('Reminders');
        }
      } catch (err) {
        // One broken game must not hold up the others; it stays in the index for the next sweep.
        report.failed++;
        this.log('sweep failed', { gameId, error: (err as Error).message });
      }
    }
    try {
      report.expiredOpenGames = (await this.lobby?.expireOpenGames()) ?? 0;
    } catch (err) {
      // Closing lobby games waits for the next sweep; the deadlines above are done.
      report.failed++;
      this.log('lobby expiry failed', { error: (err as Error).message });
    }
    try {
      report.digests = (await this.digests?.sweep()) ?? 0;
    } catch (err) {
      // An unclaimed digest stays due for the next sweep.
      report.failed++;
      this.log('digest sweep failed', { error: (err as Error).message });
    }
    return report;
  }
}
