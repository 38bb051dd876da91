/**
 * The end of a game in Chromium: the winner named in a headline, the ranking with
 * places and points, every seat's score lines in the reader's language, the hands the final view
 * reveals, the player's own panel still there, a replay from the first move, and log numbers of
 * three digits shown whole; every game type reaches its end screen here or in the other browser tests. Screenshots at 375×812 and 1280×800 go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameWithBots, pageToken, playOn } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

/** Signs up on a fresh page of the given size, plays a game of `game` (the player and bots) to its end through the API and opens it. */
async function finishedGame(game: string, name: string, width: number, height: number, locale?: string, players = 2) {
  const watched = await suite.open(width, height, locale);
  await watched.page.goto(`${suite.server.url}/`);
  await watched.page.fill('input[name=name]', name);
  await watched.page.click('form button[type=submit]');
  await watched.page.waitForSelector('header nav');
  const token = await pageToken(watched.page);
  const id = await gameWithBots(suite.server.url, token, game, players);
  const final = await playOn(suite.server.url, token, id);
  expect(final.status).toBe('finished');
  await watched.page.goto(`${suite.server.url}/#/games/${id}`);
  await watched.page.waitForSelector('.ending .headline');
  return { ...watched, id, final };
}

/** True when no text inside `selector` is cut off by its box (scrollWidth beyond clientWidth). */
const clipped = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    selector,
  );

describe('the end of a game in Chromium', () => {
  it('Vlaky na trati: headline with the winner, ranking, score lines in words, revealed hands, own panel, replay from move 0', async () => {
    const { page, problems, final } = await finishedGame('vlaky-na-trati', 'Vera', 1280, 800);
    const { outcome, seats } = final;
    const bot = seats[1]!.name;
    const winners = outcome.ranking.flatMap((place, seat) => (place === 1 ? [seats[seat]!.name] : []));

    const headline = (await page.locator('.ending .headline').textContent()) ?? '';
    if (winners.length === 1 && winners[0] === 'Vera') expect(headline).toContain('You won');
    else for (const w of winners) expect(headline).toContain(w);

    // The ranking: one row per seat, in order of place, with its points.
    const rows = await page
      .locator('.ranking tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => Number(r[0]))).toEqual([...outcome.ranking].sort((a, b) => a - b));
    for (const [place, name, points] of rows) {
      const seat = name!.includes('Vera') ? 0 : 1;
      expect(Number(place)).toBe(outcome.ranking[seat]);
      expect(Number(points)).toBe(outcome.scores[seat]);
    }

    // Every seat's lines, as many as the outcome has, the engine's phrases put in words (no "PASSENGER").
    expect(outcome.breakdown[0]!.length).toBeGreaterThan(0);
    const tables = page.locator('.breakdown table.score-lines');
    expect(await tables.count()).toBe(2);
    const lineCounts = await tables.evaluateAll((ts) => ts.map((t) => t.querySelectorAll('tbody tr').length));
    expect(lineCounts.sort()).toEqual(outcome.breakdown.map((b) => b.length).sort());
    const lineText = (await page.locator('.breakdown').textContent()) ?? '';
    expect(lineText).toContain('Row: passenger');
    expect(lineText).toContain('Coins');
    expect(lineText).not.toMatch(/[A-Z]{3,}/);

    // The bot's hand as the final view shows it; the player's own hand still in the private panel.
    expect(await page.locator('.revealed h3').allTextContents()).toEqual([expect.stringContaining(bot)]);
    expect(await page.locator('.revealed').textContent()).toMatch(/A cards? in hand/);
    expect(await page.locator('.private').textContent()).toMatch(/Your hand at the end.*A cards? in hand/);

    expect(await page.locator('.log li .n').first().textContent()).toBe(String(final.version));
    await page.screenshot({ path: join(SHOTS, 'end-vlaky-desktop.png'), fullPage: true });

    await page.click('button:has-text("Replay from the start")');
    await page.waitForSelector('button:has-text("Back to now")');
    expect(await page.locator('input[name=replay]').inputValue()).toBe('0');
    expect(await page.locator('.replay label').textContent()).toContain(`move 0 of ${final.version}`);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('Ticket to Ride Europe on a phone: ticket lines in words, every hand and ticket revealed, log numbers past 99 shown whole', async () => {
    const { page, problems, final } = await finishedGame('ticket-to-ride-europe', 'Tomas', 375, 812);
    const bot = final.seats[1]!.name;
    const lines = (await page.locator('.breakdown').textContent()) ?? '';
    expect(lines).toContain('Routes');
    expect(lines).toMatch(/Ticket .+ — (completed|not completed)/);
    expect(lines).not.toContain('European Express —');
    expect(await page.locator('.revealed h3').allTextContents()).toEqual([expect.stringContaining(bot)]);
    expect(await page.locator('.revealed').textContent()).toMatch(/Train cards \(\d+\).*Tickets \(\d+\)/);
    expect(await page.locator('.private').textContent()).toMatch(/Your hand at the end.*Train cards.*Tickets/);
    // The log's numbers are text of their own, not list markers: three digits show whole.
    expect(final.version).toBeGreaterThanOrEqual(100);
    expect(await page.locator('.log li .n').first().textContent()).toBe(String(final.version));
    expect(await clipped(page, '.log li .n')).toEqual([]);
    const box = await page.locator('.log li .n').first().boundingBox();
    const list = await page.locator('.log ol').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(list!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'end-ttr-phone.png'), fullPage: true });
    await page.screenshot({ path: join(SHOTS, 'end-ttr-phone-top.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'end-ttr-desktop.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('Streetcar in Czech on a phone: the headline (a win, or SC-12.3 no winner), ranking and score lines in Czech, nothing wider than the screen', async () => {
    const { page, problems } = await finishedGame('streetcar', 'Věra', 375, 812, 'cs-CZ');
    expect(await page.locator('.ending .headline').textContent()).toMatch(
      /Vyhráli jste!|Vyhrává Bot|Bez vítěze: hra skončila patem\./,
    );
    expect(await page.locator('.ranking caption').textContent()).toBe('Konečné pořadí');
    expect(await page.locator('.breakdown').textContent()).toMatch(
      /Dokončil\(a\) jízdu jako první|Pat: nikdo nevyhrál/,
    );
    expect(await page.locator('.revealed').textContent()).toContain('Karta linky a karta trasy');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'end-streetcar-cs-phone.png'), fullPage: true });
    await page.screenshot({ path: join(SHOTS, 'end-streetcar-cs-phone-top.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('Trains & Stations in German: the winner, the ranking of three, VP, tasks and monopolies in words, every hand revealed (TS-11)', async () => {
    const { page, problems, final } = await finishedGame('trains-and-stations', 'Greta', 1280, 800, 'de-DE', 3);
    const { outcome, seats } = final;
    const winners = outcome.ranking.flatMap((place, seat) => (place === 1 ? [seats[seat]!.name] : []));
    const headline = (await page.locator('.ending .headline').textContent()) ?? '';
    if (winners.length === 1 && winners[0] === 'Greta') expect(headline).toBe('Du hast gewonnen!');
    else for (const w of winners) expect(headline).toContain(w);
    const rows = await page
      .locator('.ranking tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => Number(r[0]))).toEqual([...outcome.ranking].sort((a, b) => a - b));
    for (const [, name, points] of rows) {
      const seat = seats.findIndex((s) => name!.includes(s.name));
      expect(Number(points)).toBe(outcome.scores[seat]);
    }
    // Each seat's lines as the rules score them (TS-11.1–11.3): VP cards, revealed tasks, monopolies, in German words.
    const tables = page.locator('.breakdown table.score-lines');
    expect(await tables.count()).toBe(3);
    const lineCounts = await tables.evaluateAll((ts) => ts.map((t) => t.querySelectorAll('tbody tr').length));
    expect(lineCounts.sort()).toEqual(outcome.breakdown.map((b) => b.length).sort());
    const lines = (await page.locator('.breakdown').textContent()) ?? '';
    expect(lines).toContain('Siegpunkte');
    if (outcome.breakdown.flat().some((l) => l.item === 'monopoly'))
      expect(lines).toMatch(/Meiste Waren einer Sorte.*(Arbeiter|Kohle|Vieh|Nahrung|Silber|Gold): \d+/);
    if (outcome.breakdown.flat().some((l) => l.item === 'task')) expect(lines).toContain('Auftragskarte');
    expect(lines).not.toMatch(/\b(VP|monopoly|task)\b/);
    // The bots' goods and special cards, which the end reveals (TS §17), and the player's own.
    expect(await page.locator('.revealed h3').count()).toBe(2);
    expect(await page.locator('.revealed').textContent()).toMatch(/Warenkarten.*Sonderkarten/);
    expect(await page.locator('.private').textContent()).toMatch(/Warenkarten.*Sonderkarten/);
    expect(await page.locator('.ts-step').textContent()).toBe('Das Spiel ist vorbei');
    await page.screenshot({ path: join(SHOTS, 'end-ts-de-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, 'end-ts-de-phone-top.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});
