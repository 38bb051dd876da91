/**
 * The other seats' last moves on the board in Chromium: after the view changes, the
 * places the other seats' moves touched carry a dashed frame with the mover's number and a label
 * (never colour alone), and a log entry with a place leads to it on the board.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataOf, testClient } from '../support/client.js';
import { signUp } from '../../scripts/support/chromium.js';
import { gameWithBots, pageToken, playOn } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

/** The frames on the board: their kind, label, seat badges and the board key of the place under them. */
const marks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.board .marks .mark')].map((m) => ({
      kind: m.classList.contains('recent') ? 'recent' : 'located',
      label: m.getAttribute('aria-label'),
      badges: [...m.querySelectorAll('.badge text')].map((x) => x.textContent),
      dashed: getComputedStyle(m.querySelector('.line')!).strokeDasharray,
    })),
  );

/** The game's version as the page shows it (the replay slider's end; 0 before the first move). */
const version = (page: Page) =>
  page.evaluate(() => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0));

/** The squares the bot (seat 1) laid tiles on after version `after`, from the log's events. */
async function botSquares(token: string, id: string, after: number): Promise<string[]> {
  // Read as the platform's log shape: the events' own per-game unions are not needed to find a square.
  const log: { seat: number; events: readonly { type: string; data?: Record<string, unknown> }[] }[] = dataOf(
    await testClient(suite.server.url, { token }).GET('/v1/games/{id}/log', {
      params: { path: { id }, query: { after } },
    }),
  ).entries as never;
  return log
    .filter((e) => e.seat === 1)
    .flatMap((e) => e.events)
    .flatMap((ev) =>
      ev.type === 'place' || ev.type === 'exchange' ? [`square:${String(ev.data?.row)},${String(ev.data?.col)}`] : [],
    );
}

describe('last moves on the board', () => {
  it("Streetcar: the bot's tiles since my last look are framed, dashed, with its number and a label; a log entry scrolls to its place", async () => {
    const { page, problems } = await suite.open(375, 812);
    await signUp(page, suite.server.url, 'Marta');
    const token = await pageToken(page);
    const id = await gameWithBots(suite.server.url, token, 'streetcar', 2, { firstPlayer: 0 });
    await page.goto(`${suite.server.url}/#/games/${id}`);
    await page.waitForSelector('section.actions');
    const seen = await version(page);

    // Moves made elsewhere (another device) while this page is closed: an open page waits on the game
    // and would show each version as it comes, so its "last look" would move on with them.
    await page.goto('about:blank');
    await playOn(suite.server.url, token, id, 4);
    await page.goto(`${suite.server.url}/#/games/${id}`);
    await page.waitForSelector('.board .marks .mark.recent');
    const squares = await botSquares(token, id, seen);
    expect(squares.length).toBeGreaterThan(0);
    // Every square the bot built on since the last look is framed, once the page has the log after it.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('.board .marks .mark.recent').length))
      .toBe(new Set(squares).size);
    for (const m of await marks(page)) {
      expect(m).toMatchObject({ kind: 'recent', label: expect.stringMatching(/^Last move of Bot/), badges: ['2'] });
      expect(m.dashed).not.toBe('none');
    }
    await page.locator('.board').screenshot({ path: join(SHOTS, 'last-moves-streetcar-phone.png') });

    // Moves here until the bot has answered: its answer is what is framed now.
    const before = await version(page);
    for (let i = 0; i < 6 && (await botSquares(token, id, before)).length === 0; i++) {
      const at = await version(page);
      await page.locator('.board .target').first().dispatchEvent('click');
      await page.locator('.choices').first().locator('button:not(.secondary)').first().click();
      await page.waitForFunction(
        (v) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > v,
        at,
      );
    }
    const after = await botSquares(token, id, before);
    expect(after.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('.board .marks .mark.recent').length))
      .toBe(new Set(after).size);

    // The log leads to the place of a move: a solid frame, scrolled into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const link = page.locator('.log .locate').last();
    expect(await link.getAttribute('aria-label')).toMatch(/^Show move \d+ on the board$/);
    await link.click();
    await page.waitForSelector('.board .marks .mark.located');
    const box = await page.locator('.board .marks .mark.located').first().boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(812);
    expect(await page.locator('.board .marks .mark.located').first().getAttribute('aria-label')).toBe(
      'The place of the move picked in the log',
    );
    await page.screenshot({ path: join(SHOTS, 'last-moves-located-phone.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("Ticket to Ride Europe: the bot's route, face-up slot or pile of its last move is framed on a first visit", async () => {
    const { page, problems } = await suite.open(1280, 800);
    await signUp(page, suite.server.url, 'Tomas');
    const token = await pageToken(page);
    const id = await gameWithBots(suite.server.url, token, 'ticket-to-ride-europe', 2);
    await playOn(suite.server.url, token, id, 12);
    await page.goto(`${suite.server.url}/#/games/${id}`);
    // A claimed route is framed on the board; a face-up card or a pile taken is marked on the game's table beside it.
    await page.waitForSelector('.board .marks .mark.recent, .side [data-target].recent');
    const onTable = await page.$$eval('.side [data-target].recent', (els) =>
      els.map((el) => (el as HTMLElement).dataset.recent ?? null),
    );
    const labels = [...(await marks(page)).map((m) => m.label), ...onTable];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => /^Last move of Bot/.test(l ?? ''))).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'last-moves-ttr-desktop.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
