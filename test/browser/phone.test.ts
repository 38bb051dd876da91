/**
 * The board on a 375×812 phone: zoomed in to the closest level, every place a legal
 * action is about measures at least 44×44 CSS px and every label at least 11 px high; a tap there
 * picks the place drawn under the finger; a bar at the bottom reaches the move list, the hand and
 * the log from anywhere. Measured for each game with a board to act on, at a turn with places on
 * it to tap.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../scripts/support/chromium.js';
import { gameWithBots, pageToken, playOn, playUntilLegal } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const TAP = 44;
const LABEL = 11;

const suite = useBrowserSuite();

/** The smallest place and label on the board as drawn now (CSS px). */
const sizes = (page: Page) =>
  page.evaluate(() => {
    const places = [...document.querySelectorAll('.board .target')].map((el) => {
      const b = el.getBoundingClientRect();
      return { key: el.getAttribute('data-target'), width: b.width, height: b.height };
    });
    const labels = [...document.querySelectorAll('.board svg text')]
      .filter((el) => (el.textContent ?? '').trim() !== '' && !el.closest('.marks'))
      .map((el) => ({ text: el.textContent, height: el.getBoundingClientRect().height }));
    return {
      places: places.length,
      smallestPlace: Math.min(...places.map((p) => Math.min(p.width, p.height))),
      smallest: places.sort((a, b) => Math.min(a.width, a.height) - Math.min(b.width, b.height))[0],
      smallestLabel: Math.min(...labels.map((l) => l.height)),
      smallestLabelText: labels.sort((a, b) => a.height - b.height).slice(0, 3),
    };
  });

async function zoomAllTheWay(page: Page): Promise<void> {
  while (await page.locator('.zoom button[aria-label="Zoom in"]').isEnabled())
    await page.click('.zoom button[aria-label="Zoom in"]');
}

/**
 * Each game `moves` moves in, so that the log has lines, then at a turn with places on its board to
 * act on: Ticket to Ride at a route to claim (not its ticket choice, nor the second card of a draw,
 * where only the table acts), Streetcar at a tile to place, Trains & Stations at a train die to
 * place, Vlaky na trati at its opening choice of track.
 */
const BOARDS: { game: string; players: number; moves: number; until: string }[] = [
  { game: 'ticket-to-ride-europe', players: 2, moves: 2, until: 'claim_route' },
  { game: 'streetcar', players: 2, moves: 2, until: 'place' },
  { game: 'trains-and-stations', players: 3, moves: 2, until: 'place_train' },
  { game: 'vlaky-na-trati', players: 2, moves: 0, until: 'choose_track' },
];

describe('the board on a phone', () => {
  for (const { game, players, moves, until } of BOARDS) {
    it(`${game}: zoomed in, places are at least ${TAP}×${TAP} px and labels at least ${LABEL} px; a tap picks the place under it`, async () => {
      const { page, problems } = await suite.open(375, 812);
      await signUp(page, suite.server.url, 'Pia');
      const token = await pageToken(page);
      const id = await gameWithBots(suite.server.url, token, game, players);
      await playOn(suite.server.url, token, id, moves);
      await playUntilLegal(suite.server.url, token, id, until);
      await page.goto(`${suite.server.url}/#/games/${id}`);
      await page.waitForSelector('.board .target');
      const fit = await sizes(page);
      await zoomAllTheWay(page);
      const zoomed = await sizes(page);
      console.log(`${game} at 375×812: fit ${JSON.stringify(fit)}; zoomed ${JSON.stringify(zoomed)}`);
      expect(zoomed.places).toBeGreaterThan(0);
      expect(zoomed.smallestPlace).toBeGreaterThanOrEqual(TAP);
      expect(zoomed.smallestLabel).toBeGreaterThanOrEqual(LABEL);
      await page.screenshot({ path: join(SHOTS, `phone-${game}-zoomed.png`) });

      // A tap in the middle of a place picks that place (its drawn shapes win over a neighbour's tap area).
      // A later place rather than the first, but the turn may offer only a few (Ticket to Ride's claimable routes).
      const place = page.locator('.board .target').nth(Math.min(3, zoomed.places - 1));
      const key = await place.getAttribute('data-target');
      // The shape is brought to the middle of the screen: near an edge the bottom bar would take the tap.
      const centre = await place.evaluate((el) => {
        const shape =
          [...el.querySelectorAll('*:not(.hit):not(title)')].find((c) => c.getBoundingClientRect().width > 0) ?? el;
        shape.scrollIntoView({ block: 'center', inline: 'center' });
        const b = shape.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      });
      const movesBefore = await page.evaluate(() =>
        Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0),
      );
      await page.mouse.click(centre.x, centre.y);
      // That place is picked (its actions listed), or, where a tap on a place of one action takes it (Ticket to Ride's table), the move is made.
      await expect
        .poll(() =>
          page.evaluate(
            ([k, before]) =>
              document.querySelector('.board .picked')?.getAttribute('data-target') === k ||
              Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > Number(before),
            [key, movesBefore] as const,
          ),
        )
        .toBe(true);

      // The bottom bar reaches the move list and the log from the board.
      await page.click('.jump button:has-text("Your move")');
      await expect
        .poll(() => page.locator('section.actions').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThan(812);
      // "Your hand" reaches the game's own table where it has one (Ticket to Ride, Streetcar), else the private panel.
      await page.click('.jump button:has-text("Your hand")');
      await expect
        .poll(() => page.locator('#table').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThan(100);
      await page.click('.jump button:has-text("Log")');
      // The log's top is brought up the screen; on a page too short below the log for that, the page is scrolled to its end with the log's top well above the bar.
      const logReached = () =>
        page.locator('.log').evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
          return top < 400 || (atEnd && top < window.innerHeight - 150);
        });
      await expect.poll(logReached).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: join(SHOTS, `phone-${game}-log.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    }, 120_000);
  }

  it('a tap on a place is taken by the shape the browser hit, though the whole-pixel point of the tap falls just off it', async () => {
    const { page, problems } = await suite.open(375, 812);
    await signUp(page, suite.server.url, 'Pim');
    const token = await pageToken(page);
    // Streetcar's squares glow wherever a tile may go, and the board is drawn the same in every game.
    const id = await gameWithBots(suite.server.url, token, 'streetcar', 2);
    await playUntilLegal(suite.server.url, token, id, 'place');
    await page.goto(`${suite.server.url}/#/games/${id}`);
    await page.waitForSelector('.board .target');
    // A point just inside a glowing place's shape, at its top left corner, whose whole-pixel part (what
    // the click event reports) is on no place at all: only the shape the browser hit names the place.
    const point = await page.evaluate(() => {
      for (const place of document.querySelectorAll('.board .target')) {
        for (const shape of place.querySelectorAll('text, circle, rect, path, line, polygon')) {
          const b = shape.getBoundingClientRect();
          const fx = b.left - Math.floor(b.left);
          const fy = b.top - Math.floor(b.top);
          if (fx === 0 || fy === 0 || b.width < 1 || b.height < 1) continue;
          const x = b.left + (1 - fx) / 2;
          const y = b.top + (1 - fy) / 2;
          const hit = document.elementsFromPoint(x, y)[0];
          const onAPlace = document
            .elementsFromPoint(Math.trunc(x), Math.trunc(y))
            .some((el) => el.closest('[data-target].target'));
          if (hit?.closest('[data-target]') === place && !onAPlace)
            return { key: place.getAttribute('data-target'), x, y };
        }
      }
      return null;
    });
    expect(point, 'a place whose shape the whole-pixel point misses').not.toBeNull();
    const movesBefore = await page.evaluate(() =>
      Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0),
    );
    await page.mouse.click(point!.x, point!.y);
    await expect
      .poll(() =>
        page.evaluate(
          ([k, before]) =>
            document.querySelector('.board .picked')?.getAttribute('data-target') === k ||
            Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > Number(before),
          [point!.key, movesBefore] as const,
        ),
      )
      .toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
