/**
 * The replay slider's reads: GET /v1/games/{id}/view?version=N and board.svg?version=N give what the
 * caller saw after N actions, rebuilt from the log (DESIGN.md: the log is the truth), with nothing to post.
 */
import { describe, expect, it } from 'vitest';
import { HighCardGame, type ViewReply } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

describe('GET /v1/games/{id}/view?version=N', () => {
  it('gives each past view exactly as the seat saw it then, with no legal actions', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 2 } });
    const seen: ViewReply[] = [await game.view(0)];
    while (await game.step()) seen.push(await game.view(0));
    expect(seen.length).toBeGreaterThan(3);
    for (const then of seen.slice(0, -1)) {
      const r = await game.seat(0).get<ViewReply>(`${game.path}/view?version=${then.version}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.version).toBe(then.version);
      // After the end everything is open, so the past is shown as 'all' sees it: compare what a seat saw only while running.
      expect(r.body.toAct).toEqual(then.toAct);
      expect(r.body.legalActions).toEqual([]);
    }
    const last = seen.at(-1)!;
    expect((await game.seat(0).get<ViewReply>(`${game.path}/view?version=${last.version}`)).body).toEqual(last);
  });

  it('shows a running game’s past to a seat as that seat saw it (its own hand only)', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 3 } });
    const before = await game.view(1);
    await game.step();
    await game.step();
    const past = await game.seat(1).get<ViewReply>(`${game.path}/view?version=${before.version}`);
    expect(past.body.view).toEqual(before.view);
    expect(past.body.legalActions).toEqual([]);
  });

  it('refuses versions that are not a past or present one with a stable problem code', async () => {
    const game = await HighCardGame.start(suite.api, 2);
    const ahead = await game.seat(0).get(`${game.path}/view?version=99`);
    expect(ahead.status).toBe(404);
    expect(ahead.body.code).toBe('version_not_found');
    for (const bad of ['-1', 'abc', '1.5']) {
      const r = await game.seat(0).get(`${game.path}/view?version=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('draws the board at a past version: version 0 is the picture from before the first move', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = await anna.post('/v1/games', { game: 'ticket-to-ride-europe', players: 2, bots: 1 });
    const path = `/v1/games/${created.body.id}`;
    const start = await anna.request('GET', `${path}/board.svg`);
    let view = (await anna.get<ViewReply>(`${path}/view`)).body;
    for (let i = 0; i < 3 && view.legalActions.length; i++) {
      view = (await anna.post<ViewReply>(`${path}/actions`, { action: view.legalActions.at(-1), expectedVersion: view.version })).body;
    }
    expect(view.version).toBeGreaterThan(0);
    const replayed = await anna.request('GET', `${path}/board.svg?version=0`);
    expect(replayed.status).toBe(200);
    expect(replayed.text).toBe(start.text);
  });
});
