/**
 * How the web client follows a game, in Chromium. A running game is not polled at all while the
 * account's event stream is up: an event about the game makes the page read what changed (the
 * summary with its ETag, the view and the log entries after those it has; the chat for a message).
 * A game waiting for players is polled cheaply either way, as a player joining is no event: the page
 * asks again with the ETag it has (If-None-Match), gets 304 while nothing changes, and waits longer
 * each time (5, 10, 20 s…; the page's clock is Playwright's, moved by hand). When the stream drops,
 * a running game is polled the same way until it is back.
 */
import type { Page, Request, Response, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../scripts/support/chromium.js';
import { useBrowserSuite } from '../support/browser-suite.js';
import { followNavLink } from './menu.js';

const suite = useBrowserSuite();

type Seen = { url: string; status: number; ifNoneMatch: string | null };

/** Every answer to a request about the game at `gamePath` the page receives, as it arrives. */
function watchGame(page: Page, gamePath: string): Seen[] {
  const seen: Seen[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (!url.pathname.startsWith(gamePath)) return;
    // Recorded as it arrives (the order matters); the header is read after.
    const entry: Seen = { url: url.pathname + url.search, status: response.status(), ifNoneMatch: null };
    seen.push(entry);
    void request.headerValue('if-none-match').then((value) => (entry.ifNoneMatch = value));
  });
  return seen;
}

/** A player made through the API, and what it calls with its token. */
async function apiPlayer(name: string) {
  const created = (await (
    await fetch(`${suite.server.url}/v1/players`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    })
  ).json()) as { token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${suite.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(r.ok, `${method} ${path}: ${r.status}`).toBe(true);
    return r.json() as Promise<Record<string, any>>;
  };
  return { token: created.token, call };
}

describe('the game page follows a game cheaply', () => {
  it('a game waiting for players is polled with If-None-Match, answered 304, each time later', async () => {
    const { page, problems } = await suite.open();
    await page.clock.install();
    await signUp(page, suite.server.url, 'Poller');
    await followNavLink(page, 'a:has-text("New game")');
    await page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    await page.selectOption('select[name=players]', '2');
    await page.selectOption('select[name=bots]', '0');
    await page.click('button:has-text("Create game")');
    await page.waitForSelector('ul.seats');
    const gamePath = new URL(page.url()).hash.replace('#/games/', '/v1/games/');
    const seen = watchGame(page, gamePath);
    const summaries = () => seen.filter((r) => r.url === gamePath);

    // Nothing changes for a while: 5 s, then 10, 20 and 40 between polls, each answered 304.
    for (const ms of [5_000, 10_000, 20_000, 40_000]) {
      const before = summaries().length;
      await page.clock.runFor(ms);
      await expect.poll(() => summaries().length).toBe(before + 1);
    }
    const polls = summaries();
    await expect.poll(() => polls.every((r) => r.ifNoneMatch !== null)).toBe(true);
    expect(polls.map((r) => r.status)).toEqual([304, 304, 304, 304]);
    expect(polls.every((r) => r.ifNoneMatch?.startsWith('"'))).toBe(true);
    expect(seen.filter((r) => r.url.includes('/log') || r.url.includes('/view'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a running game is followed through the event stream: no request while nothing changes, a move and a chat message shown within a second', async () => {
    const { page, problems, game, other, requests, sockets } = await runningGame('Watcher');
    const gamePath = `/v1/games/${game.id}`;
    const open = sockets.length;
    // Six quiet seconds, once the page's first reads (and the one it makes as the stream comes up)
    // are over: no request at all, where a poll would have come after five.
    await page.waitForTimeout(1_000);
    const quiet = requests.length;
    await page.waitForTimeout(6_000);
    expect(requests.slice(quiet)).toEqual([]);

    const moved = await timed(
      page,
      async () => {
        const view = await other.call('GET', `${gamePath}/view`);
        await other.call('POST', `${gamePath}/actions`, {
          action: view.legalActions[0],
          expectedVersion: view.version,
        });
      },
      () =>
        page
          .locator('#log li')
          .count()
          .then((n) => n > 0),
    );
    expect(moved).toBeLessThan(1_000);
    // The summary with its ETag, then the view and only the log after what the page had; no hold.
    expect(requests.some((r) => r === `GET ${gamePath}/log?after=0`)).toBe(true);
    expect(requests.some((r) => r.includes('waitForVersion'))).toBe(false);

    expect(
      await chatShownAfter(page, 'See you in Wien', () =>
        other.call('POST', `${gamePath}/chat`, { text: 'See you in Wien' }),
      ),
    ).toBeLessThan(1_000);
    expect(sockets.length).toBe(open);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("My games shows a move by the other seat (its move count) within a second: the account's events make it read its list", async () => {
    const { page, problems, game, other, sockets } = await runningGame('Lister');
    const open = sockets.length;
    await page.goto(`${suite.server.url}/#/`);
    const item = page.locator(`ul.games a[href="#/games/${game.id}"] small`);
    const before = await item.textContent();
    const shown = await timed(
      page,
      async () => {
        const view = await other.call('GET', `/v1/games/${game.id}/view`);
        await other.call('POST', `/v1/games/${game.id}/actions`, {
          action: view.legalActions[0],
          expectedVersion: view.version,
        });
      },
      async () => (await item.textContent()) !== before,
    );
    expect(shown).toBeLessThan(1_000);
    // The game page's socket served My games as well.
    expect(sockets.length).toBe(open);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a dropped stream falls back to polling, which still shows a move; the stream is opened again after a pause and resumes from the version the page has', async () => {
    const { page, problems, game, other, requests, sockets } = await runningGame('Faller');
    const gamePath = `/v1/games/${game.id}`;
    const open = sockets.length;
    // The server drops the socket, and no new ticket is to be had for a while.
    await page.route('**/v1/stream-tickets', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"title":"Unavailable"}' }),
    );
    const cut = requests.length;
    suite.server.sockets.closeAll();
    // The page reads once as the stream drops, then polls: the move comes after that read.
    await expect.poll(() => requests.slice(cut)).toContain(`GET ${gamePath}`);
    const moving = requests.length;
    const view = await other.call('GET', `${gamePath}/view`);
    await other.call('POST', `${gamePath}/actions`, { action: view.legalActions[0], expectedVersion: view.version });
    await expect.poll(() => page.locator('#log li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const polled = requests.slice(moving);
    expect(polled).toContain(`GET ${gamePath}`);
    expect(polled).toContain(`GET ${gamePath}/log?after=0`);
    expect(polled.some((r) => r.includes('waitForVersion'))).toBe(false);
    // Meanwhile the page kept asking for a ticket, after pauses growing from a second.
    expect(requests.slice(cut)).toContain('POST /v1/stream-tickets');

    // The header's challenge count never polls: it reads once more as the stream comes back.
    const counts = () => requests.slice(cut).filter((r) => r.startsWith('GET /v1/challenges'));
    expect(counts()).toEqual([]);
    await page.unroute('**/v1/stream-tickets');
    await expect.poll(() => sockets.length, { timeout: 20_000 }).toBe(open + 1);
    await expect.poll(counts).toHaveLength(1);
    await expect
      .poll(() => sockets[open]!.sent)
      .toContainEqual({ action: 'subscribe', game: game.id, since: view.version + 1 });
    expect(
      await chatShownAfter(page, 'Back again', () => other.call('POST', `${gamePath}/chat`, { text: 'Back again' })),
    ).toBeLessThan(1_000);
    // The refused tickets are the only errors the page logged.
    expect(problems.filter((p) => !p.includes('503'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});

/** A socket the page opened, and the messages it sent on it. */
type Socket = { url: string; sent: unknown[] };

/**
 * A two-seat game the API player `Mover` made (seat 0, first to act) and `name` joined in the
 * browser, open on its page with the event stream up: every request the page makes to the API
 * (`METHOD path?query`) from then on, and the sockets it opened since it was loaded.
 */
async function runningGame(name: string) {
  const opened = await suite.open();
  const { page } = opened;
  const sockets: Socket[] = [];
  page.on('websocket', (ws: WebSocket) => {
    const socket: Socket = { url: ws.url(), sent: [] };
    sockets.push(socket);
    ws.on('framesent', (frame) => socket.sent.push(JSON.parse(String(frame.payload))));
  });
  await signUp(page, suite.server.url, name);
  const token = await page.evaluate(() => localStorage.getItem('railpost.token'));
  const other = await apiPlayer('Mover');
  const game = await other.call('POST', '/v1/games', { game: 'ticket-to-ride-europe', players: 2 });
  const joined = await fetch(`${suite.server.url}/v1/games/${game.id}/join`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: game.inviteCode }),
  });
  expect(joined.status).toBe(200);
  const requests: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await page.goto(`${suite.server.url}/#/games/${game.id}`);
  await page.waitForSelector('section.chat');
  // The socket the page opened subscribes to its game.
  await expect.poll(() => sockets.at(-1)?.sent ?? []).toContainEqual(expect.objectContaining({ game: game.id }));
  return { page, problems: opened.problems, game, other, requests, sockets };
}

/** Milliseconds from sending chat message `text` (by `say`) until the page shows it. */
const chatShownAfter = (page: Page, text: string, say: () => Promise<unknown>): Promise<number> =>
  timed(page, say, async () => (await page.locator('section.chat li', { hasText: text }).count()) === 1);

/** Milliseconds from starting `act` until `shown` holds on the page (polled every 20 ms). */
async function timed(page: Page, act: () => Promise<unknown>, shown: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  await act();
  while (!(await shown())) {
    if (performance.now() - start > 10_000) throw new Error('not shown within 10 s');
    await page.waitForTimeout(20);
  }
  return Math.round(performance.now() - start);
}
