/**
 * In Chromium: a stranger's public game found in the lobby and joined with one
 * tap, watched by a third player as a spectator, and a "play anyone" seek matched between two
 * browsers, and a bot account's card with its BOT badge. Screenshots of the lobby at 375×812 and
 * 1280×800 go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp as signUpAt } from '../../scripts/support/chromium.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { dataOf } from '../support/client.js';
import { followNavLink } from './menu.js';

const suite = useBrowserSuite();

/** A person in a browser context of their own, signed up under `name`. */
async function person(name: string, width = 375, height = 812): Promise<{ page: Page; problems: string[] }> {
  const opened = await suite.open(width, height);
  await signUpAt(opened.page, suite.server.url, name);
  return opened;
}

const gameIdOf = (page: Page) => new URL(page.url()).hash.split('/')[2]!;

describe('the lobby in Chromium', () => {
  it("Ben finds Anna's public game in the lobby and joins it with one tap; Cleo watches it read-only", async () => {
    const anna = await person('Anna', 1280, 800);
    await anna.page.goto(`${suite.server.url}/#/new`);
    await anna.page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    await anna.page.selectOption('select[name=bots]', '0');
    await anna.page.selectOption('select[name=visibility]', 'public');
    await anna.page.selectOption('select[name=pace]', { label: '3 days per move' });
    await anna.page.click('button[type=submit]');
    await anna.page.waitForURL(/#\/games\//);
    const id = gameIdOf(anna.page);

    // A bot account's public game beside it: its card marks the name, Anna's does not.
    const railbot = await suite.api.newPlayer('Railbot');
    dataOf(await railbot.POST('/v1/players/me/bot-account', {}));
    const timeControl = { perMove: 'P3D', onTimeout: 'bot' } as const;
    const body = { game: 'ticket-to-ride-europe', players: 2, visibility: 'public', timeControl } as const;
    dataOf(await railbot.POST('/v1/games', { body }));

    const ben = await person('Ben');
    await followNavLink(ben.page, 'a[href="#/lobby"]');
    await ben.page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    await ben.page.selectOption('select[name=players]', '2');
    await ben.page.selectOption('select[name=pace]', 'P3D');
    const card = ben.page.locator('.lobby-games li', { hasText: 'With Anna' });
    await card.waitFor();
    expect(await card.textContent()).toContain('1 free seat');
    expect(await card.textContent()).toContain('3 days per move');
    expect(await card.locator('.bot-badge').count()).toBe(0);
    const botCard = ben.page.locator('.lobby-games li', { hasText: 'With Railbot' });
    expect(await botCard.getByRole('img', { name: 'Bot account' }).textContent()).toBe('BOT');
    await ben.page.screenshot({ path: join(SHOTS, 'lobby-phone.png'), fullPage: true });
    await ben.page.setViewportSize({ width: 1280, height: 800 });
    await ben.page.screenshot({ path: join(SHOTS, 'lobby-desktop.png') });

    await card.getByRole('button', { name: 'Join Ticket to Ride: Europe' }).click();
    await ben.page.waitForURL(new RegExp(`#/games/${id}$`));
    await ben.page.waitForSelector('.board-area h1');
    expect(await ben.page.locator('.spectating').count()).toBe(0);
    // On My games the card names the opponent and whose turn it is.
    await followNavLink(ben.page, 'a[href="#/"]');
    const mine = ben.page.locator(`.games a[href="#/games/${id}"]`);
    await expect.poll(() => mine.locator('.opponents').textContent()).toBe('vs Anna');
    expect(await mine.locator('.status').textContent()).toMatch(/^(Your turn|Waiting for Anna)$/);

    const cleo = await person('Cleo');
    await cleo.page.goto(`${suite.server.url}/#/games/${id}`);
    await cleo.page.waitForSelector('.spectating');
    expect(await cleo.page.locator('.spectating').textContent()).toBe('You are watching this game.');
    await cleo.page.waitForSelector('.board-area svg');
    // Read-only: nothing on the board or beside it to act with, and no chat box.
    expect(await cleo.page.locator('section.actions button').count()).toBe(0);
    expect(await cleo.page.locator('textarea').count()).toBe(0);
    expect(await cleo.page.locator('nav.jump').textContent()).not.toContain('Your hand');
    await cleo.page.screenshot({ path: join(SHOTS, 'lobby-spectator-phone.png') });
    for (const p of [anna, ben, cleo]) {
      expect(p.problems).toEqual([]);
      await p.page.context().close();
    }
  }, 120_000);

  it('two players who seek the same game, seats and pace are matched and both reach the new game', async () => {
    const dan = await person('Dan');
    const eva = await person('Eva');
    const seek = async (page: Page) => {
      await page.goto(`${suite.server.url}/#/lobby`);
      await page.selectOption('select[name=seekGame]', 'streetcar');
      await page.selectOption('select[name=seekPlayers]', '2');
      await page.selectOption('select[name=seekPace]', { label: '1 day per move' });
      await page.click('button:has-text("Find players")');
    };
    await seek(dan.page);
    await dan.page.waitForSelector('.seeking');
    expect(await dan.page.locator('.seeking').textContent()).toContain('1 of 2');
    await dan.page.screenshot({ path: join(SHOTS, 'lobby-seeking-phone.png'), fullPage: true });
    await seek(eva.page);
    for (const { page } of [eva, dan]) {
      await page.click('.matched a', { timeout: 15_000 });
      await page.waitForSelector('.board-area h1');
    }
    expect(gameIdOf(dan.page)).toBe(gameIdOf(eva.page));
    for (const p of [dan, eva]) {
      expect(await p.page.locator('.spectating').count()).toBe(0);
      expect(p.problems).toEqual([]);
      await p.page.context().close();
    }
  }, 120_000);
});
