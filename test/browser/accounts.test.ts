/**
 * In Chromium: an address confirmed in Settings, signing in by email in a second
 * browser context, a personal access token made in Settings and held to its scopes, the data
 * download, signing out everywhere, and deleting the account behind its confirmation.
 * Screenshots of the sign-in and settings screens at 375×812 and 1280×800 go to test-results/browser/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lastCode } from '../support/accounts.js';
import { dataOf, problemOf, type Api } from '../support/client.js';
import { signUp } from '../../scripts/support/chromium.js';
import { seriousViolations } from './axe.js';
import { gameWithBots, pageToken } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { followNavLink } from './menu.js';

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;

const suite = useBrowserSuite();

/** The code of the next mail to `address` (mail leaves after the answer, so it is waited for). */
async function nextCode(address: string, before: number): Promise<string> {
  await expect.poll(() => suite.server.sentMail.filter((m) => m.to === address).length).toBeGreaterThan(before);
  return lastCode(suite.server, address);
}
const mailsTo = (address: string) => suite.server.sentMail.filter((m) => m.to === address).length;

/** The page at each size, whole, into test-results/browser/<name>-<width>.png; no serious axe finding at either. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing runs off the side of the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SHOTS, `accounts-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
}

const status = async (client: Api) => (await client.GET('/v1/games')).response.status;

describe('accounts in the browser', () => {
  it('an address confirmed in Settings signs in a second browser by email (the same games); a token made there keeps to its scopes; signing out everywhere ends every credential', async () => {
    const email = 'anna@example.test';
    // Context 1 signs up with the registration token and confirms an address in Settings.
    const one = await suite.open();
    await signUp(one.page, suite.server.url, 'Anna');
    const registration = await pageToken(one.page);
    const game = await gameWithBots(suite.server.url, registration, 'vlaky-na-trati', 2);
    await followNavLink(one.page, 'a:has-text("Settings")');
    await one.page.fill('input[name=email]', email);
    await one.page.click('button:has-text("Send confirmation code")');
    await one.page.waitForSelector(`.pending:has-text("${email}")`);
    await shoot(one.page, 'settings-pending');
    await one.page.fill('input[name=confirmCode]', await nextCode(email, 0));
    await one.page.click('button:has-text("Confirm address")');
    await one.page.waitForSelector(`text=Your confirmed address: ${email}.`);
    expect(await one.page.locator('.pending').count()).toBe(0);

    // Context 2 signs in by email: a session of its own, and the same games.
    const two = await suite.open();
    await two.page.goto(`${suite.server.url}/`);
    await two.page.click('summary:has-text("Sign in with email")');
    await two.page.fill('input[name=signInEmail]', email);
    await shoot(two.page, 'sign-in-email');
    const sent = mailsTo(email);
    await two.page.click('button:has-text("Email me a code")');
    await two.page.waitForSelector('input[name=signInCode]');
    // A wrong code is refused in words.
    const code = await nextCode(email, sent);
    await two.page.fill('input[name=signInCode]', String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await two.page.click('button:has-text("Sign in with this code")');
    await two.page.waitForSelector('.error:has-text("That code is wrong, used or expired")');
    await shoot(two.page, 'sign-in-code');
    await two.page.fill('input[name=signInCode]', code);
    await two.page.click('button:has-text("Sign in with this code")');
    await two.page.waitForSelector('h1:has-text("My games")');
    await two.page.waitForSelector(`.games a[href="#/games/${game}"]`);
    const session = suite.api.as(await pageToken(two.page));
    expect(dataOf(await session.GET('/v1/players/me')).id).toBe(
      dataOf(await suite.api.as(registration).GET('/v1/players/me')).id,
    );

    // Settings in context 2: this browser's session, and a token that may only read.
    await two.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await followNavLink(two.page, 'a:has-text("Settings")');
    await two.page.waitForSelector('.credentials li.current:has-text("this device")');
    await two.page.fill('input[name=tokenName]', 'my bot');
    expect(await two.page.locator('input[name=scope-read]').isChecked()).toBe(true);
    await two.page.click('button:has-text("Create token")');
    const secret = (await two.page.locator('[data-token-secret]').textContent())?.trim() ?? '';
    await two.page.click('.secret button:has-text("Copy")');
    await two.page.waitForSelector('.secret button:has-text("Copied")');
    expect(await two.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await two.page.waitForSelector('.credentials li:has-text("my bot"):has-text("May: read")');
    await shoot(two.page, 'settings');
    const bot = suite.api.as(secret);
    expect(dataOf(await bot.GET('/v1/games')).items.map((g) => g.id)).toContain(game);
    const refused = await bot.POST('/v1/games', { body: { game: 'vlaky-na-trati', players: 2, bots: 1 } });
    expect(refused.response.status).toBe(403);
    expect(problemOf(refused).code).toBe('insufficient_scope');
    // Shown once: gone from the page once dismissed, and never in the list.
    await two.page.click('.secret button:has-text("Done")');
    expect(await two.page.content()).not.toContain(secret);

    // The data download: everything about the account, no secret.
    const [download] = await Promise.all([
      two.page.waitForEvent('download'),
      two.page.click('button:has-text("Download my data")'),
    ]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      profile: { email: string };
      tokens: { name: string }[];
      games: { id: string }[];
    };
    expect(exported.profile.email).toBe(email);
    expect(exported.tokens.map((t) => t.name)).toEqual(['my bot']);
    expect(exported.games.map((g) => g.id)).toEqual([game]);
    expect(JSON.stringify(exported)).not.toContain(secret.split('.')[2]);

    // Sign out everywhere from context 1: every session ends (context 2's), the registration token and the bot's stay.
    await one.page.reload();
    await one.page.click('button:has-text("Sign out everywhere")');
    await one.page.waitForSelector('text=Every browser signed in by email is signed out.');
    expect([await status(session), await status(suite.api.as(registration)), await status(bot)]).toEqual([
      401, 200, 200,
    ]);
    await two.page.reload();
    await two.page.waitForSelector('input[name=name]');
    // With the tokens too: context 1 is signed out, and no credential of the account works.
    await one.page.check('input[name=alsoTokens]');
    await one.page.click('button:has-text("Sign out everywhere")');
    await one.page.waitForSelector('input[name=name]');
    expect([await status(suite.api.as(registration)), await status(bot)]).toEqual([401, 401]);
    expect(await pageToken(one.page)).toBe('');

    expect(one.problems).toEqual([]);
    // The wrong code (400) and the revoked session's first request (401) are failed loads to the browser, and nothing else.
    expect(two.problems.filter((p) => !/status of 40[01] /.test(p))).toEqual([]);
    await one.page.context().close();
    await two.page.context().close();
  }, 120_000);

  it('deleting the account says first what happens to games, then signs out with a token that no longer works', async () => {
    const { page, problems } = await suite.open();
    await signUp(page, suite.server.url, 'Leaver');
    const leaver = suite.api.as(await pageToken(page));
    await followNavLink(page, 'a:has-text("Settings")');
    await page.click('button:has-text("Delete my account…")');
    await page.waitForSelector('.danger-zone:has-text("deleted player")');
    await page.locator('.danger-zone').scrollIntoViewIfNeeded();
    await shoot(page, 'settings-delete');
    // Cancel keeps everything.
    await page.click('.danger-zone button:has-text("Cancel")');
    expect(await page.locator('.danger-zone').count()).toBe(0);
    expect(await status(leaver)).toBe(200);
    await page.click('button:has-text("Delete my account…")');
    await page.click('button:has-text("Delete my account for good")');
    await page.waitForSelector('input[name=name]');
    expect(await status(leaver)).toBe(401);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
