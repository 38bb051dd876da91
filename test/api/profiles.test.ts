/**
 * Ratings, leaderboards, profiles and the search of finished public games through
 * the API: what a finished game between people changes, what anyone signed in may read, and who
 * may call the new endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TRUST_MS } from '../../functions/service/players.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { dataOf, problemOf, testClient, textOf, type Api, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

let clock = Date.parse('2026-11-02T08:00:00.000Z');
let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startLocalServer({
    store: 'memory',
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    now: () => new Date(clock),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

/** Public, as the lobby's create option makes it (its own suite covers that option). */
async function makePublic(id: string): Promise<void> {
  const { table } = server.services;
  const meta = (await table.readGame(id))!.meta;
  await table.replaceMeta({ ...meta, visibility: 'public', revision: meta.revision + 1 });
}

/** A two-person game that `loser` resigns once both have moved (so it is rated, RP-RATE-1); public unless told. */
async function resigned(
  winner: Player,
  loser: Player,
  visibility: 'public' | 'private' = 'public',
): Promise<HighCardGame> {
  const g = await HighCardGame.create([winner, loser], { options: { rounds: 1, handSize: 2 } });
  if (visibility === 'public') await makePublic(g.id);
  await g.pastAbortWindow();
  dataOf(await loser.POST('/v1/games/{id}/resign', { params: g.params }));
  return g;
}

/** Until the finished game's records are written (they follow the answer that ended it). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error('timed out');
}

const profileOf = async (as: Player, id: string) =>
  dataOf(await as.GET('/v1/profiles/{playerId}', { params: { path: { playerId: id } } }));

describe('profiles, leaderboards and search', () => {
  it('a resigned game between two people: the winner gains, the loser loses; both profiles, the leaderboard and the search show it', async () => {
    const [ada, bob] = [await api.newPlayer('Ada Lovelace'), await api.newPlayer('Bob')];
    const g = await resigned(ada, bob);
    const adaProfile = await until(
      () => profileOf(bob, ada.playerId),
      (p) => p.ratings.length > 0,
    );
    const bobProfile = await until(
      () => profileOf(ada, bob.playerId),
      (p) => p.ratings.length > 0,
    );
    expect(adaProfile).toEqual({
      id: ada.playerId,
      name: 'Ada Lovelace',
      ratings: [expect.objectContaining({ game: 'high-card', games: 1 })],
    });
    expect(adaProfile.ratings[0]!.rating).toBeGreaterThan(1500);
    expect(adaProfile.ratings[0]!.lastChange).toBeGreaterThan(0);
    expect(bobProfile.ratings[0]!.rating).toBeLessThan(1500);
    expect(adaProfile.ratings[0]!.rd).toBeLessThan(350);
    expect(Object.keys(adaProfile).sort()).toEqual(['id', 'name', 'ratings']);

    const played = dataOf(
      await bob.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId: ada.playerId } } }),
    );
    expect(played.items.map((x) => x.id)).toEqual([g.id]);
    expect(played.items[0]!.seats.map((s) => [s.name, s.place, s.forfeited, s.playerId])).toEqual([
      ['Ada Lovelace', 1, false, ada.playerId],
      ['Bob', 2, true, bob.playerId],
    ]);

    const board = dataOf(await bob.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } } }));
    const rows = board.rows.filter((r) => r.playerId === ada.playerId || r.playerId === bob.playerId);
    expect(rows.map((r) => r.name)).toEqual(['Ada Lovelace', 'Bob']);

    const byName = dataOf(
      await bob.GET('/v1/finished-games', { params: { query: { game: 'high-card', player: 'lovelace' } } }),
    );
    expect(byName.items.map((x) => x.id)).toEqual([g.id]);
    expect(
      dataOf(await bob.GET('/v1/finished-games', { params: { query: { player: 'nobody at all' } } })).items,
    ).toEqual([]);
  });

  it('a private game changes ratings but is in no search and no profile list; a game with a bot changes nothing', async () => {
    const [cy, dee] = [await api.newPlayer('Cy'), await api.newPlayer('Dee')];
    await resigned(cy, dee, 'private');
    await until(
      () => profileOf(cy, cy.playerId),
      (p) => p.ratings.length > 0,
    );
    expect(
      dataOf(await cy.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId: cy.playerId } } })).items,
    ).toEqual([]);
    expect(dataOf(await cy.GET('/v1/finished-games', { params: { query: { player: 'Dee' } } })).items).toEqual([]);

    const eve = await api.newPlayer('Eve');
    const solo = await HighCardGame.create([eve], { bots: 1, options: { rounds: 1, handSize: 2 } });
    await makePublic(solo.id);
    await solo.playToEnd();
    await server.services.results.record(solo.id);
    expect((await profileOf(eve, eve.playerId)).ratings).toEqual([]);
    // Public: searchable all the same.
    expect(
      dataOf(await eve.GET('/v1/finished-games', { params: { query: { player: 'Eve' } } })).items.map((x) => x.id),
    ).toEqual([solo.id]);
  });

  it('search pages: newest first, `next` until the last page, no game twice', async () => {
    const [fay, gus] = [await api.newPlayer('Fay Pager'), await api.newPlayer('Gus')];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      const g = await resigned(fay, gus);
      await server.services.results.record(g.id);
      ids.push(g.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = dataOf(
        await gus.GET('/v1/finished-games', {
          params: { query: { player: 'fay pager', limit: 2, ...(cursor ? { cursor } : {}) } },
        }),
      );
      seen.push(...page.items.map((x) => x.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('unknown players and games: 404 not_found; a game outside the catalog in search: 400 unknown_game', async () => {
    const hal = await api.newPlayer('Hal');
    const missing = await hal.GET('/v1/profiles/{playerId}', { params: { path: { playerId: 'NoSuchPlayer0000' } } });
    expect([missing.response.status, problemOf(missing).code]).toEqual([404, 'not_found']);
    const board = await hal.GET('/v1/leaderboards/{game}', { params: { path: { game: 'chess' } } });
    expect([board.response.status, problemOf(board).code]).toEqual([404, 'not_found']);
    const search = await hal.GET('/v1/finished-games', { params: { query: { game: 'chess' } } });
    expect([search.response.status, problemOf(search).code]).toEqual([400, 'unknown_game']);
  });
});

describe('who may call the new endpoints', () => {
  const calls = (as: Api, playerId: string) => [
    as.GET('/v1/profiles/{playerId}', { params: { path: { playerId } } }),
    as.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId } } }),
    as.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } } }),
    as.GET('/v1/finished-games', { params: { query: { game: 'high-card' } } }),
  ];

  it("no token: 401; another player's token: the same public answer; a token without read: 403 insufficient_scope; a revoked token: 401", async () => {
    const [ivy, jon] = [await api.newPlayer('Ivy'), await api.newPlayer('Jon')];
    const g = await resigned(ivy, jon);
    await server.services.results.record(g.id);
    for (const a of await Promise.all(calls(api, ivy.playerId)))
      expect([a.response.url, a.response.status, problemOf(a).code]).toEqual([a.response.url, 401, 'unauthorized']);
    const own = await Promise.all(calls(ivy, ivy.playerId));
    const others = await Promise.all(calls(jon, ivy.playerId));
    for (const [i, a] of others.entries()) {
      expect(a.response.status, textOf(a)).toBe(200);
      expect(a.data).toEqual(own[i]!.data);
    }
    const playOnly = api.as(
      dataOf(await ivy.POST('/v1/players/me/tokens', { body: { name: 'play only', scopes: ['play'] } })).token,
    );
    for (const a of await Promise.all(calls(playOnly, ivy.playerId)))
      expect([a.response.url, a.response.status, problemOf(a).code]).toEqual([
        a.response.url,
        403,
        'insufficient_scope',
      ]);
    const created = dataOf(await ivy.POST('/v1/players/me/tokens', { body: { name: 'reader', scopes: ['read'] } }));
    const reader = api.as(created.token);
    for (const a of await Promise.all(calls(reader, ivy.playerId))) expect(a.response.status, textOf(a)).toBe(200);
    expect(
      (await ivy.DELETE('/v1/players/me/tokens/{tokenId}', { params: { path: { tokenId: created.id } } })).response
        .status,
    ).toBe(204);
    clock += TOKEN_TRUST_MS + 1000;
    for (const a of await Promise.all(calls(reader, ivy.playerId)))
      expect([a.response.url, a.response.status, problemOf(a).code]).toEqual([a.response.url, 401, 'unauthorized']);
  });
});
