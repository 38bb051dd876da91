/**
 * In Chromium, at a phone's and a desktop's size: Anna challenges Ben (a bot account) from his profile; Ben sees it
 * counted in his header and on his challenges page, and declines it with a reason (RP-CHALLENGE-4), which Anna's link to it
 * words; Anna challenges again and Ben accepts, landing in the game; a third challenge appears on
 * Ben's open page by the event stream and leaves it when Anna withdraws it. Screenshots go to
 * test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../support/client.js';
import { seriousViolations } from './axe.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { person as signedUp, type Person } from './people.js';
import { followNavLink } from './menu.js';

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;

const suite = useBrowserSuite();

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  // Nothing wider than the screen: no sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Anna challenges `opponent` from their profile to Streetcar, sitting first; answers the challenge's id. */
async function challengeFromProfile(anna: Person, opponent: Person, shotName?: string): Promise<string> {
  await anna.page.goto(`${suite.server.url}/#/players/${opponent.id}`);
  await anna.page.click('.profile > button[aria-expanded=false]');
  await anna.page.selectOption('select[name=challengeGame]', 'streetcar');
  await anna.page.selectOption('select[name=challengeSeat]', 'first');
  await anna.page.selectOption('select[name=pace]', { label: '3 days per move' });
  if (shotName) await shot(anna.page, shotName);
  await anna.page.click('form.challenge-form button[type=submit]');
  await anna.page.waitForURL(/#\/challenges$/);
  await anna.page.waitForSelector('.challenges li:has-text("Ben")');
  const made = dataOf(await anna.api.GET('/v1/challenges')).items.find((c) => c.opponent.id === opponent.id);
  return made!.id;
}

describe('challenges in the browser', () => {
  for (const [width, height] of SIZES) {
    it(`at ${width}×${height}: declined with a reason, then accepted into a game, then withdrawn`, async () => {
      const [anna, ben] = [await signedUp(suite, 'Anna', width, height), await signedUp(suite, 'Ben', width, height)];
      // Ben plays as a bot account: Anna's cards mark him so, his mark none of hers.
      dataOf(await ben.api.POST('/v1/players/me/bot-account', {}));
      // No button on one's own profile.
      await anna.page.goto(`${suite.server.url}/#/players/me`);
      await anna.page.waitForSelector('.ratings, .profile p');
      expect(await anna.page.locator('.profile > button[aria-expanded]').count()).toBe(0);

      const first = await challengeFromProfile(anna, ben, `challenges-profile-form-${width}`);
      await anna.page.waitForSelector('.challenges li:has-text("Ben") .bot-badge');
      // Ben's header counts it, told by the event stream: on the Challenges link and, where the links
      // are folded, on the menu button too; Anna's counts none.
      const badge = 'header .count-badge';
      await ben.page.waitForSelector(`${badge}[aria-label="1 challenge waiting"] >> visible=true`);
      expect(await anna.page.locator(badge).count()).toBe(0);
      await followNavLink(ben.page, 'a[href="#/challenges"]');
      const card = ben.page.locator('.challenges li', { hasText: 'Anna' });
      await card.waitFor();
      const text = await card.textContent();
      expect(text).toContain('Streetcar');
      expect(text).toContain('3 days per move');
      // Anna sits first, so Ben second; seven days to answer.
      expect(text).toMatch(/Your seat\s*Second/);
      expect(text).toMatch(/Expires in 7 days/);
      expect(await card.locator('.bot-badge').count()).toBe(0);
      await shot(ben.page, `challenges-list-${width}`);
      expect(await seriousViolations(ben.page)).toEqual([]);

      await card.locator('select[name=reason]').selectOption('tooSlow');
      await card.locator('button:has-text("Decline")').click();
      await ben.page.waitForSelector('text=Nobody has challenged you.');
      await ben.page.waitForSelector(badge, { state: 'detached' });
      await anna.page.goto(`${suite.server.url}/#/challenges/${first}`);
      await anna.page.waitForSelector('.challenges li:has-text("Declined on")');
      expect(await anna.page.textContent('.challenges li')).toContain('The pace is too slow.');
      await shot(anna.page, `challenges-declined-${width}`);

      await challengeFromProfile(anna, ben);
      await ben.page.reload();
      await ben.page.click('.challenges li:has-text("Anna") button:has-text("Accept")');
      await ben.page.waitForURL(/#\/games\//);
      const gameId = new URL(ben.page.url()).hash.split('/')[2]!;
      const game = dataOf(await ben.api.GET('/v1/games/{id}', { params: { path: { id: gameId } } }));
      expect(game.yourSeat).toBe(1);

      // Ben keeps his page open: the stream brings the third challenge, and takes it away again.
      await followNavLink(ben.page, 'a[href="#/challenges"]');
      await ben.page.waitForSelector('text=Nobody has challenged you.');
      await challengeFromProfile(anna, ben);
      await ben.page.waitForSelector('.challenges li:has-text("Anna")');
      await anna.page.click('.challenges li:has-text("Ben") button:has-text("Withdraw")');
      await anna.page.waitForSelector('text=None of your challenges waits for an answer.');
      await ben.page.waitForSelector('text=Nobody has challenged you.');
      expect([...anna.problems, ...ben.problems]).toEqual([]);
    }, 180_000);
  }
});
