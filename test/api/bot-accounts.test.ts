/**
 * Bot accounts through the API (docs/accounts.md "Bot accounts"): the upgrade and its rules
 * (RP-BOT-2, RP-BOT-3, RP-BOT-4), the mark on profiles and seats, the directory and its rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, problemOf, type Api, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';
import { DEFAULT_LIMITS } from '../../functions/service/limits.js';
import { client, expectRateLimited, harness, type Harness } from './rate-limits.testkit.js';

const suite = useTestServer();

const upgrade = (p: Api) => p.POST('/v1/players/me/bot-account', {});
const profile = async (as: Player, id: string) =>
  dataOf(await as.GET('/v1/profiles/{playerId}', { params: { path: { playerId: id } } }));
const directoryIds = async (as: Player) => {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = dataOf(await as.GET('/v1/bots', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } }));
    ids.push(...page.items.map((b) => b.id));
    cursor = page.next ?? undefined;
  } while (cursor);
  return ids;
};

describe('the upgrade', () => {
  it('RP-BOT-4: a fresh account becomes a bot account for good; asking again answers the same', async () => {
    const gus = await suite.api.newPlayer('Gus');
    const first = dataOf(await upgrade(gus));
    expect(first).toMatchObject({ id: gus.playerId, botAccount: true });
    expect(dataOf(await gus.GET('/v1/players/me'))).toMatchObject({ botAccount: true });
    expect(dataOf(await upgrade(gus))).toEqual(first);
    // Nothing undoes it: a profile change leaves the mark.
    dataOf(await gus.PATCH('/v1/players/me', { body: { name: 'Gus 2' } }));
    expect(await profile(gus, gus.playerId)).toMatchObject({ name: 'Gus 2', botAccount: true });
  });

  it('RP-BOT-2: an account with a rated game against a person is refused, 409 bot_account_has_human_games', async () => {
    const [anna, ben] = [await suite.api.newPlayer('Anna'), await suite.api.newPlayer('Ben')];
    const g = await HighCardGame.create([anna, ben], { options: { rounds: 1, handSize: 2 } });
    await g.pastAbortWindow();
    dataOf(await ben.POST('/v1/games/{id}/resign', { params: g.params }));
    await suite.server.services.results.record(g.id);
    expect((await profile(anna, anna.playerId)).ratings).toHaveLength(1);
    const r = await upgrade(anna);
    expect(r.response.status).toBe(409);
    expect(problemOf(r).code).toBe('bot_account_has_human_games');
    expect(await profile(anna, anna.playerId)).not.toHaveProperty('botAccount');
  });

  it('RP-BOT-3: an account in an open or running game is refused, 409 bot_account_in_game; a finished game against bots is fine', async () => {
    const carl = await suite.api.newPlayer('Carl');
    const open = dataOf(await carl.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 0 } }));
    const r = await upgrade(carl);
    expect(r.response.status).toBe(409);
    expect(problemOf(r).code).toBe('bot_account_in_game');
    expect(problemOf(r).detail).toContain(open.id);
    const dora = await suite.api.newPlayer('Dora');
    const g = await HighCardGame.create([dora], { bots: 1, options: { rounds: 1, handSize: 2 } });
    dataOf(await dora.POST('/v1/games/{id}/resign', { params: g.params }));
    expect(dataOf(await upgrade(dora))).toMatchObject({ botAccount: true });
  });

  it('needs the settings scope (403 insufficient_scope) and a token (401); reading the directory needs read', async () => {
    const eve = await suite.api.newPlayer('Eve');
    const token = dataOf(await eve.POST('/v1/players/me/tokens', { body: { name: 'reader', scopes: ['read'] } })).token;
    const asReader = suite.api.as(token);
    const r = await upgrade(asReader);
    expect(r.response.status).toBe(403);
    expect(problemOf(r).code).toBe('insufficient_scope');
    expect((await asReader.GET('/v1/bots', {})).response.status).toBe(200);
    expect((await suite.api.POST('/v1/players/me/bot-account', {})).response.status).toBe(401);
    const bad = await eve.GET('/v1/bots', { params: { query: { limit: 0 } } });
    expect(problemOf(bad).code).toBe('invalid_query');
    const forged = await eve.GET('/v1/bots', { params: { query: { cursor: '!!' } } });
    expect(problemOf(forged).code).toBe('invalid_query');
  });
});

describe('the rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(DEFAULT_LIMITS);
  });
  afterAll(() => h.server.close());

  it('5 upgrades an hour per player, then 429 rate_limited with Retry-After', async () => {
    const fay = await client(h).newPlayer('Fay');
    for (let i = 0; i < 5; i++) expect((await upgrade(fay)).response.status).toBe(200);
    expectRateLimited(await upgrade(fay), 3600);
  });
});

describe('shown as a bot', () => {
  it("in the seats of a game it takes after the upgrade, never as one of the platform's bots", async () => {
    const [bot, ida] = [await suite.api.newPlayer('Hal'), await suite.api.newPlayer('Ida')];
    dataOf(await upgrade(bot));
    const g = await HighCardGame.create([ida, bot], { options: { rounds: 1, handSize: 2 } });
    const { seats } = dataOf(await ida.GET('/v1/games/{id}', { params: g.params }));
    expect(seats[0]).not.toHaveProperty('botAccount');
    expect(seats[1]).toMatchObject({ name: 'Hal', bot: false, botAccount: true });
  });

  it('in the directory, with its ratings, until the account is deleted', async () => {
    const [jon, kim] = [await suite.api.newPlayer('Jon'), await suite.api.newPlayer('Kim')];
    dataOf(await upgrade(jon));
    dataOf(await upgrade(kim));
    const listed = await directoryIds(jon);
    expect(listed.indexOf(kim.playerId)).toBeLessThan(listed.indexOf(jon.playerId));
    expect(new Set(listed).size).toBe(listed.length);
    const page = dataOf(await jon.GET('/v1/bots', {}));
    expect(page.items.find((b) => b.id === jon.playerId)).toMatchObject({ name: 'Jon', ratings: [] });
    expect((await jon.DELETE('/v1/players/me', {})).response.status).toBe(204);
    const after = await directoryIds(kim);
    expect(after).not.toContain(jon.playerId);
    expect(after).toContain(kim.playerId);
  });
});
