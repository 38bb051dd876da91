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

  it('on the leaderboard, from its seat in the rated game; the person it played is not marked', async () => {
    const [bot, liv] = [await suite.api.newPlayer('Max'), await suite.api.newPlayer('Liv')];
    dataOf(await upgrade(bot));
    const g = await HighCardGame.create([liv, bot], { options: { rounds: 1, handSize: 2 } });
    await g.pastAbortWindow();
    dataOf(await liv.POST('/v1/games/{id}/resign', { params: g.params }));
    await suite.server.services.results.record(g.id);
    const board = dataOf(await liv.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } } }));
    const row = (id: string) => board.rows.find((r) => r.playerId === id);
    expect(row(bot.playerId)).toMatchObject({ name: 'Max', botAccount: true });
    expect(row(liv.playerId)).toBeDefined();
    expect(row(liv.playerId)).not.toHaveProperty('botAccount');
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

describe('shown as a bot where public games are listed', () => {
  /** A public game the bot account made and `person` joined: it starts once `players` are seated. */
  const publicGame = async (bot: Player, person: Player, players: number) => {
    const body = { game: 'high-card', players, visibility: 'public' as const, options: { rounds: 1, handSize: 2 } };
    const { id } = dataOf(await bot.POST('/v1/games', { body }));
    dataOf(await person.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} }));
    return id;
  };

  it('on lobby cards: `people` marks the bot account, not the person; `seated` stays names only', async () => {
    const [bot, nia] = [await suite.api.newPlayer('Ned'), await suite.api.newPlayer('Nia')];
    dataOf(await upgrade(bot));
    const id = await publicGame(bot, nia, 3);
    const { games } = dataOf(await nia.GET('/v1/lobby', { params: { query: { game: 'high-card' } } }));
    expect(games.find((g) => g.id === id)).toMatchObject({
      seated: ['Ned', 'Nia'],
      people: [{ name: 'Ned', botAccount: true }, { name: 'Nia' }],
    });
    expect(games.find((g) => g.id === id)!.people[1]).not.toHaveProperty('botAccount');
  });

  it("in finished games' seats, on the profile list and in the search; the person it played is not marked", async () => {
    const [bot, ola] = [await suite.api.newPlayer('Oz'), await suite.api.newPlayer('Ola')];
    dataOf(await upgrade(bot));
    const id = await publicGame(bot, ola, 2);
    dataOf(await ola.POST('/v1/games/{id}/resign', { params: { path: { id } } }));
    await suite.server.services.results.record(id);
    const played = dataOf(
      await ola.GET('/v1/profiles/{playerId}/games', { params: { path: { playerId: ola.playerId } } }),
    );
    const found = dataOf(await ola.GET('/v1/finished-games', { params: { query: { player: 'Oz' } } }));
    for (const page of [played, found]) {
      const seats = page.items.find((x) => x.id === id)!.seats;
      expect(seats.find((s) => s.playerId === bot.playerId)).toMatchObject({ name: 'Oz', botAccount: true });
      expect(seats.find((s) => s.playerId === ola.playerId)).not.toHaveProperty('botAccount');
    }
  });
});
