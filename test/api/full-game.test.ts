import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { ApiClient } from '../support/client.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('a whole game through the API', () => {
  it('three people and a bot play high-card to the end; every move comes from legalActions', async () => {
    const anna = await api.newPlayer('Anna');
    const ben = await api.newPlayer('Ben');
    const cleo = await api.newPlayer('Cleo');
    const created = await anna.post('/v1/games', { game: 'high-card', players: 4, bots: 1, options: { rounds: 3 } });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('open');
    const { id, inviteCode } = created.body;
    expect((await ben.post(`/v1/games/${id}/join`, { inviteCode })).body.yourSeat).toBe(1);
    const joined = await cleo.post(`/v1/games/${id}/join`, { inviteCode });
    expect(joined.status).toBe(200);
    expect(joined.body.status).toBe('active');

    const people = [anna, ben, cleo];
    for (let step = 0; step < 200; step++) {
      const game = await anna.get(`/v1/games/${id}`);
      if (game.body.status === 'finished') break;
      const seat = (game.body.toAct as number[]).find((s) => s < 3);
      expect(seat).toBeDefined();
      const me = people[seat!]!;
      const view = await me.get(`/v1/games/${id}/view`);
      expect(view.body.legalActions.length).toBeGreaterThan(0);
      const posted = await me.post(`/v1/games/${id}/actions`, { action: view.body.legalActions.at(-1), expectedVersion: view.body.version });
      expect(posted.status).toBe(200);
      expect(posted.body.version).toBeGreaterThan(view.body.version);
    }
    const final = await anna.get(`/v1/games/${id}`);
    expect(final.body.status).toBe('finished');
    expect(final.body.toAct).toEqual([]);
    expect(final.body.outcome.scores.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(3);
    const log = await ben.get(`/v1/games/${id}/log`);
    expect(log.body.entries.length).toBe(final.body.version);
    expect(log.body.entries.some((e: { bot: boolean }) => e.bot)).toBe(true);
  });
});
