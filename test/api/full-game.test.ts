import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, testClient, type Api } from '../support/client.js';
import { highCardAnswer } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
});
afterAll(() => server.close());

describe('a whole game through the API', () => {
  it('three people and a bot play high-card to the end; every move comes from legalActions', async () => {
    const anna = await api.newPlayer('Anna');
    const ben = await api.newPlayer('Ben');
    const cleo = await api.newPlayer('Cleo');
    const created = await anna.POST('/v1/games', {
      body: { game: 'high-card', players: 4, bots: 1, options: { rounds: 3 } },
    });
    expect(created.response.status).toBe(201);
    expect(dataOf(created).status).toBe('open');
    const { id, inviteCode } = dataOf(created);
    const params = { path: { id } };
    expect(dataOf(await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } })).yourSeat).toBe(
      1,
    );
    const joined = await cleo.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } });
    expect(joined.response.status).toBe(200);
    expect(dataOf(joined).status).toBe('active');

    const people = [anna, ben, cleo];
    for (let step = 0; step < 200; step++) {
      const game = dataOf(await anna.GET('/v1/games/{id}', { params }));
      if (game.status === 'finished') break;
      const seat = game.toAct.find((s) => s < 3);
      expect(seat).toBeDefined();
      const me = people[seat!]!;
      const view = dataOf(highCardAnswer(await me.GET('/v1/games/{id}/view', { params })));
      expect(view.legalActions.length).toBeGreaterThan(0);
      const posted = await me.POST('/v1/games/{id}/actions', {
        params,
        body: { action: view.legalActions.at(-1)!, expectedVersion: view.version },
      });
      expect(posted.response.status).toBe(200);
      expect(dataOf(posted).version).toBeGreaterThan(view.version);
    }
    const final = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(final.status).toBe('finished');
    expect(final.toAct).toEqual([]);
    expect(final.outcome!.scores.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    const log = dataOf(await ben.GET('/v1/games/{id}/log', { params }));
    expect(log.entries.length).toBe(final.version);
    expect(log.entries.some((e) => e.bot)).toBe(true);
  });
});
