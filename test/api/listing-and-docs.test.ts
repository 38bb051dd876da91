/**
 * GET /v1/games (the caller's games, with status and myTurn, and its filters), games against
 * bots, and the documentation the service serves about itself (DESIGN.md section 4).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { ApiClient, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
});
afterAll(() => server.close());

interface ListItem {
  id: string;
  game: string;
  status: string;
  players: number;
  seat: number;
  myTurn: boolean;
  toAct: number[];
  version: number;
  createdAt: string;
}

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
    ids.waiting = (await me.post('/v1/games', { game: 'high-card', players: 3 })).body.id;
    // Active, my turn: I hold seat 0 and draw first.
    ids.mine = (await HighCardGame.create([me], { bots: 2 })).id;
    // Someone else's game I am not in.
    await HighCardGame.create([other], { bots: 1 });
  });

  const list = async (query = ''): Promise<ListItem[]> => {
    const r = await me.get(`/v1/games${query}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };

  it('lists exactly the caller’s games, newest first, each with status, seat, myTurn, toAct and version', async () => {
    const games = await list();
    expect(games.map((g) => g.id).sort()).toEqual([ids.mine, ids.waiting, ids.theirs, ids.done].sort());
    const byId = Object.fromEntries(games.map((g) => [g.id, g]));
    expect(byId[ids.mine]).toMatchObject({ game: 'high-card', status: 'active', players: 3, seat: 0, myTurn: true, toAct: [0], version: 0 });
    expect(byId[ids.waiting]).toMatchObject({ status: 'open', players: 3, seat: 0, myTurn: false, toAct: [], version: 0 });
    expect(byId[ids.theirs]).toMatchObject({ status: 'active', players: 2, seat: 1, myTurn: false, toAct: [0] });
    expect(byId[ids.done]).toMatchObject({ status: 'finished', seat: 0, myTurn: false, toAct: [] });
    expect(byId[ids.done]!.version).toBeGreaterThan(0);
    // Newest first (games created in the same millisecond may come in either order).
    const created = games.map((g) => g.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(byId[ids.mine]!.createdAt >= byId[ids.done]!.createdAt).toBe(true);
  });

  it('?status=active&myTurn=true lists only the games waiting for the caller; each filter works alone too', async () => {
    expect((await list('?status=active&myTurn=true')).map((g) => g.id)).toEqual([ids.mine]);
    expect((await list('?myTurn=true')).map((g) => g.id)).toEqual([ids.mine]);
    expect((await list('?myTurn=false')).map((g) => g.id).sort()).toEqual([ids.waiting, ids.theirs, ids.done].sort());
    expect((await list('?status=active')).map((g) => g.id).sort()).toEqual([ids.mine, ids.theirs].sort());
    expect((await list('?status=active&myTurn=false')).map((g) => g.id)).toEqual([ids.theirs]);
    expect((await list('?status=open')).map((g) => g.id)).toEqual([ids.waiting]);
    expect((await list('?status=finished')).map((g) => g.id)).toEqual([ids.done]);
    expect(await list('?status=aborted')).toEqual([]);
  });

  it('myTurn follows the game: after the other seat moves it is the caller’s turn, and after the caller moves it is not', async () => {
    const theirs = new HighCardGame(ids.theirs, '', [other, me], 2);
    await theirs.act(0);
    expect((await list('?status=active&myTurn=true')).map((g) => g.id).sort()).toEqual([ids.mine, ids.theirs].sort());
    const item = (await list()).find((g) => g.id === ids.theirs)!;
    expect(item).toMatchObject({ myTurn: true, toAct: [1], version: 1 });
    await theirs.act(1);
    // Both seats now commit at once (HC-3): it is the caller's turn again, and the other's too.
    expect((await list()).find((g) => g.id === ids.theirs)).toMatchObject({ myTurn: true, toAct: [0, 1], version: 2 });
    await theirs.act(1);
    expect((await list()).find((g) => g.id === ids.theirs)).toMatchObject({ myTurn: false, toAct: [0], version: 3 });
    // The other player's listing agrees.
    const theirsList = (await other.get('/v1/games?myTurn=true')).body as ListItem[];
    expect(theirsList.map((g) => g.id)).toContain(ids.theirs);
  });

  it('a new player has no games', async () => {
    const fresh = await api.newPlayer('Fresh');
    expect((await fresh.get('/v1/games')).body).toEqual([]);
  });
});

describe('bots', () => {
  it('`bots: 3` seats three bots in the last seats, the game starts at once, and one person plays it to the end while bots move by themselves', async () => {
    const solo = await api.newPlayer('Solo');
    const created = await solo.post('/v1/games', { game: 'high-card', players: 4, bots: 3, options: { rounds: 3, handSize: 3 } });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('active');
    expect(created.body.seats.map((s: { bot: boolean; playerId: string | null }) => [s.bot, s.playerId])).toEqual([
      [false, solo.playerId],
      [true, null],
      [true, null],
      [true, null],
    ]);
    const game = new HighCardGame(created.body.id, '', [solo], 4);
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
    const summary = (await solo.get(game.path)).body;
    expect(summary.status).toBe('finished');
    expect(summary.outcome.ranking).toHaveLength(4);
    // Per round one draw-phase move and one commitment (HC-2, HC-3) are the person's; the rest were the bots'.
    expect(moves).toBe(6);
    const log = (await solo.get(`${game.path}/log`)).body;
    expect(log.entries).toHaveLength(summary.version);
    const botEntries = log.entries.filter((e: { bot: boolean }) => e.bot);
    expect(botEntries).toHaveLength(summary.version - moves);
    expect(new Set(botEntries.map((e: { seat: number }) => e.seat))).toEqual(new Set([1, 2, 3]));
    expect((await solo.get('/v1/games?status=finished')).body.map((g: ListItem) => g.id)).toEqual([game.id]);
  });

  it('bots fill the last seats of a game that still waits for people; it starts when the people have joined', async () => {
    const [host, guest] = [await api.newPlayer('Host'), await api.newPlayer('Guest')];
    const created = await host.post('/v1/games', { game: 'high-card', players: 3, bots: 1 });
    expect(created.body.status).toBe('open');
    expect(created.body.seats.map((s: { bot: boolean }) => s.bot)).toEqual([false, false, true]);
    const joined = await guest.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
    expect(joined.body).toMatchObject({ status: 'active', yourSeat: 1 });
  });
});

describe('documentation', () => {
  it('GET /openapi.json equals the committed api-spec/openapi.json', async () => {
    const r = await api.get('/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const committed = JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8'));
    expect(r.body).toEqual(committed);
  });

  it('GET /docs is an HTML page whose scripts and stylesheets are all served by the app itself under /docs/ with 200; no external URL', async () => {
    const page = await api.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    const assets = [...html.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/docs\/[^/]/);
      const r = await api.get(asset);
      expect(r.status, asset).toBe(200);
      expect(r.text.length, asset).toBeGreaterThan(0);
      expect(r.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
    }
    // The page points Swagger UI at the served document.
    const scripts = await Promise.all(assets.filter((a) => a.endsWith('.js')).map(async (a) => (await api.get(a)).text));
    expect(scripts.some((js) => js.includes("'/openapi.json'") || js.includes('"/openapi.json"'))).toBe(true);
  });

  it('GET / redirects to /docs', async () => {
    const r = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(r.status).toBeGreaterThanOrEqual(300);
    expect(r.status).toBeLessThan(400);
    expect(r.headers.get('location')).toBe('/docs');
  });
});
