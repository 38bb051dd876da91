import type { BatchTally, DeadlineQueue, SweepBatch } from './sweep-batch.js';

/** Batches an in-process queue runs at once by default: enough to overlap store round trips, few enough for one machine. */
export const LOCAL_PARALLELISM = 8;

/**
 * The deadline queue of local mode and tests: runs each batch through `work` in this process,
 * `parallelism` at a time, and resolves with every batch's tally once all are done (the worker
 * catches each item's failure itself, so one batch never stops the others).
 */
export class InProcessDeadlineQueue implements DeadlineQueue {
  constructor(
    private readonly work: (batch: SweepBatch) => Promise<BatchTally>,
    private readonly parallelism = LOCAL_PARALLELISM,
  ) {}

  async send(batches: readonly SweepBatch[]): Promise<BatchTally[]> {
    const tallies: BatchTally[] = new Array<BatchTally>(batches.length);
    let next = 0;
    const runner = async () => {
      for (let i = next++; i < batches.length; i = next++) {
        tallies[i] = await this.work(batches[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallelism, batches.length) }, runner));
    return tallies;
  }
}
