/** RP-WAIT-1 (docs/api.md "Waiting for a move"): the process-wide cap on held views, which the API tests cannot reach cheaply. */
import { describe, expect, it } from 'vitest';
import type { CommitSummary, GameMeta } from '../domain/game.js';
import { VersionWaits, type SharedHolds, type VersionSource } from './version-waits.js';
import { ok } from './refusal.js';

/** One running game at version `version`, read from memory. */
function runningGame(): VersionSource & { version: number } {
  return {
    version: 0,
    async readVersion() {
      return { version: this.version };
    },
    async readSummaries(ids) {
      const meta = { status: 'active' } as GameMeta;
      const latest = { version: this.version, status: 'active' } as CommitSummary;
      return new Map(ids.map((id) => [id, { meta, latest }]));
    },
  };
}

describe('RP-WAIT-1: views held at once in one process', () => {
  it('past the process cap a hold is refused, whatever its token, with the seconds until the first hold ends', async () => {
    const game = runningGame();
    const waits = new VersionWaits(game, 1000, { perToken: 2, perProcess: 3 });
    const held = [waits.hold('a', 'g', 1, 10_000), waits.hold('b', 'g', 1, 10_000), waits.hold('c', 'g', 1, 3_000)];
    await new Promise((done) => setTimeout(done, 10));
    expect(waits.holding).toBe(3);
    expect(await waits.hold('d', 'g', 1, 10_000)).toEqual(ok({ over: 'process', limit: 3, retryAfterSeconds: 3 }));

    game.version = 1;
    waits.wake('g');
    expect(await Promise.all(held)).toEqual([ok(null), ok(null), ok(null)]);
    expect(waits.holding).toBe(0);
    waits.stop();
  });
});

describe('RP-WAIT-1: views held at once per token, counted where every process sees them', () => {
  it('a token past its shared count is refused though this process holds none of its views', async () => {
    const full: SharedHolds = { take: async () => ({ firstEndsAt: Date.now() + 7_000 }), give: async () => undefined };
    const waits = new VersionWaits(runningGame(), 1000, { perToken: 2, perProcess: 3 }, full);
    expect(await waits.hold('a', 'g', 1, 10_000)).toEqual(ok({ over: 'token', limit: 2, retryAfterSeconds: 7 }));
    expect(waits.holding).toBe(0);
  });

  it('while the shared count fails, the per-token cap of this process stands in, and holds still work', async () => {
    const failing: SharedHolds = {
      take: async () => {
        throw new Error('store unavailable');
      },
      give: async () => undefined,
    };
    const game = runningGame();
    const waits = new VersionWaits(game, 1000, { perToken: 2, perProcess: 3 }, failing);
    const held = [waits.hold('a', 'g', 1, 10_000), waits.hold('a', 'g', 1, 10_000)];
    await new Promise((done) => setTimeout(done, 10));
    expect(waits.holding).toBe(2);
    expect(await waits.hold('a', 'g', 1, 10_000)).toMatchObject(ok({ over: 'token', limit: 2 }));
    game.version = 1;
    waits.wake('g');
    expect(await Promise.all(held)).toEqual([ok(null), ok(null)]);
    waits.stop();
  });
});
