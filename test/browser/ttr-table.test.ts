/**
 * The Ticket to Ride table in a real browser: Debian's Chromium against the local
 * server, a game of Europe against a bot played by tapping tickets, face-up cards, the deck and
 * routes, at 1280×800 and at 375×812, in English and in Czech. It checks that the market is on the
 * first screen of a laptop, that one tap takes a face-up card, that a ticket in focus marks its
 * cities on the map, that only the routes that can be claimed glow, and that the plain list of
 * actions reads without internal keys. Screenshots go to test-results/browser/ttr-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { startInBrowser } from './table.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suite = useBrowserSuite();

interface Legal {
  type: string;
  route?: number;
  city?: string;
}

/** The viewer's legal actions and hand, read from the API with the page's own token. */
const apiView = (page: Page) =>
  page.evaluate(async () => {
    const id = location.hash.split('/').at(-1)!;
    const r = await fetch(`/v1/games/${id}/view`, {
      headers: { authorization: `Bearer ${localStorage.getItem('railpost.token')}` },
    });
    const body = (await r.json()) as {
      version: number;
      legalActions: Legal[];
      view: { you: { hand: Record<string, number> } };
    };
    return {
      version: body.version,
      legal: body.legalActions,
      cards: Object.values(body.view.you.hand).reduce((a, b) => a + b, 0),
    };
  });

const VERSION = () => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0);
const waitPast = (page: Page, v: number) =>
  page.waitForFunction(
    (before) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > before,
    v,
    { timeout: 20_000 },
  );
/** The viewer's turn has come: the deck can be drawn from. */
const myTurn = (page: Page) => page.waitForSelector('.ttr-deck:not(:disabled)', { timeout: 30_000 });
const glowing = (page: Page) =>
  page.locator('.board .target').evaluateAll((els) => els.map((e) => e.getAttribute('data-target')!).sort());

/** What glows is exactly the routes some legal claim is for (no city, no card). */
async function onlyClaimableGlow(page: Page): Promise<string[]> {
  const { legal } = await apiView(page);
  const claimable = [...new Set(legal.filter((a) => a.type === 'claim_route').map((a) => `route:${a.route}`))].sort();
  await expect.poll(() => glowing(page)).toEqual(claimable);
  return claimable;
}

const CASES = [
  { lang: 'en', locale: 'en-GB', size: DESKTOP, other: PHONE, keep: 'Keep 2 tickets', atLeast: 'at least 2' },
  { lang: 'cs', locale: 'cs-CZ', size: PHONE, other: DESKTOP, keep: 'Ponechat si 2 linky', atLeast: 'alespoň 2' },
] as const;

describe('Ticket to Ride table in Chromium', () => {
  for (const c of CASES) {
    it(`${c.lang} at ${c.size.width}×${c.size.height}: tickets, one-tap cards and routes`, async () => {
      const { page, problems } = await suite.open(c.size.width, c.size.height, c.locale);
      const shot = (name: string) =>
        page.screenshot({ path: join(SHOTS, `ttr-${name}-${c.lang}-${page.viewportSize()!.width}.png`) });
      await startInBrowser(page, suite.server.url, `Tester ${c.lang}`, 'ticket-to-ride-europe', 2);

      // The opening tickets: one toggle per ticket, kept with one confirm once at least 2 are chosen (TTRE-3.2).
      const choice = page.locator('.ttr-choice');
      await choice.waitFor();
      expect(await choice.locator('.hint').textContent()).toContain(c.atLeast);
      const tickets = choice.locator('button.ttr-ticket');
      expect(await tickets.count()).toBe(4);
      const keep = choice.locator('button.ttr-keep');
      expect(await keep.isDisabled()).toBe(true);
      // A ticket in focus marks its two cities on the map (by a dashed ring, not by colour alone).
      await tickets.first().focus();
      const route = ((await tickets.first().locator('.ttr-route').textContent()) ?? '')
        .split(' – ')
        .map((s) => s.trim());
      await expect
        .poll(() =>
          page
            .locator('.board [data-mark].marked')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-mark')).sort()),
        )
        .toEqual(route.map((r) => `place:${r}`).sort());
      expect(
        await page
          .locator('.board [data-mark].marked .mark-ring')
          .first()
          .evaluate((el) => getComputedStyle(el).visibility),
      ).toBe('visible');
      await shot('opening');
      await tickets.nth(0).click();
      expect(await keep.isDisabled()).toBe(true);
      await tickets.nth(2).click();
      expect(await tickets.nth(2).getAttribute('aria-pressed')).toBe('true');
      expect(await keep.textContent()).toBe(c.keep);
      await keep.click();
      await choice.waitFor({ state: 'detached' });
      expect(await page.locator('.ttr-tickets button.ttr-ticket').count()).toBe(2);

      await myTurn(page);
      // The market is on the first screen of a laptop, and within reach of a phone's thumb (scrolling).
      await page.evaluate(() => window.scrollTo(0, 0));
      const market = page.locator('.ttr-market');
      if (c.size === DESKTOP) {
        const box = (await market.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
      } else {
        await market.scrollIntoViewIfNeeded();
        expect(await market.isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      }
      const cardBox = (await market.locator('button.ttr-card').first().boundingBox())!;
      expect(cardBox.width).toBeGreaterThanOrEqual(44);
      expect(cardBox.height).toBeGreaterThanOrEqual(60);
      await onlyClaimableGlow(page);
      expect(await page.locator('.board [data-city].target').count()).toBe(0);
      await shot('turn');

      // Station sites glow only once the player chooses to build one, and exactly where one can be built (TTRE-12.1).
      const station = page.locator('button.ttr-station');
      await station.click();
      expect(await station.getAttribute('aria-pressed')).toBe('true');
      const { legal } = await apiView(page);
      const sites = [...new Set(legal.filter((a) => a.type === 'build_station').map((a) => `city:${a.city}`))].sort();
      expect(sites.length).toBeGreaterThan(0);
      await expect.poll(() => glowing(page)).toEqual(sites);
      if (c.size === DESKTOP) await shot('station');
      await station.click();
      await onlyClaimableGlow(page);

      // Draw until a route can be claimed: one tap on a face-up card takes it, one tap on the deck takes the second.
      let claimable: string[] = [];
      for (let turn = 0; turn < 8; turn++) {
        const before = await apiView(page);
        const face = market.locator('button.ttr-card:not(:disabled):not([data-card=loco])').first();
        await face.click();
        await waitPast(page, before.version);
        const after = await apiView(page);
        expect(after.cards).toBe(before.cards + 1);
        expect(after.version).toBe(before.version + 1);
        // The second card: a face-up locomotive may not be taken now (TTRE-5.6), and nothing on the board glows.
        expect(await market.locator('button[data-card=loco]:not(:disabled)').count()).toBe(0);
        await expect.poll(() => glowing(page)).toEqual([]);
        await page.locator('.ttr-deck').click();
        await waitPast(page, after.version);
        await myTurn(page);
        claimable = await onlyClaimableGlow(page);
        if (claimable.length > 0) break;
      }
      expect(claimable.length).toBeGreaterThan(0);
      if (c.size === DESKTOP) await shot('claimable');

      // A tap on a glowing route claims it, or lists its ways to pay with the route in words.
      const before = await apiView(page);
      const key = claimable[0]!;
      const target = page.locator(`.board [data-target="${key}"]`);
      await target.click({ timeout: 2000 }).catch(() => target.dispatchEvent('click'));
      const listed = await Promise.race([
        page.waitForSelector('.choices p', { timeout: 20_000 }).then(
          () => true,
          () => false,
        ),
        waitPast(page, before.version).then(
          () => false,
          () => false,
        ),
      ]);
      if (listed) {
        expect(await page.locator('.board .picked').getAttribute('data-target')).toBe(key);
        const line = (await page.locator('.choices p').textContent()) ?? '';
        expect(line).not.toMatch(/route:|market:|city:/);
        await page.locator('.choices').first().locator('button:not(.secondary)').first().click();
        await waitPast(page, before.version);
      }
      await page.waitForSelector(`.board [data-route="${key.slice('route:'.length)}"][data-owner]`);

      // The list of every action reads as words, without internal keys, counting places from 1.
      await myTurn(page);
      await page.locator('details.all-actions summary').click();
      await page.locator('details.all-actions li').first().waitFor();
      const words = await page.locator('details.all-actions li').allTextContents();
      expect(words.length).toBeGreaterThan(5);
      for (const w of words) expect(w).not.toMatch(/market:|route:|city:|\(\w+ 0\)|undefined/);
      await page.locator('details.all-actions summary').click();

      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      await page.setViewportSize(c.other);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      expect(problems).toEqual([]);
      await page.context().close();
    }, 240_000);
  }

  it('Germany in German on a phone: the opening mix and a later draw are chosen on the table, from two decks shown apart (TTRG-3.1, TTRG-10.1)', async () => {
    const { page, problems } = await suite.open(PHONE.width, PHONE.height, 'de-DE');
    await startInBrowser(page, suite.server.url, 'Greta', 'ticket-to-ride-germany', 2);

    // The opening: one button per mix of four, drawn as ticket backs and said in words.
    const mix = page.locator('.ttr-mix');
    await mix.waitFor();
    const options = mix.locator('button[data-mix]');
    expect(await options.allTextContents()).toEqual([
      '0 kurze + 4 lange',
      '1 kurze + 3 lange',
      '2 kurze + 2 lange',
      '3 kurze + 1 lange',
      '4 kurze + 0 lange',
    ]);
    for (const box of await options.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44);
    expect(await options.nth(3).locator('.ttr-back.short').count()).toBe(3);
    await page.screenshot({ path: join(SHOTS, 'ttr-germany-mix-de-375.png') });
    await options.nth(3).click();
    const choice = page.locator('.ttr-choice');
    await choice.waitFor();
    expect(await choice.locator('.ttr-long').count()).toBe(1);
    await choice.locator('button.ttr-ticket').nth(0).click();
    await choice.locator('button.ttr-ticket').nth(1).click();
    await choice.locator('button.ttr-keep').click();
    await choice.waitFor({ state: 'detached' });

    // A turn: the pile shows both decks; a tap on it offers the mixes; one tap draws, and the keep follows.
    await page.waitForSelector('.ttr-pile:not(:disabled)', { timeout: 30_000 });
    const pile = page.locator('.ttr-pile');
    expect(await pile.locator('.ttr-deck-count.short').textContent()).toMatch(/^Kurz: \d+ Zielkarten$/);
    expect(await pile.locator('.ttr-deck-count.long').textContent()).toMatch(/^Lang: \d+ Zielkarten$/);
    await pile.click();
    await mix.waitFor();
    expect(await options.count()).toBe(5);
    await options.nth(0).click();
    await choice.waitFor();
    expect(await choice.locator('.ttr-long').count()).toBe(4);
    // The log names the four long tickets drawn, in German.
    const drawn = page.locator('.log li', { hasText: 'Greta zieht Zielkarten:' });
    await drawn.waitFor();
    expect(((await drawn.textContent()) ?? '').match(/Punkte, lang/g)).toHaveLength(4);
    await page.screenshot({ path: join(SHOTS, 'ttr-germany-draw-de-375.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);
});
