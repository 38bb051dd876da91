/**
 * In Chromium: two people finish a game (Ben resigns), then Anna's and Ben's
 * profiles show their ratings moved the right way and the game with a link to its replay; the
 * leaderboard lists both; the search finds the game. Screenshots at 375×812 and 1280×800 go to
 * test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../support/client.js';
import { pageToken, pastAbortWindow } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { person as signedUp } from './people.js';
import { followNavLink } from './menu.js';

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;

const suite = useBrowserSuite();

/** The rating a profile page shows for its first game, as a number (the page formats it for its locale). */
async function shownRating(page: Page): Promise<number> {
  const text = (await page.textContent('.ratings li .rating strong')) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Shots of the three pages at both sizes, signed in as `token`. */
async function screenshots(token: string, game: string, player: string): Promise<void> {
  for (const [width, height] of SIZES) {
    const { page, problems } = await suite.open(width, height);
    await page.goto(`${suite.server.url}/`);
    await page.evaluate((t) => localStorage.setItem('railpost.token', t), token);
    for (const [name, hash, ready] of [
      ['profile', `#/players/${player}`, '.finished li'],
      ['leaderboard', `#/leaderboards/${game}`, 'table.board tbody tr'],
      ['search', '#/search', '.finished li'],
    ] as const) {
      await page.goto(`${suite.server.url}/${hash}`);
      await page.reload();
      await page.waitForSelector(ready);
      await page.screenshot({ path: join(SHOTS, `profiles-${name}-${width}.png`), fullPage: true });
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }
}

describe('profiles, leaderboard and search in the browser', () => {
  it('after Ben resigns, the profiles show Anna up and Ben down, the game opens its replay, the leaderboard lists both and the search finds it', async () => {
    const [anna, ben] = [await signedUp(suite, 'Anna'), await signedUp(suite, 'Ben')];
    const { id, inviteCode } = dataOf(
      await anna.api.POST('/v1/games', { body: { game: 'streetcar', players: 2, options: { firstPlayer: 0 } } }),
    );
    dataOf(await ben.api.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode: inviteCode! } }));
    // Public, as the lobby's create option makes it (its own suite covers that option).
    const meta = (await suite.server.services.table.readGame(id))!.meta;
    await suite.server.services.table.replaceMeta({ ...meta, visibility: 'public', revision: meta.revision + 1 });
    await pastAbortWindow([anna.api, ben.api], id);
    dataOf(await ben.api.POST('/v1/games/{id}/resign', { params: { path: { id } } }));
    // The ratings follow the answer that ended the game.
    for (
      let i = 0;
      i < 100 &&
      dataOf(await ben.api.GET('/v1/profiles/{playerId}', { params: { path: { playerId: ben.id } } })).ratings
        .length === 0;
      i++
    ) {
      await new Promise((ok) => setTimeout(ok, 50));
    }

    await followNavLink(anna.page, 'a:has-text("My profile")');
    await anna.page.waitForSelector('.ratings li');
    expect(await shownRating(anna.page)).toBeGreaterThan(1500);
    expect(await anna.page.textContent('.ratings li')).toMatch(/Streetcar.*1 rated game · last game \+\d+/);
    expect(await anna.page.textContent('.finished li')).toMatch(/1\.\s*Anna.*2\.\s*Ben \(resigned\)/);

    // Anna's seat list links Ben's profile.
    await anna.page.goto(`${suite.server.url}/#/games/${id}`);
    await anna.page.click(`.seats a:has-text("Ben")`);
    await anna.page.waitForSelector('h1:has-text("Ben")');
    await anna.page.waitForSelector('.ratings li');
    expect(await shownRating(anna.page)).toBeLessThan(1500);
    expect(await anna.page.textContent('.ratings li')).toMatch(/last game −\d+|last game -\d+/);

    // The game in Ben's list opens its replay at the start.
    await anna.page.click('.finished a:has-text("Replay")');
    await anna.page.waitForSelector('input[name=replay]');
    expect(anna.page.url()).toContain(`#/games/${id}/replay`);
    expect(await anna.page.inputValue('input[name=replay]')).toBe('0');

    await followNavLink(ben.page, 'a:has-text("Leaderboards")');
    await ben.page.selectOption('select[name=game]', 'streetcar');
    await ben.page.waitForSelector('table.board tbody tr');
    expect(await ben.page.locator('table.board tbody tr td:nth-child(2)').allTextContents()).toEqual(['Anna', 'Ben']);

    await followNavLink(ben.page, 'a:has-text("Finished games")');
    await ben.page.fill('input[name=player]', 'ann');
    await ben.page.selectOption('select[name=game]', 'streetcar');
    await ben.page.click('button:has-text("Search")');
    await ben.page.waitForSelector(`.finished a[href="#/games/${id}/replay"]`);
    await ben.page.fill('input[name=player]', 'nobody here');
    await ben.page.click('button:has-text("Search")');
    await ben.page.waitForSelector('text=No finished public games match.');

    expect([...anna.problems, ...ben.problems]).toEqual([]);
    await screenshots(await pageToken(anna.page), 'streetcar', anna.id);
  }, 180_000);

  it('RP-RATE-1: a game the loser resigned before moving is marked unrated in the profile list, and changes no rating', async () => {
    const [cleo, dan] = [await signedUp(suite, 'Cleo'), await signedUp(suite, 'Dan')];
    const { id, inviteCode } = dataOf(await cleo.api.POST('/v1/games', { body: { game: 'streetcar', players: 2 } }));
    dataOf(await dan.api.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode: inviteCode! } }));
    const meta = (await suite.server.services.table.readGame(id))!.meta;
    await suite.server.services.table.replaceMeta({ ...meta, visibility: 'public', revision: meta.revision + 1 });
    dataOf(await dan.api.POST('/v1/games/{id}/resign', { params: { path: { id } } }));
    await suite.server.services.results.record(id);
    await followNavLink(cleo.page, 'a:has-text("My profile")');
    await cleo.page.waitForSelector('.finished li .unrated');
    expect(await cleo.page.textContent('.finished li .unrated')).toBe('Unrated');
    expect(await cleo.page.locator('.ratings li').count()).toBe(0);
    expect(cleo.problems).toEqual([]);
  }, 120_000);
});
