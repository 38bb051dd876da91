/**
 * How the web client follows a game, in Chromium. A game waiting for players is polled cheaply:
 * the page asks again with the ETag it has (If-None-Match), gets 304 while
 * nothing changes, and waits longer each time (5, 10, 20 s…; the page's clock is Playwright's,
 * moved by hand). A running game is not polled at all: the page holds one
 * `view?waitForVersion=` request, which the API answers when somebody moves; then the page reads
 * only the log entries after those it has (`log?after=`) and holds the next one.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../scripts/support/chromium.js';
import { useBrowserSuite } from '../support/browser-suite.js';

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
    await page.click('a:has-text("New game")');
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

  it('a running game is waited on, not polled: the held view answers when the other seat moves, the page reads the log after what it has and holds again', async () => {
    const { page, problems } = await suite.open();
    await signUp(page, suite.server.url, 'Waiter');
    const waiterToken = await page.evaluate(() => localStorage.getItem('railpost.token'));
    const other = await apiPlayer('Mover');
    // The other player creates the game, so seat 0 (first to act) is theirs.
    const game = await other.call('POST', '/v1/games', { game: 'ticket-to-ride-europe', players: 2 });
    const joined = await fetch(`${suite.server.url}/v1/games/${game.id}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${waiterToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ inviteCode: game.inviteCode }),
    });
    expect(joined.status).toBe(200);
    const gamePath = `/v1/games/${game.id}`;
    const holds: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `${gamePath}/view` && url.searchParams.has('waitForVersion')) holds.push(url.search);
    });
    const seen = watchGame(page, gamePath);
    await page.goto(`${suite.server.url}/#/games/${game.id}`);
    await expect.poll(() => holds).toEqual(['?waitForVersion=1&wait=25']);

    // Six quiet seconds: no request at all (a poll would have come after five). The page's first
    // answers may be reported after the hold's request, so the count starts a moment later.
    await page.waitForTimeout(1_000);
    const quiet = seen.length;
    await page.waitForTimeout(6_000);
    expect(seen.slice(quiet)).toEqual([]);

    const view = await other.call('GET', `${gamePath}/view`);
    await other.call('POST', `${gamePath}/actions`, { action: view.legalActions[0], expectedVersion: view.version });
    await expect.poll(() => seen.some((r) => r.url === `${gamePath}/log?after=0`)).toBe(true);
    await expect.poll(() => holds).toEqual(['?waitForVersion=1&wait=25', '?waitForVersion=2&wait=25']);
    await page.waitForSelector('section.actions');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
