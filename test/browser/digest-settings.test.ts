/**
 * In Chromium: Settings offers one turn email a day instead of one per turn, at an hour
 * and in a time zone (the browser's to begin with); axe finds nothing serious at 375×812 and
 * 1280×800, and nothing runs off the side of the phone. Screenshots go to test-results/browser/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playerWithEmail } from '../support/accounts.js';
import { dataOf } from '../support/client.js';
import { seriousViolations } from './axe.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;

const suite = useBrowserSuite();

describe('the daily digest in Settings', () => {
  it("switches to one email a day at the browser's time zone, then changes the hour; back to one per turn", async () => {
    const player = await playerWithEmail(suite.server, suite.api, 'Dana', 'dana@example.test');
    const { page, problems } = await suite.openAs(player.token, ...SIZES[0], 'en-US');
    await page.goto(`${suite.server.url}/#/settings`);
    await page.waitForSelector('fieldset.digest');
    const digest = async () => dataOf(await player.GET('/v1/players/me')).notifications.digest;
    expect(await digest()).toBeNull();

    await page.check('input[name=digest][value=daily]');
    await page.waitForSelector('select[name=digestTimeZone]');
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect.poll(digest).toEqual({ hour: 8, timeZone: zone });
    await page.selectOption('select[name=digestHour]', '20');
    await expect.poll(digest).toEqual({ hour: 20, timeZone: zone });
    await page.selectOption('select[name=digestTimeZone]', 'America/New_York');
    await expect.poll(digest).toEqual({ hour: 20, timeZone: 'America/New_York' });

    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.locator('fieldset.digest').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `digest-settings-${width}.png`) });
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    await page.check('input[name=digest][value=eachTurn]');
    await expect.poll(digest).toBeNull();
    await expect.poll(() => page.locator('select[name=digestHour]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a second change made before the first one is answered keeps the first: the hour and then the zone both land', async () => {
    const player = await playerWithEmail(suite.server, suite.api, 'Dirk', 'dirk@example.test');
    dataOf(
      await player.PATCH('/v1/players/me', {
        body: { notifications: { digest: { hour: 8, timeZone: 'Europe/Prague' } } },
      }),
    );
    const { page, problems } = await suite.openAs(player.token, ...SIZES[0], 'en-US');
    await page.goto(`${suite.server.url}/#/settings`);
    await page.waitForSelector('select[name=digestHour]');
    // Each change of the settings is answered a second late, as on a slow line.
    await page.route('**/v1/players/me', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.selectOption('select[name=digestHour]', '20');
    await page.selectOption('select[name=digestTimeZone]', 'America/New_York');
    const digest = async () => dataOf(await player.GET('/v1/players/me')).notifications.digest;
    await expect.poll(digest).toEqual({ hour: 20, timeZone: 'America/New_York' });
    expect(await page.locator('select[name=digestHour]').inputValue()).toBe('20');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
