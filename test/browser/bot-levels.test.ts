/**
 * In Chromium: the new-game screen picks each bot seat's level and the stand-in
 * level; the waiting room, the lobby and the table's seat list show them. Screenshots at 375×812
 * and 1280×800 go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../scripts/support/chromium.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
}

describe('bot levels in the browser', () => {
  it('Anna gives her bot seat the hard level and easy stand-ins; the waiting room and the lobby show them, and a table shows its bot’s level and the stand-in level', async () => {
    const anna = await suite.open(1280, 800);
    await signUp(anna.page, suite.server.url, 'Anna');
    await anna.page.goto(`${suite.server.url}/#/new`);
    await anna.page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    await anna.page.selectOption('select[name=players]', '3');
    await anna.page.selectOption('select[name=bots]', '1');
    expect(await anna.page.locator('select[name=botLevel1] option').allTextContents()).toEqual([
      'Easy',
      'Medium',
      'Hard',
    ]);
    await anna.page.selectOption('select[name=botLevel1]', 'hard');
    await anna.page.selectOption('select[name=visibility]', 'public');
    await anna.page.selectOption('select[name=standInLevel]', 'easy');
    await shots(anna.page, 'bot-levels-new-game');
    await anna.page.click('button[type=submit]');
    await anna.page.waitForURL(/#\/games\//);
    await anna.page.waitForSelector('h1:has-text("Waiting for players")');
    expect(await anna.page.locator('.seats').textContent()).toContain('Bot 1 (hard bot)');
    await shots(anna.page, 'bot-levels-waiting-room');

    const ben = await suite.open();
    await signUp(ben.page, suite.server.url, 'Ben');
    await ben.page.goto(`${suite.server.url}/#/lobby`);
    await ben.page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    const card = ben.page.locator('.lobby-games li', { hasText: 'With Anna' });
    await card.waitFor();
    expect(await card.textContent()).toContain('1 bot (hard)');
    expect(await card.textContent()).toMatch(/Stand-in bot\s*easy/);
    await shots(ben.page, 'bot-levels-lobby');

    await anna.page.goto(`${suite.server.url}/#/new`);
    await anna.page.selectOption('select[name=game]', 'ticket-to-ride-europe');
    await anna.page.selectOption('select[name=players]', '2');
    await anna.page.selectOption('select[name=bots]', '1');
    await anna.page.selectOption('select[name=botLevel1]', 'medium');
    await anna.page.click('button[type=submit]');
    await anna.page.waitForSelector('.board-area svg');
    const seats = anna.page.locator('section:has(> ul.seats)');
    expect(await seats.locator('.seats').textContent()).toContain('Bot 1 (medium bot)');
    expect(await seats.locator('.stand-in').textContent()).toBe(
      'Stand-in bot: medium. It moves for a player whose time runs out or who resigns.',
    );
    await shots(anna.page, 'bot-levels-table');

    const czech = await suite.open(375, 812, 'cs-CZ');
    await czech.page.goto(`${suite.server.url}/`);
    await czech.page.fill('input[name=name]', 'Eva');
    await czech.page.click('form button[type=submit]');
    await czech.page.waitForSelector('header nav');
    await czech.page.goto(`${suite.server.url}/#/new`);
    await czech.page.selectOption('select[name=bots]', '1');
    expect(await czech.page.locator('select[name=standInLevel] option').allTextContents()).toEqual([
      'Snadný',
      'Střední',
      'Těžký',
    ]);
    await shots(czech.page, 'bot-levels-new-game-cs');

    for (const p of [anna, ben, czech]) {
      expect(p.problems).toEqual([]);
      await p.page.context().close();
    }
  }, 120_000);
});
