import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../../functions/local/server.js';
import { dataOf, testClient } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

describe('the local sweeper interval (RAILPOST_SWEEP_MS)', () => {
  it('applies a timeout by itself, without anybody calling the API', async () => {
    const local = await startLocalServer({
      store: 'memory',
      registry: testRegistry(),
      limits: RAISED_LIMITS,
      sweepMs: 50,
    });
    try {
      const client = testClient(local.url);
      const anna = await client.newPlayer('Anna');
      const created = await anna.POST('/v1/games', {
        body: { game: 'high-card', players: 2, bots: 1, timeControl: { perMove: 'PT1S', onTimeout: 'bot' } },
      });
      const params = { path: { id: dataOf(created).id } };
      let entries: { timeout?: boolean }[] = [];
      for (let i = 0; i < 100 && !entries.some((e) => e.timeout); i++) {
        await new Promise((ok) => setTimeout(ok, 50));
        entries = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries;
      }
      expect(entries[0]).toMatchObject({ seat: 0, bot: true, timeout: true });
    } finally {
      await local.close();
    }
  });
});
