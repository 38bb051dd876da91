/**
 * The sweep fanned out (docs/architecture.md "Sweeper"): the dispatcher hands every due entry to
 * the queue in bounded batches, the worker expires each game of a batch and names the ones that
 * failed, and the in-process queue works batches a bounded number at a time.
 */
import { describe, expect, it } from 'vitest';
import { InProcessDeadlineQueue } from './in-process-queue.js';
import { GAMES_PER_BATCH, SweepBatchSchema, type BatchTally, type SweepBatch } from './sweep-batch.js';
import { Sweeper, type SweeperParts } from './sweeper.js';

const NOW = new Date('2026-11-29T06:00:00.000Z');
const due = (n: number, prefix = 'g') =>
  Array.from({ length: n }, (_, i) => ({ gameId: `${prefix}${i}`, dueAt: '2026-11-29T05:59:00.000Z' }));
const none: BatchTally = { timeouts: 0, reminders: 0, digests: 0, failed: [] };

/** A queue that keeps what it is sent, as SQS would. */
function recordingQueue() {
  const sent: SweepBatch[] = [];
  return { sent, send: async (batches: readonly SweepBatch[]) => (sent.push(...batches), []) };
}

function parts(over: Partial<SweeperParts> = {}): SweeperParts {
  return {
    times: { dueGames: async () => [] },
    timing: { expire: async () => 'timeout' },
    now: () => NOW,
    ...over,
  };
}

describe('the sweep dispatcher', () => {
  it('hands every due game to the queue in one run, 250 of one shard included, in batches of at most 25 that parse as messages', async () => {
    const queue = recordingQueue();
    const report = await new Sweeper(parts({ times: { dueGames: async () => due(250) }, queue })).dispatch();
    expect(report).toMatchObject({ games: 250, batches: 10, lagSeconds: 60, timeouts: 0 });
    expect(queue.sent.flatMap((b) => (b.kind === 'games' ? b.gameIds : []))).toEqual(due(250).map((d) => d.gameId));
    for (const batch of queue.sent) {
      expect(SweepBatchSchema.parse(JSON.parse(JSON.stringify(batch)))).toEqual(batch);
      expect(batch.kind === 'games' && batch.gameIds.length).toBeLessThanOrEqual(GAMES_PER_BATCH);
    }
  });

  it('dispatches 10,000 due deadlines in one run: no cap at any constant', async () => {
    const queue = recordingQueue();
    const report = await new Sweeper(parts({ times: { dueGames: async () => due(10_000) }, queue })).dispatch();
    expect(report.games).toBe(10_000);
    expect(queue.sent).toHaveLength(400);
  });

  it('hands due digests out in batches of their own, and still closes lobby games when the digest listing fails', async () => {
    const queue = recordingQueue();
    const digests = Array.from({ length: 30 }, (_, i) => ({ playerId: `p${i}`, dueAt: NOW.toISOString() }));
    const report = await new Sweeper(
      parts({
        queue,
        digests: { due: async () => digests, claim: async () => true },
        lobby: { expireOpenGames: async () => 2 },
      }),
    ).dispatch();
    expect(report).toMatchObject({ digestsDue: 30, batches: 2, expiredOpenGames: 2, failed: 0 });
    expect(queue.sent.map((b) => b.kind)).toEqual(['digests', 'digests']);

    const failing = await new Sweeper(
      parts({
        queue: recordingQueue(),
        digests: { due: async () => Promise.reject(new Error('throttled')), claim: async () => true },
        lobby: { expireOpenGames: async () => 1 },
      }),
    ).dispatch();
    expect(failing).toMatchObject({ digestsDue: 0, failed: 1, expiredOpenGames: 1 });
  });

  it('sends nothing when nothing is due, and still reports the lag as 0 (a missing figure means no sweep)', async () => {
    const queue = recordingQueue();
    const gauges: number[] = [];
    const metrics = { count: () => {}, gauge: (_: string, s: number) => void gauges.push(s) };
    expect(await new Sweeper(parts({ queue, metrics })).dispatch()).toMatchObject({
      games: 0,
      batches: 0,
      lagSeconds: 0,
    });
    expect(queue.sent).toEqual([]);
    expect(gauges).toEqual([0]);
  });
});

describe('the sweep worker', () => {
  it('a game that fails is named in the tally and the others of the batch are still expired', async () => {
    const expired: string[] = [];
    const sweeper = new Sweeper(
      parts({
        timing: {
          expire: async (id) => {
            if (id === 'g1') throw new Error('corrupt game');
            expired.push(id);
            return id === 'g2' ? 'reminder' : 'timeout';
          },
        },
      }),
    );
    const tally = await sweeper.expireBatch({ kind: 'games', gameIds: ['g0', 'g1', 'g2', 'g3'] });
    expect(tally).toEqual({ timeouts: 2, reminders: 1, digests: 0, failed: ['g1'] });
    expect(expired).toEqual(['g0', 'g2', 'g3']);
  });

  it('claims due digests, counting only the ones this call claimed', async () => {
    const sweeper = new Sweeper(parts({ digests: { due: async () => [], claim: async (d) => d.playerId !== 'p1' } }));
    const batch: SweepBatch = {
      kind: 'digests',
      due: ['p0', 'p1', 'p2'].map((playerId) => ({ playerId, dueAt: NOW.toISOString() })),
    };
    expect(await sweeper.expireBatch(batch)).toEqual({ ...none, digests: 2 });
  });

  it('the message schema refuses a batch over 25 ids or of an unknown kind', () => {
    const ids = due(GAMES_PER_BATCH + 1).map((d) => d.gameId);
    expect(SweepBatchSchema.safeParse({ kind: 'games', gameIds: ids }).success).toBe(false);
    expect(SweepBatchSchema.safeParse({ kind: 'lobby', gameIds: ['g'] }).success).toBe(false);
  });
});

describe('the in-process deadline queue (local mode)', () => {
  it('works every batch, at most `parallelism` at once, and resolves with their tallies in order once all are done', async () => {
    let running = 0;
    let most = 0;
    const queue = new InProcessDeadlineQueue(async (batch) => {
      most = Math.max(most, ++running);
      await new Promise((ok) => setTimeout(ok, 2));
      running--;
      return { ...none, timeouts: batch.kind === 'games' ? batch.gameIds.length : 0 };
    }, 3);
    const batches: SweepBatch[] = Array.from({ length: 10 }, (_, i) => ({
      kind: 'games',
      gameIds: due(i + 1).map((d) => d.gameId),
    }));
    const tallies = await queue.send(batches);
    expect(tallies.map((t) => t.timeouts)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(most).toBe(3);
    expect(running).toBe(0);
  });

  it("by default a sweeper's dispatch runs through its own worker: the report carries what the batches did", async () => {
    const report = await new Sweeper(parts({ times: { dueGames: async () => due(60) } })).dispatch();
    expect(report).toMatchObject({ games: 60, batches: 3, timeouts: 60, failed: 0 });
  });
});
