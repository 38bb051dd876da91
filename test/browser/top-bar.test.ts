/**
 * The top bar on a phone (375×812): the brand and one menu button in at most 56 px, the links behind
 * it (opened and closed by the button, Escape, a tap outside or a followed link), so the game page opens
 * on the game; on a desktop (1280×800) the links in one row without the menu, in every language.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../scripts/support/chromium.js';
import { seriousViolations } from './axe.js';
import { followNavLink } from './menu.js';
import { gameWithBots, pageToken } from './table.js';
import { useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

const HREFS = ['#/', '#/lobby', '#/challenges', '#/new', '#/search', '#/leaderboards', '#/players/me', '#/settings'];

const headerHeight = (page: Page) => page.locator('header.top').evaluate((el) => el.getBoundingClientRect().height);
const expanded = (page: Page) => page.locator('header .menu-button').getAttribute('aria-expanded');
const linksShown = (page: Page) => page.locator('#site-links').isVisible();

describe('the top bar', () => {
  it('on a phone: brand and menu button in at most 56 px; the menu opens, closes and reaches every link', async () => {
    const { page, problems } = await suite.open(375, 812);
    await signUp(page, suite.server.url, 'Mia');
    const menu = page.locator('header .menu-button');
    await menu.waitFor();
    expect(await headerHeight(page)).toBeLessThanOrEqual(56);
    expect(await linksShown(page)).toBe(false);
    expect(await expanded(page)).toBe('false');
    expect(await menu.getAttribute('aria-controls')).toBe('site-links');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/mg36-phone-closed.png' });

    await menu.click();
    expect(await expanded(page)).toBe('true');
    expect(await linksShown(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#/');
    expect(await headerHeight(page)).toBeLessThanOrEqual(56);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/mg36-phone-open.png' });

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    expect(await linksShown(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);

    // A tap outside closes it; a second tap on the button does too.
    await menu.click();
    await page.mouse.click(200, 600);
    expect(await linksShown(page)).toBe(false);
    await menu.click();
    await menu.click();
    expect(await expanded(page)).toBe('false');

    // Every link is reached through the menu, which closes once followed.
    for (const href of HREFS) {
      await followNavLink(page, `a[href="${href}"]`);
      await expect.poll(() => page.evaluate(() => location.hash || '#/')).toBe(href);
      expect(await linksShown(page)).toBe(false);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('on a phone the game page opens on the game, not on links', async () => {
    const { page, problems } = await suite.open(375, 812);
    await signUp(page, suite.server.url, 'Mo');
    const id = await gameWithBots(suite.server.url, await pageToken(page), 'streetcar', 2);
    await page.goto(`${suite.server.url}/#/games/${id}`);
    await page.waitForSelector('.board svg');
    const boardTop = await page.locator('.board').evaluate((el) => el.getBoundingClientRect().top);
    console.log(`streetcar at 375×812: header ${await headerHeight(page)} px, board top ${boardTop} px`);
    expect(boardTop).toBeLessThan(812 / 2);
    await page.screenshot({ path: '/tmp/mg36-phone-game.png' });
    await followNavLink(page, 'a[href="#/"]');
    await page.locator(`.games a[href="#/games/${id}"] .opponents`).waitFor();
    await page.screenshot({ path: '/tmp/mg36-phone-my-games.png' });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  for (const locale of ['en-GB', 'cs-CZ', 'de-DE', 'ru-RU'])
    it(`on a desktop (${locale}) the links stand in one row, without the menu`, async () => {
      const first = await suite.open();
      await signUp(first.page, suite.server.url, 'Dax');
      const token = await pageToken(first.page);
      await first.page.context().close();
      const { page, problems } = await suite.openAs(token, 1280, 800, locale);
      await page.goto(`${suite.server.url}/`);
      await page.locator('#site-links').waitFor();
      expect(await page.locator('header .menu-button').isVisible()).toBe(false);
      const tops = await page
        .locator('#site-links a')
        .evaluateAll((links) => links.map((a) => (a as HTMLElement).getBoundingClientRect().top));
      const right = await page.locator('#site-links').evaluate((el) => el.scrollWidth);
      console.log(`${locale} at 1280×800: links ${right} px wide, header ${await headerHeight(page)} px`);
      expect(tops).toHaveLength(HREFS.length);
      expect(new Set(tops).size).toBe(1);
      if (locale === 'en-GB') await page.screenshot({ path: '/tmp/mg36-desktop.png' });
      expect(problems).toEqual([]);
      await page.context().close();
    }, 60_000);
});
