/** RP-WAIT-1 (README "Waiting for a move"): the process-wide cap on held views, which the API tests cannot reach cheaply. */
import { describe, expect, it } from 'vitest';
import type { CommitSummary, GameMeta } from '../store/records.js';
import { VersionWaits, type VersionSource } from './version-waits.js';

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
    await new Promise((ok) => setTimeout(ok, 10));
    expect(waits.holding).toBe(3);
    expect(await waits.hold('d', 'g', 1, 10_000)).toEqual({ over: 'process', limit: 3, retryAfterSeconds: 3 });

    game.version = 1;
    waits.wake('g');
    expect(await Promise.all(held)).toEqual([null, null, null]);
    expect(waits.holding).toBe(0);
    waits.stop();
  });
});
