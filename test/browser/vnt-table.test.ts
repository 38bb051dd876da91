/**
 * The Vlaky na trati table in a real browser: Debian's Chromium against the local
 * server, a game against a bot at 1280×800 in English and at 375×812 in Czech. After the start side
 * and track are chosen on the board, cards are played by tapping them on the table: one tap on a
 * market card places it (VNT-5.1), a hand card that could be a second card or a discard lists both
 * with the card named in words (VNT-9.6, VNT-9.7), and one tap on a hand card places it on a later
 * turn. It checks the cards' size, that the table fits the phone and what axe-core finds on it. Screenshots go to
 * test-results/browser/vnt-*.png.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../web/client/i18n.testkit.js';
import { seriousViolations } from './axe.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { startInBrowser } from './table.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const suite = useBrowserSuite();

interface Legal {
  type: string;
  source?: string;
  cardId?: string;
}

/** The viewer's legal actions, hand, market and placed cards, read from the API with the page's own token. */
const apiView = (page: Page) =>
  page.evaluate(async () => {
    const id = location.hash.split('/').at(-1)!;
    const r = await fetch(`/v1/games/${id}/view`, {
      headers: { authorization: `Bearer ${localStorage.getItem('railpost.token')}` },
    });
    const body = (await r.json()) as {
      version: number;
      legalActions: Legal[];
      view: { line: string[]; market: string[]; you: { hand: string[] } };
    };
    return {
      version: body.version,
      legal: body.legalActions,
      line: body.view.line,
      market: body.view.market,
      hand: body.view.you.hand,
    };
  });

const waitPast = (page: Page, v: number) =>
  page.waitForFunction(
    (before) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > before,
    v,
    { timeout: 20_000 },
  );
/** A card of the table that one tap places. */
const placeable = (page: Page, where: 'hand' | 'market') =>
  page.locator(`.vnt-${where} button.vnt-card:not(:disabled)`);

/** Setup on the board (start side, track): a glowing place, then the first of its choices. */
async function setUp(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await page.waitForSelector('section.actions', { timeout: 30_000 });
    if ((await apiView(page)).legal.some((a) => a.type === 'place_card')) return;
    const before = (await apiView(page)).version;
    const target = page.locator('.board .target').first();
    await target.click({ timeout: 2000 }).catch(() => target.dispatchEvent('click'));
    await page.locator('.choices').first().locator('button:not(.secondary)').first().click();
    await waitPast(page, before);
    await page.waitForFunction(
      () => document.querySelector('section.actions') !== null || document.querySelector('.vnt-table') !== null,
    );
  }
}

/** Waits until the viewer must place a card (the bot played its turn). */
async function placingTurn(page: Page): Promise<void> {
  await expect
    .poll(async () => (await apiView(page)).legal.some((a) => a.type === 'place_card'), { timeout: 30_000 })
    .toBe(true);
  await page.waitForSelector('.vnt-market button.vnt-card:not(:disabled)', { timeout: 20_000 });
}

const CASES = [
  { lang: 'en', locale: 'en-GB', size: DESKTOP, other: PHONE },
  { lang: 'cs', locale: 'cs-CZ', size: PHONE, other: DESKTOP },
] as const;

describe('Vlaky na trati table in Chromium', () => {
  for (const c of CASES) {
    it(`${c.lang} at ${c.size.width}×${c.size.height}: cards placed by one tap, a card of two uses lists them`, async () => {
      const words = CATALOGS[c.lang].vnt;
      const { page, problems } = await suite.open(c.size.width, c.size.height, c.locale);
      const shot = (name: string) =>
        page.screenshot({ path: join(SHOTS, `vnt-${name}-${c.lang}-${page.viewportSize()!.width}.png`) });
      await startInBrowser(page, suite.server.url, `Tester ${c.lang}`, 'vlaky-na-trati', 2);
      await setUp(page);
      await placingTurn(page);

      // The market and the hand are drawn as railway cards on the table (not on the board), each big enough to tap.
      expect(await page.locator('.board [data-market-card], .board [data-hand-card]').count()).toBe(0);
      const market = placeable(page, 'market');
      expect(await market.count()).toBe(4);
      expect(await market.first().locator('svg [data-symbol], svg path').count()).toBeGreaterThan(0);
      expect(await page.locator('.vnt-deck svg[data-face=back]').count()).toBe(1);
      const box = (await market.first().boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await market.first().locator('.vnt-offer').textContent()).toBe(words.table.offer.place);
      if (c.size === PHONE)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.locator('.vnt-table').scrollIntoViewIfNeeded();
      await shot('turn');
      expect(await seriousViolations(page)).toEqual([]);

      // One tap on a market card places it in the next slot (VNT-5.1, VNT-5.2).
      const before = await apiView(page);
      const taken = (await market.first().getAttribute('data-card'))!;
      await market.first().click();
      await waitPast(page, before.version);
      const after = await apiView(page);
      expect(after.line).toEqual([...before.line, taken]);
      expect(after.market).not.toContain(taken);

      // The free action (DP-6): a hand card that may be a second card or a discard lists both, naming the
      // card; one that may only be discarded (no coin) is listed too, to confirm (VNT-9.7). Cancel keeps it.
      const hand = placeable(page, 'hand');
      await hand.first().waitFor();
      const uses = after.legal
        .filter((a) => a.source === 'HAND' || a.type === 'discard_a')
        .filter((a) => a.cardId === after.hand[0]);
      expect(await hand.first().locator('.vnt-offer').textContent()).toBe(
        uses.length > 1 ? words.table.choose : words.table.offer.discard,
      );
      await hand.first().click();
      const line = (await page.locator('.choices p').first().textContent()) ?? '';
      expect(line).toContain(after.hand[0]);
      expect(line).not.toMatch(/hand:|market:/);
      expect(await page.locator('.choices').first().locator('button:not(.secondary)').count()).toBe(uses.length);
      await page.locator('.vnt-table').scrollIntoViewIfNeeded();
      await shot('choose');
      await page.locator('.choices button.secondary').first().click();
      expect((await apiView(page)).hand).toEqual(after.hand);
      await page.locator('section.actions .choices button', { hasText: words.action.endTurn }).click();
      await waitPast(page, after.version);

      // A later turn: one tap on a hand card places it (VNT-5.1).
      await placingTurn(page);
      const next = await apiView(page);
      const card = (await hand.first().getAttribute('data-card'))!;
      expect(await hand.first().locator('.vnt-offer').textContent()).toBe(words.table.offer.place);
      await hand.first().click();
      await waitPast(page, next.version);
      const placed = await apiView(page);
      expect(placed.line.at(-1)).toBe(card);
      expect(placed.hand).not.toContain(card);

      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      await page.setViewportSize(c.other);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      expect(problems).toEqual([]);
      await page.context().close();
    }, 240_000);
  }
});
