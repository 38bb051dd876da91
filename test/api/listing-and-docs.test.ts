/**
 * GET /v1/games (the caller's games, with status and myTurn, and its filters), games against
 * bots, and the documentation the service serves about itself (docs/api.md).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, testClient, textOf, type Api, type operations, type Player, type Schemas } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
});
afterAll(() => server.close());

type ListQuery = NonNullable<operations['listGames']['parameters']['query']>;

describe('GET /v1/games', () => {
  let me: Player;
  let other: Player;
  const ids: Record<'mine' | 'waiting' | 'theirs' | 'done', string> = { mine: '', waiting: '', theirs: '', done: '' };

  beforeAll(async () => {
    [me, other] = [await api.newPlayer('Lister'), await api.newPlayer('Other')];
    // Finished: me against a bot, played to the end.
    const done = await HighCardGame.create([me], { bots: 1, options: { rounds: 1, handSize: 2 } });
    await done.playToEnd();
    ids.done = done.id;
    // Active, not my turn: other created it, I hold seat 1, seat 0 draws first (HC-2).
    ids.theirs = (await HighCardGame.create([other, me])).id;
    // Open: waiting for two more players.
    ids.waiting = dataOf(await me.POST('/v1/games', { body: { game: 'high-card', players: 3 } })).id;
    // Active, my turn: I hold seat 0 and draw first.
    ids.mine = (await HighCardGame.create([me], { bots: 2 })).id;
    // Someone else's game I am not in.
    await HighCardGame.create([other], { bots: 1 });
  });

  /** One page holds them all here: the default page is 50 games. */
  const list = async (query: ListQuery = {}) => {
    const r = await me.GET('/v1/games', { params: { query } });
    expect(r.response.status, textOf(r)).toBe(200);
    expect(dataOf(r).next).toBeNull();
    return dataOf(r).items;
  };

  it('lists exactly the caller’s games, newest first, each with status, seat, myTurn, toAct and version', async () => {
    const games = await list();
    expect(games.map((g) => g.id).sort()).toEqual([ids.mine, ids.waiting, ids.theirs, ids.done].sort());
    const byId = Object.fromEntries(games.map((g) => [g.id, g]));
    expect(byId[ids.mine]).toMatchObject({
      game: 'high-card',
      status: 'active',
      players: 3,
      seat: 0,
      myTurn: true,
      toAct: [0],
      version: 0,
    });
    expect(byId[ids.waiting]).toMatchObject({
      status: 'open',
      players: 3,
      seat: 0,
      myTurn: false,
      toAct: [],
      version: 0,
    });
    expect(byId[ids.theirs]).toMatchObject({ status: 'active', players: 2, seat: 1, myTurn: false, toAct: [0] });
    expect(byId[ids.done]).toMatchObject({ status: 'finished', seat: 0, myTurn: false, toAct: [] });
    expect(byId[ids.done]!.version).toBeGreaterThan(0);
    // Newest first (games created in the same millisecond may come in either order).
    const created = games.map((g) => g.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(byId[ids.mine]!.createdAt >= byId[ids.done]!.createdAt).toBe(true);
  });

  it('names every seat as the game does: people by name, bots with their level, so a list can say who is to act', async () => {
    const byId = Object.fromEntries((await list()).map((g) => [g.id, g]));
    expect(byId[ids.theirs]!.seats).toEqual([
      { seat: 0, name: 'Other', bot: false, playerId: other.playerId },
      { seat: 1, name: 'Lister', bot: false, playerId: me.playerId },
    ]);
    expect(byId[ids.mine]!.seats.map((s) => [s.name, s.bot, 'level' in s ? s.level : null])).toEqual([
      ['Lister', false, null],
      ['Bot 1', true, 'easy'],
      ['Bot 2', true, 'easy'],
    ]);
    expect(byId[ids.waiting]!.seats.map((s) => s.name)).toEqual(['Lister', null, null]);
    // The list answers what the game's own answer does, seat for seat (no forfeits here).
    expect(byId[ids.done]!.seats).toEqual(
      dataOf(await me.GET('/v1/games/{id}', { params: { path: { id: ids.done } } })).seats,
    );
  });

  it('?status=active&myTurn=true lists only the games waiting for the caller; each filter works alone too', async () => {
    expect((await list({ status: 'active', myTurn: true })).map((g) => g.id)).toEqual([ids.mine]);
    expect((await list({ myTurn: true })).map((g) => g.id)).toEqual([ids.mine]);
    expect((await list({ myTurn: false })).map((g) => g.id).sort()).toEqual([ids.waiting, ids.theirs, ids.done].sort());
    expect((await list({ status: 'active' })).map((g) => g.id).sort()).toEqual([ids.mine, ids.theirs].sort());
    expect((await list({ status: 'active', myTurn: false })).map((g) => g.id)).toEqual([ids.theirs]);
    expect((await list({ status: 'open' })).map((g) => g.id)).toEqual([ids.waiting]);
    expect((await list({ status: 'finished' })).map((g) => g.id)).toEqual([ids.done]);
    expect(await list({ status: 'aborted' })).toEqual([]);
  });

  it('myTurn follows the game: after the other seat moves it is the caller’s turn, and after the caller moves it is not', async () => {
    const theirs = new HighCardGame(ids.theirs, '', [other, me], 2);
    await theirs.act(0);
    expect((await list({ status: 'active', myTurn: true })).map((g) => g.id).sort()).toEqual(
      [ids.mine, ids.theirs].sort(),
    );
    const item = (await list()).find((g) => g.id === ids.theirs)!;
    expect(item).toMatchObject({ myTurn: true, toAct: [1], version: 1 });
    await theirs.act(1);
    // Both seats now commit at once (HC-3): it is the caller's turn again, and the other's too.
    expect((await list()).find((g) => g.id === ids.theirs)).toMatchObject({ myTurn: true, toAct: [0, 1], version: 2 });
    await theirs.act(1);
    expect((await list()).find((g) => g.id === ids.theirs)).toMatchObject({ myTurn: false, toAct: [0], version: 3 });
    // The other player's listing agrees.
    const theirsList = dataOf(await other.GET('/v1/games', { params: { query: { myTurn: true } } })).items;
    expect(theirsList.map((g) => g.id)).toContain(ids.theirs);
  });

  it('a new player has no games', async () => {
    const fresh = await api.newPlayer('Fresh');
    expect(dataOf(await fresh.GET('/v1/games'))).toEqual({ items: [], next: null });
  });
});

describe('GET /v1/games a page at a time', () => {
  type ListItem = Schemas['GameListItem'];
  const create = async (player: Player, bots?: number) => {
    const r = await player.POST('/v1/games', { body: { game: 'high-card', players: 2, ...(bots ? { bots } : {}) } });
    expect(r.response.status, textOf(r)).toBe(201);
    return dataOf(r);
  };
  const page = async (player: Player, query: ListQuery) => {
    const r = await player.GET('/v1/games', { params: { query } });
    expect(r.response.status, textOf(r)).toBe(200);
    return dataOf(r);
  };
  /** Every page from the first, following `next`. */
  async function walk(player: Player, query: ListQuery): Promise<ListItem[][]> {
    const pages: ListItem[][] = [];
    let cursor: string | null = null;
    do {
      const p = await page(player, { ...query, ...(cursor ? { cursor } : {}) });
      pages.push(p.items);
      cursor = p.next;
    } while (cursor && pages.length < 20);
    return pages;
  }

  it('`limit` games per page, newest first, and `next` until the last page; the pages together are the whole listing', async () => {
    const player = await api.newPlayer('Pager');
    for (let i = 0; i < 5; i++) await create(player);
    const all = (await page(player, {})).items;
    expect(all).toHaveLength(5);
    const pages = await walk(player, { limit: 2 });
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    expect((await page(player, { limit: 5 })).next).toBeNull();
    expect((await page(player, { limit: 4 })).next).toEqual(expect.any(String));
  });

  it('a game created between two pages neither repeats nor pushes one out of the later pages; filters apply on every page', async () => {
    const player = await api.newPlayer('Pager2');
    for (let i = 0; i < 4; i++) await create(player);
    const before = (await page(player, {})).items;
    const first = await page(player, { limit: 2 });
    const created = await create(player, 1);
    const second = await page(player, { limit: 2, cursor: first.next! });
    expect([...first.items, ...second.items]).toEqual(before);
    expect(second.next).toBeNull();
    // The new game is on the first page now; only it is active.
    expect((await page(player, { limit: 1 })).items[0]!.id).toBe(created.id);
    const active = await walk(player, { limit: 1, status: 'active' });
    expect(active.flat().map((g) => g.id)).toEqual([created.id]);
  });
});

describe('bots', () => {
  it('`bots: 3` seats three bots in the last seats, the game starts at once, and one person plays it to the end while bots move by themselves', async () => {
    const solo = await api.newPlayer('Solo');
    const created = await solo.POST('/v1/games', {
      body: { game: 'high-card', players: 4, bots: 3, options: { rounds: 3, handSize: 3 } },
    });
    expect(created.response.status).toBe(201);
    expect(dataOf(created).status).toBe('active');
    expect(dataOf(created).seats.map((s) => [s.bot, s.playerId])).toEqual([
      [false, solo.playerId],
      [true, null],
      [true, null],
      [true, null],
    ]);
    const game = new HighCardGame(dataOf(created).id, '', [solo], 4);
    let moves = 0;
    for (;;) {
      const v = await game.view(0);
      if (v.toAct.length === 0) break;
      // Whenever the game waits, it waits for the person only.
      expect(v.toAct).toEqual([0]);
      const answer = await game.act(0, (legal) => legal.at(-1));
      expect(answer.toAct.every((s) => s === 0)).toBe(true);
      moves++;
      expect(moves).toBeLessThan(50);
    }
    const summary = dataOf(await solo.GET('/v1/games/{id}', { params: game.params }));
    expect(summary.status).toBe('finished');
    expect(summary.outcome!.ranking).toHaveLength(4);
    // Per round one draw-phase move and one commitment (HC-2, HC-3) are the person's; the rest were the bots'.
    expect(moves).toBe(6);
    const log = dataOf(await solo.GET('/v1/games/{id}/log', { params: game.params }));
    expect(log.entries).toHaveLength(summary.version);
    const botEntries = log.entries.filter((e) => e.bot);
    expect(botEntries).toHaveLength(summary.version - moves);
    expect(new Set(botEntries.map((e) => e.seat))).toEqual(new Set([1, 2, 3]));
    expect(
      dataOf(await solo.GET('/v1/games', { params: { query: { status: 'finished' } } })).items.map((g) => g.id),
    ).toEqual([game.id]);
  });

  it('bots fill the last seats of a game that still waits for people; it starts when the people have joined', async () => {
    const [host, guest] = [await api.newPlayer('Host'), await api.newPlayer('Guest')];
    const created = dataOf(await host.POST('/v1/games', { body: { game: 'high-card', players: 3, bots: 1 } }));
    expect(created.status).toBe('open');
    expect(created.seats.map((s) => s.bot)).toEqual([false, false, true]);
    const joined = await guest.POST('/v1/games/{id}/join', {
      params: { path: { id: created.id } },
      body: { inviteCode: created.inviteCode! },
    });
    expect(joined.data).toMatchObject({ status: 'active', yourSeat: 1 });
  });
});

// The documentation is not an operation of the document it serves: plain fetch.
describe('documentation', () => {
  const get = async (path: string) => {
    const r = await fetch(`${server.url}${path}`);
    return { status: r.status, headers: r.headers, text: await r.text() };
  };

  it('GET /openapi.json equals the committed api-spec/openapi.json', async () => {
    const r = await get('/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const committed = JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8'));
    expect(JSON.parse(r.text)).toEqual(committed);
  });

  it('GET /asyncapi.yaml is the committed api-spec/asyncapi.yaml, the event stream it links to from the events tag', async () => {
    const r = await get('/asyncapi.yaml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(r.text).toBe(readFileSync(new URL('../../api-spec/asyncapi.yaml', import.meta.url), 'utf8'));
    const spec = JSON.parse((await get('/openapi.json')).text) as { tags: { name: string; description: string }[] };
    expect(spec.tags.find((t) => t.name === 'events')?.description).toContain('](/asyncapi.yaml)');
  });

  it("GET /docs/bots.md is the committed docs/bots.md, the bot guide the document's description links to", async () => {
    const r = await get('/docs/bots.md');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(r.text).toBe(readFileSync(new URL('../../docs/bots.md', import.meta.url), 'utf8'));
    const spec = JSON.parse((await get('/openapi.json')).text) as { info: { description: string } };
    expect(spec.info.description).toContain('](/docs/bots.md)');
  });

  it('GET /docs is an HTML page whose scripts and stylesheets are all served by the app itself under /docs/ with 200; no external URL', async () => {
    const page = await get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const assets = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map(
      (m) => m[1]!,
    );
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/docs\/[^/]/);
      const r = await get(asset);
      expect(r.status, asset).toBe(200);
      expect(r.text.length, asset).toBeGreaterThan(0);
      expect(r.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
    }
    // The page points Swagger UI at the served document.
    const scripts = await Promise.all(assets.filter((a) => a.endsWith('.js')).map(async (a) => (await get(a)).text));
    expect(scripts.some((js) => js.includes("'/openapi.json'") || js.includes('"/openapi.json"'))).toBe(true);
  });

  it('GET / redirects to /docs', async () => {
    const r = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(r.status).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    expect(r.headers.get('location')).toBe('/docs');
  });
});
