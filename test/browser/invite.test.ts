/**
 * Invite links ask before they join, a malformed link shows a not-found page, and the board
 * pictures (served with CSP default-src 'none') still draw in Chromium.
 * Screenshots go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signBoardLink } from '../../functions/notify/board-link.js';
import { dataOf, textOf, type Player } from '../support/client.js';
import { signUp as signUpAt } from '../../scripts/support/chromium.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

const open = (width?: number, height?: number) => suite.open(width, height);

const signUp = (page: Page, name: string) => signUpAt(page, suite.server.url, name);

/** Anna's Ticket to Ride game with one bot and one free seat, three days per move. */
async function invitation(): Promise<{ anna: Player; id: string; link: string }> {
  const anna = await suite.api.newPlayer('Anna');
  const created = await anna.POST('/v1/games', {
    body: {
      game: 'ticket-to-ride-europe',
      players: 3,
      bots: 1,
      options: { firstPlayer: 1 },
      timeControl: { perMove: 'P3D', onTimeout: 'bot' },
    },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id, inviteCode } = dataOf(created);
  return { anna, id, link: `${suite.server.url}/#/join/${id}/${inviteCode}` };
}

const gameOf = async (p: Player, id: string) => dataOf(await p.GET('/v1/games/{id}', { params: { path: { id } } }));

describe('invite links in Chromium', () => {
  it('an invite link shows the game (name, players, options, pace) and joins only when Join is pressed', async () => {
    const { anna, id, link } = await invitation();
    const { page, problems } = await open();
    await signUp(page, 'Ben');
    await page.goto(link);
    await page.waitForSelector('h1:has-text("Join Ticket to Ride: Europe?")');
    const seats = await page.locator('.seats').textContent();
    expect(seats).toContain('Anna');
    expect(seats).toContain('free seat');
    // A bot seat shows its level.
    expect(seats).toContain('Bot 1 (easy bot)');
    const facts = await page.locator('.facts').textContent();
    expect(facts).toContain('3 days per move, then a bot moves for you');
    expect(facts).toContain('Seat 2');
    await page.screenshot({ path: join(SHOTS, 'invite-ask-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'invite-ask-desktop.png') });

    // Looking took no seat.
    const before = await gameOf(anna, id);
    expect(before.status).toBe('open');
    expect(before.seats.map((s) => s.name)).not.toContain('Ben');

    await page.click('button:has-text("Join")');
    await page.waitForSelector('.board svg');
    expect(page.url()).toBe(`${suite.server.url}/#/games/${id}`);
    expect(await page.locator('.seats').textContent()).toContain('Ben (you)');
    expect((await gameOf(anna, id)).seats.map((s) => s.name)).toContain('Ben');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('Cancel on an invite leaves the game untouched and goes back to my games', async () => {
    const { anna, id, link } = await invitation();
    const { page, problems } = await open();
    await signUp(page, 'Cleo');
    await page.goto(link);
    await page.waitForSelector('button:has-text("Join")');
    await page.click('button:has-text("Cancel")');
    await page.waitForSelector('h1:has-text("My games")');
    const game = await gameOf(anna, id);
    expect(game.status).toBe('open');
    expect(game.seats.map((s) => s.name)).not.toContain('Cleo');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('malformed links and board pictures in Chromium', () => {
  it('a malformed hash route (#/games/%E0%A4%A) shows a not-found page, not a blank one', async () => {
    const { page, problems } = await open();
    await signUp(page, 'Dora');
    await page.goto(`${suite.server.url}/#/games/%E0%A4%A`);
    await page.waitForSelector('h1:has-text("Page not found")');
    await page.screenshot({ path: join(SHOTS, 'not-found-phone.png'), fullPage: true });
    await page.click('a:has-text("Go to my games")');
    await page.waitForSelector('h1:has-text("My games")');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("a board picture served with CSP default-src 'none' still draws in Chromium, with no CSP violation", async () => {
    const started = await (
      await suite.api.newPlayer('Eve')
    ).POST('/v1/games', { body: { game: 'ticket-to-ride-europe', players: 2, bots: 1 } });
    const { id } = dataOf(started);
    const picture = `${suite.server.url}/v1/board-pictures/${signBoardLink(suite.server.notifySecrets.unsubscribeSecret, { gameId: id, version: 0 })}`;
    const { page, problems } = await open(1280, 800);
    const response = await page.goto(picture);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBe("default-src 'none'");
    const drawn = await page.evaluate(() => {
      const svg = document.querySelector('svg');
      const box = svg?.getBoundingClientRect();
      return {
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        paths: document.querySelectorAll('path, rect, line, circle').length,
      };
    });
    expect(drawn.width).toBeGreaterThan(300);
    expect(drawn.height).toBeGreaterThan(200);
    expect(drawn.paths).toBeGreaterThan(50);
    await page.screenshot({ path: join(SHOTS, 'board-picture-csp.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
