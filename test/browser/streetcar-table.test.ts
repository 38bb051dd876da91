/**
 * The Streetcar table in a real browser: Debian's Chromium against the local server,
 * a game against a bot at 1280×800 in English and at 375×812 in German. A hand tile is chosen, a
 * glowing empty square tapped (zoomed in on the phone), the preview turned and confirmed; then a square
 * is tapped first and the tile that fits it is shown there. It checks that only the squares the chosen
 * tile may go on glow (SC-5), that the picked square is framed, that the preview turns through the
 * legal rotations only (SC-2.3), that the tile lands where and as shown, and the squares' size on the
 * phone; with no tile chosen, exactly the legal placement and exchange squares glow and a legend says
 * what glows; on the phone the turn buttons sit clear of the bottom bar and, zoomed in, the tapped
 * square's row and column numbers stay in view. Screenshots go to test-results/browser/streetcar-*.png.
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
  tile?: string;
  row?: number;
  col?: number;
  rotation?: number;
  first?: Legal;
  second?: Legal;
}
interface Laid {
  row: number;
  col: number;
  tile: string;
  rotation: number;
}

/** The viewer's legal actions and the laid tiles, read from the API with the page's own token. */
const apiView = (page: Page) =>
  page.evaluate(async () => {
    const id = location.hash.split('/').at(-1)!;
    const r = await fetch(`/v1/games/${id}/view`, {
      headers: { authorization: `Bearer ${localStorage.getItem('railpost.token')}` },
    });
    const body = (await r.json()) as { version: number; legalActions: Legal[]; view: { board: Laid[] } };
    return { version: body.version, legal: body.legalActions, board: body.view.board };
  });

const waitPast = (page: Page, v: number) =>
  page.waitForFunction(
    (before) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > before,
    v,
    { timeout: 20_000 },
  );
const glowing = (page: Page) =>
  page.locator('.board .target').evaluateAll((els) => els.map((e) => e.getAttribute('data-target')!).sort());
const key = (a: Legal) => `square:${a.row},${a.col}`;
const squaresOf = (legal: Legal[], tile: string) =>
  [...new Set(legal.filter((a) => (a.type === 'place' || a.type === 'exchange') && a.tile === tile).map(key))].sort();
const rotationsOf = (legal: Legal[], tile: string, sq: string) =>
  [
    ...new Set(legal.filter((a) => a.type === 'place' && a.tile === tile && key(a) === sq).map((a) => a.rotation!)),
  ].sort((a, b) => a - b);

const CASES = [
  { lang: 'en', locale: 'en-GB', size: DESKTOP, other: PHONE, confirm: 'Place it here' },
  { lang: 'de', locale: 'de-DE', size: PHONE, other: DESKTOP, confirm: 'Hier legen' },
] as const;

describe('Streetcar table in Chromium', () => {
  for (const c of CASES) {
    it(`${c.lang} at ${c.size.width}×${c.size.height}: tile, glowing empty square, turned preview, confirm`, async () => {
      const { page, problems } = await suite.open(c.size.width, c.size.height, c.locale);
      const shot = (name: string) =>
        page.screenshot({ path: join(SHOTS, `streetcar-${name}-${c.lang}-${page.viewportSize()!.width}.png`) });
      await startInBrowser(page, suite.server.url, `Tester ${c.lang}`, 'streetcar', 2);
      // The hand is drawn as tiles (the board's own drawing), each a button once it may go somewhere.
      const hand = page.locator('.sc-hand button.sc-tile');
      await page.waitForSelector('.sc-hand button.sc-tile:not(:disabled)', { timeout: 30_000 });
      expect(await hand.count()).toBeGreaterThan(0);
      expect(await hand.first().locator('svg [data-tree], svg path').count()).toBeGreaterThan(0);
      // Row and column numbers on all four edges.
      expect(await page.locator('.board [data-row]').count()).toBe(24);
      expect(await page.locator('.board [data-col]').count()).toBe(24);

      // No tile chosen: every square some hand tile may go on glows, each with a visible outline.
      let { legal, version } = await apiView(page);
      const anyTile = [...new Set(legal.filter((a) => a.type === 'place' || a.type === 'exchange').map(key))].sort();
      const doubles = legal.flatMap((a) => (a.type === 'double_exchange' ? [key(a.first!), key(a.second!)] : []));
      const lit = await glowing(page);
      expect(lit.filter((k) => k.startsWith('square:'))).toEqual([...new Set([...anyTile, ...doubles])].sort());
      // What glows is told in words: hand tiles and squares (SC-5), and laid tiles to exchange when there are some (SC-6.1).
      const exchanges = legal.some((a) => a.type === 'exchange');
      expect(await page.locator('.sc-legend li').count()).toBe(exchanges ? 3 : 2);

      // Choose a tile: exactly its squares glow (SC-5.1–5.8).
      const tileButton = page.locator('.sc-hand button.sc-tile:not(:disabled)').first();
      const tile = (await tileButton.getAttribute('data-hand-tile'))!;
      await tileButton.click();
      expect(await tileButton.getAttribute('aria-pressed')).toBe('true');
      const mine = squaresOf(legal, tile);
      await expect.poll(() => glowing(page)).toEqual(mine);
      // An empty square with more than one legal rotation, away from the board's edge.
      const sq =
        mine.find((s) => rotationsOf(legal, tile, s).length > 1 && !/:(1|12),|,(1|12)$/.test(s)) ??
        mine.find((s) => rotationsOf(legal, tile, s).length > 0)!;
      const target = page.locator(`.board [data-target="${sq}"]`);
      expect(await target.getAttribute('data-empty')).toBe('1');
      expect(await target.locator('.sc-glow').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      expect(
        await page
          .locator('.board [data-empty]:not(.target) .sc-glow')
          .first()
          .evaluate((el) => getComputedStyle(el).visibility),
      ).toBe('hidden');
      if (c.size === PHONE) {
        const fitted = (await target.boundingBox())!;
        console.log(
          `streetcar square on the phone, fitted: ${fitted.width.toFixed(1)}×${fitted.height.toFixed(1)} CSS px`,
        );
        await page.locator('.zoom button').last().click();
      }
      // Mid-screen on the phone, so the placing panel below the board starts out of view.
      await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
      const box = (await target.boundingBox())!;
      console.log(
        `streetcar square at ${c.size.width}×${c.size.height} where tapped: ${box.width.toFixed(1)}×${box.height.toFixed(1)} CSS px`,
      );
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      await target.click();

      // The picked square is framed; the preview shows the tile there at its first legal rotation.
      expect(await page.locator('.board .picked').getAttribute('data-target')).toBe(sq);
      expect(await target.locator('.sc-pick').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      const rotations = rotationsOf(legal, tile, sq);
      const [row, col] = sq.slice('square:'.length).split(',').map(Number) as [number, number];
      const preview = page.locator(`.board [data-preview="${row},${col}"]`);
      await preview.waitFor();
      expect(await preview.getAttribute('data-tile')).toBe(tile);
      expect(Number(await preview.getAttribute('data-rotation'))).toBe(rotations[0]);
      const confirm = page.locator('.sc-place button.sc-confirm');
      expect(await confirm.textContent()).toBe(c.confirm);
      // Sentences about the square are not listed beside the preview (the table offers them).
      expect(await page.locator('section.actions .choices').count()).toBe(0);
      await shot('preview');
      if (c.size === PHONE) {
        // The turn buttons are brought into view, clear of the bar at the bottom.
        const bar = (await page.locator('nav.jump').boundingBox())!;
        for (const b of await page.locator('.sc-place button[data-rotate]').all()) {
          const r = (await b.boundingBox())!;
          console.log(
            `rotate button at 375×812: top ${r.y.toFixed(1)}, bottom ${(r.y + r.height).toFixed(1)}; bar top ${bar.y.toFixed(1)}`,
          );
          expect(r.y).toBeGreaterThanOrEqual(0);
          expect(r.y + r.height).toBeLessThanOrEqual(bar.y);
        }
        // Zoomed in, the tapped square's row and column numbers stay in the board's view.
        const view = (await page.locator('.board').boundingBox())!;
        for (const label of [`[data-row="${row}"]`, `[data-col="${col}"]`]) {
          const inView = await page.locator(`.board ${label}`).evaluateAll(
            (els, v) =>
              els.some((e) => {
                const r = e.getBoundingClientRect();
                return r.left >= v.x && r.right <= v.x + v.width && r.top >= v.y && r.bottom <= v.y + v.height;
              }),
            view,
          );
          expect(inView, label).toBe(true);
        }
      }

      // Turning goes through the legal rotations only, both ways (SC-2.3).
      let rotation = rotations[0]!;
      if (rotations.length > 1) {
        await page.locator('.sc-place button[data-rotate="1"]').click();
        await expect.poll(async () => Number(await preview.getAttribute('data-rotation'))).toBe(rotations[1]);
        await page.locator('.sc-place button[data-rotate="-1"]').click();
        await expect.poll(async () => Number(await preview.getAttribute('data-rotation'))).toBe(rotations[0]);
        await page.locator('.sc-place button[data-rotate="-1"]').click();
        rotation = rotations.at(-1)!;
        await expect.poll(async () => Number(await preview.getAttribute('data-rotation'))).toBe(rotation);
      }
      await shot('turned');
      await confirm.click();
      await waitPast(page, version);
      const after = await apiView(page);
      expect(after.board).toContainEqual(expect.objectContaining({ row, col, tile, rotation }));
      await page.waitForSelector(
        `.board [data-square="${row},${col}"][data-tile="${tile}"][data-rotation="${rotation}"]`,
      );
      expect(await page.locator('.board [data-preview]').count()).toBe(0);

      // The second build action: a square first; the first tile that fits it is chosen and shown there.
      ({ legal, version } = after);
      const next = [...new Set(legal.filter((a) => a.type === 'place').map(key))].find((s) => s !== sq);
      if (next) {
        await expect.poll(async () => (await glowing(page)).includes(next)).toBe(true);
        const second = page.locator(`.board [data-target="${next}"]`);
        await second.scrollIntoViewIfNeeded();
        await second.click();
        await page.locator('.board [data-preview]').waitFor();
        const chosen = (await page.locator('.sc-hand button[aria-pressed="true"]').getAttribute('data-hand-tile'))!;
        expect(squaresOf(legal, chosen)).toContain(next);
        await shot('square-first');
        await page.locator('.sc-place button.sc-confirm').click();
        await waitPast(page, version);
      }

      // The plain list of every action stays.
      await page.locator('details.all-actions').count();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('placed');
      await page.setViewportSize(c.other);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('placed');
      expect(problems).toEqual([]);
      await page.context().close();
    }, 240_000);
  }
});
