/**
 * The replay slider's reads: GET /v1/games/{id}/view?version=N and board.svg?version=N give what the
 * caller saw after N actions, rebuilt from the log (docs/architecture.md, "The log is the truth"), with nothing to post.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, problemOf, sendRaw, textOf, type Answer } from '../support/client.js';
import { HighCardGame, highCardAnswer, type ViewReply } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();

/** Seat `seat`'s view of `game` at `version`. */
const pastView = async (game: HighCardGame, seat: number, version: number) =>
  highCardAnswer(await game.seat(seat).GET('/v1/games/{id}/view', { params: { ...game.params, query: { version } } }));

describe('GET /v1/games/{id}/view?version=N', () => {
  it('gives each past view exactly as the seat saw it then, with no legal actions', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 2 } });
    const seen: ViewReply[] = [await game.view(0)];
    while (await game.step()) seen.push(await game.view(0));
    expect(seen.length).toBeGreaterThan(3);
    for (const then of seen.slice(0, -1)) {
      const r = await pastView(game, 0, then.version);
      expect(r.response.status, textOf(r)).toBe(200);
      expect(dataOf(r).version).toBe(then.version);
      // After the end everything is open, so the past is shown as 'all' sees it: compare what a seat saw only while running.
      expect(dataOf(r).toAct).toEqual(then.toAct);
      expect(dataOf(r).legalActions).toEqual([]);
    }
    const last = seen.at(-1)!;
    expect((await pastView(game, 0, last.version)).data).toEqual(last);
  });

  it('shows a running game’s past to a seat as that seat saw it (its own hand only)', async () => {
    const game = await HighCardGame.start(suite.api, 2, { options: { rounds: 3 } });
    const before = await game.view(1);
    await game.step();
    await game.step();
    const past = await pastView(game, 1, before.version);
    expect(past.data?.view).toEqual(before.view);
    expect(past.data?.legalActions).toEqual([]);
  });

  it('refuses versions that are not a past or present one with a stable problem code', async () => {
    const game = await HighCardGame.start(suite.api, 2);
    const ahead = await pastView(game, 0, 99);
    expect(ahead.response.status).toBe(404);
    expect(problemOf(ahead).code).toBe('version_not_found');
    const refused = (bad: string, r: Answer) => {
      expect(r.response.status, bad).toBe(400);
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    };
    for (const bad of [-1, 1.5]) refused(String(bad), await pastView(game, 0, bad));
    // Not a number: the typed client cannot send it.
    refused('abc', await sendRaw(game.seat(0), 'GET', `/v1/games/${game.id}/view?version=abc`));
  });

  it('draws the board at a past version: version 0 is the picture from before the first move', async () => {
    const anna = await suite.api.newPlayer('Anna');
    const created = await anna.POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 2, bots: 1 } });
    const params = { path: { id: dataOf(created).id } };
    const start = await anna.GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' });
    let view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
    for (let i = 0; i < 3 && view.legalActions.length; i++) {
      view = dataOf(
        await anna.POST('/v1/games/{id}/actions', {
          params,
          body: { action: view.legalActions.at(-1)!, expectedVersion: view.version },
        }),
      );
    }
    expect(view.version).toBeGreaterThan(0);
    const replayed = await anna.GET('/v1/games/{id}/board.svg', {
      params: { ...params, query: { version: 0 } },
      parseAs: 'text',
    });
    expect(replayed.response.status).toBe(200);
    expect(replayed.data).toBe(start.data);
  });
});
