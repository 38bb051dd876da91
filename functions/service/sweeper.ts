import type { TimeTable } from '../store/time-table.js';
import type { Games } from './games.js';

export interface SweepReport {
  games: number;
  timeouts: number;
  reminders: number;
  failed: number;
}

/**
 * Applies time controls: every game whose next reminder or deadline has come (the sparse
 * deadline index says which) gets `Games.expire`. In AWS a scheduled Lambda calls `sweep` every
 * minute; locally an interval does. Two sweeps may overlap: every step is a conditional write.
 */
export class Sweeper {
  constructor(
    private readonly times: TimeTable,
    private readonly games: Games,
    private readonly now: () => Date,
    private readonly log: (message: string, details: Record<string, unknown>) => void = () => {},
  ) {}

  async sweep(): Promise<SweepReport> {
    const report: SweepReport = { games: 0, timeouts: 0, reminders: 0, failed: 0 };
    for (const gameId of await this.times.dueGames(this.now())) {
      report.games++;
      try {
        const done = await this.games.expire(gameId);
        if (done === 'timeout') report.timeouts++;
        if (done === 'reminder') report.reminders++;
      } catch (err) {
        // One broken game must not hold up the others; it stays in the index for the next sweep.
        report.failed++;
        this.log('sweep failed', { gameId, error: (err as Error).message });
      }
    }
    return report;
  }
}
