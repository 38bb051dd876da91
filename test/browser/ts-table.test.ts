/**
 * The Trains & Stations table in a real browser: Debian's Chromium against the
 * local server, a game against two bots at 1280×800 in English and at 375×812 in Czech, played by
 * tapping: two of the three dealt special cards kept (TS-2.5), the roll (TS-5.1), a die picked and
 * re-rolled for a coin (TS-5.3), a train die picked so that only its spaces glow on the map and one
 * tap on one of them places it (TS-6.3), and the end of the resolution (TS-6.14). It checks the size
 * of the dice and of the board spaces where they are tapped, that the page fits the phone, and what
 * axe-core finds. Screenshots go to test-results/browser/ts-*.png.
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
  die?: number;
  dice?: number[];
  space?: string;
  cards?: string[];
}
interface Die {
  owner: number | null;
  face: string | null;
  zone: string;
  space: string | null;
}

/** The viewer's legal actions, the dice and the viewer's coins, read from the API with the page's own token. */
const apiView = (page: Page) =>
  page.evaluate(async () => {
    const id = location.hash.split('/').at(-1)!;
    const r = await fetch(`/v1/games/${id}/view`, {
      headers: { authorization: `Bearer ${localStorage.getItem('railpost.token')}` },
    });
    const body = (await r.json()) as {
      version: number;
      legalActions: Legal[];
      view: { dice: Die[]; pending: { kind: string }; you: { seat: number }; players: { coins: number }[] };
    };
    return {
      version: body.version,
      legal: body.legalActions,
      dice: body.view.dice,
      pending: body.view.pending.kind,
      coins: body.view.players[body.view.you.seat]!.coins,
    };
  });

const waitPast = (page: Page, v: number) =>
  page.waitForFunction(
    (before) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > before,
    v,
    { timeout: 20_000 },
  );
const glowing = (page: Page) =>
  page.locator('.board .target').evaluateAll((els) => els.map((e) => e.getAttribute('data-target')!).sort());
const hasLegal = async (page: Page, type: string) => (await apiView(page)).legal.some((a) => a.type === type);

/** A board place tapped as a finger would: brought to the middle of the screen (away from the bottom bar), then clicked there. */
async function tapPlace(page: Page, key: string): Promise<{ width: number; height: number }> {
  const target = page.locator(`.board [data-target="${key}"]`);
  const box = await target.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const b = el.getBoundingClientRect();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return box;
}

const CASES = [
  { lang: 'en', locale: 'en-GB', size: DESKTOP, other: PHONE },
  { lang: 'cs', locale: 'cs-CZ', size: PHONE, other: DESKTOP },
] as const;

describe('Trains & Stations table in Chromium', () => {
  for (const c of CASES) {
    it(`${c.lang} at ${c.size.width}×${c.size.height}: special cards kept, dice rolled, picked and re-rolled, a train placed by tapping its glowing space`, async () => {
      const words = CATALOGS[c.lang].ts.table;
      const { page, problems } = await suite.open(c.size.width, c.size.height, c.locale);
      const shot = (name: string) =>
        page.screenshot({ path: join(SHOTS, `ts-${name}-${c.lang}-${page.viewportSize()!.width}.png`) });
      await startInBrowser(page, suite.server.url, `Tester ${c.lang}`, 'trains-and-stations', 3);
      await page.waitForSelector('.ts-table');

      // Setup (TS-2.5): the three dealt special cards as cards; two tapped, then one confirm keeps them.
      expect(await page.locator('.ts-step').textContent()).toBe(words.step.keep);
      const dealt = page.locator('.ts-keep button.ts-special');
      expect(await dealt.count()).toBe(3);
      const keep = page.locator('.ts-keep > button.ts-go');
      expect(await keep.isDisabled()).toBe(true);
      await dealt.nth(0).click();
      await dealt.nth(2).click();
      expect(await dealt.nth(0).getAttribute('aria-pressed')).toBe('true');
      expect(await dealt.nth(1).getAttribute('aria-pressed')).toBe('false');
      const kept = [(await dealt.nth(0).getAttribute('data-card'))!, (await dealt.nth(2).getAttribute('data-card'))!];
      await page.locator('.ts-table').scrollIntoViewIfNeeded();
      await shot('keep');
      expect(await seriousViolations(page)).toEqual([]);
      let before = await apiView(page);
      await keep.click();
      await waitPast(page, before.version);

      // Step 1 (TS-4.2, TS-5.1): the roll is a button of the table; the kept cards are on the sheet.
      await expect.poll(() => hasLegal(page, 'roll'), { timeout: 30_000 }).toBe(true);
      await page.waitForSelector('.ts-moves button[data-action=roll]:not(:disabled)');
      expect(
        (
          await page.locator('.ts-sheet .ts-special').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))
        ).sort(),
      ).toEqual([...kept].sort());
      expect(await page.locator('.ts-step').textContent()).toBe(words.step.start);
      before = await apiView(page);
      await page.locator('.ts-moves button[data-action=roll]:not(:disabled)').first().click();
      await waitPast(page, before.version);
      await page.waitForSelector('.ts-in-play button.ts-die');

      // The dice in play are drawn as dice with their faces in words, each big enough to tap.
      let now = await apiView(page);
      const inPlay = now.dice.flatMap((d, id) => (d.zone === 'play' ? [id] : []));
      expect(await page.locator('.ts-in-play button.ts-die').count()).toBe(inPlay.length);
      const first = (await page.locator('.ts-in-play button.ts-die').first().boundingBox())!;
      console.log(
        `T&S die on the table at ${c.size.width}px: ${first.width.toFixed(1)}×${first.height.toFixed(1)} CSS px`,
      );
      expect(first.width).toBeGreaterThanOrEqual(44);
      expect(first.height).toBeGreaterThanOrEqual(44);
      expect(await page.locator('.ts-in-play button.ts-die svg[data-face]').count()).toBe(inPlay.length);

      // Step 2 (TS-5.3): one die picked, the re-roll button names it; a tap pays 1 coin and re-rolls it.
      const reroll = now.legal.find((a) => a.type === 'reroll' && a.dice?.length === 1);
      if (reroll) {
        expect(await page.locator('.ts-moves button[data-action=reroll]').isDisabled()).toBe(true);
        const die = page.locator(`.ts-die[data-die="${reroll.dice![0]}"]`);
        await die.click();
        expect(await die.getAttribute('aria-pressed')).toBe('true');
        expect(await die.locator('.ts-check').count()).toBe(1);
        const button = page.locator('.ts-moves button[data-action=reroll]:not(:disabled)');
        await button.waitFor();
        await page.locator('.ts-table').scrollIntoViewIfNeeded();
        await shot('reroll');
        await button.click();
        await waitPast(page, now.version);
        const after = await apiView(page);
        expect(after.coins).toBe(now.coins - 1);
        now = after;
      }

      // Step 3 (TS-6.2, TS-6.3): each train die picked makes only its spaces glow; one tap on one places it.
      if (c.size === PHONE) {
        const zoomIn = page.locator('.zoom button').last();
        while (await zoomIn.isEnabled()) await zoomIn.click();
        // At the zoom where a phone acts, the map's labels are readable: at least 11 px.
        const smallest = await page.evaluate(() =>
          Math.min(
            ...[...document.querySelectorAll('.board svg text')]
              .filter((el) => (el.textContent ?? '').trim() !== '')
              .map((el) => el.getBoundingClientRect().height),
          ),
        );
        console.log(`T&S smallest board label on the phone, zoomed in: ${smallest.toFixed(1)} px`);
        expect(smallest).toBeGreaterThanOrEqual(11);
      }
      let placed = 0;
      while (now.legal.some((a) => a.type === 'place_train') && placed < 6) {
        const die = now.legal.find((a) => a.type === 'place_train')!.die!;
        const spaces = [
          ...new Set(now.legal.filter((a) => a.type === 'place_train' && a.die === die).map((a) => `space:${a.space}`)),
        ].sort();
        await page.locator(`.ts-die[data-die="${die}"]`).click();
        await expect.poll(() => glowing(page)).toEqual(spaces);
        // The table says the next tap is on the map and, on a phone where the map is above it, brings the map back.
        expect(await page.locator('.ts-on-map').count()).toBe(1);
        if (c.size === PHONE) {
          await page.locator('.ts-on-map button').click();
          await expect
            .poll(() =>
              page
                .locator('#board')
                .evaluate((el) => el.getBoundingClientRect().top < 812 && el.getBoundingClientRect().bottom > 0),
            )
            .toBe(true);
        }
        const key = spaces[Math.floor(spaces.length / 2)]!;
        if (placed === 0) {
          await page
            .locator(`.board [data-target="${key}"]`)
            .evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
          await shot('train');
          expect(await seriousViolations(page)).toEqual([]);
        }
        const box = await tapPlace(page, key);
        console.log(
          `T&S track space at ${page.viewportSize()!.width}px where tapped: ${box.width.toFixed(1)}×${box.height.toFixed(1)} CSS px`,
        );
        expect(box.width).toBeGreaterThanOrEqual(c.size === PHONE ? 44 : 10);
        expect(box.height).toBeGreaterThanOrEqual(c.size === PHONE ? 44 : 10);
        await waitPast(page, now.version);
        const after = await apiView(page);
        expect(after.dice[die]!.zone).toBe('track');
        expect(after.dice[die]!.space).toBe(key.slice('space:'.length));
        now = after;
        placed++;
      }
      if (!now.legal.some((a) => a.type === 'place_train') && now.legal.some((a) => a.type === 'stop_rolling')) {
        await page.locator('.ts-moves button[data-action=stop_rolling]').click();
        await waitPast(page, now.version);
        now = await apiView(page);
      }

      // The end of the resolution (TS-6.14): with no die picked, saving none.
      if (now.legal.some((a) => a.type === 'end_resolution')) {
        const end = page.locator('.ts-moves button[data-action=end_resolution]:not(:disabled)');
        await end.first().click();
        await waitPast(page, now.version);
        expect((await apiView(page)).pending).not.toBe('resolve');
      }

      if (c.size === PHONE)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // "Your hand" in the bottom bar reaches the table on the phone.
      if (c.size === PHONE) {
        await page
          .locator('nav.jump button')
          .nth((await page.locator('nav.jump button').count()) - 2)
          .click();
        await expect
          .poll(() => page.locator('#table').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
          .toBeLessThan(100);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(c.other);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('played');
      expect(problems).toEqual([]);
      await page.context().close();
    }, 300_000);
  }
});
