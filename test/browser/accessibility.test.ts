/**
 * Accessibility in Chromium: axe-core (run from node_modules in the page, never bundled)
 * finds no serious or critical violation on any page at 375×812 and at 1280×800; and a board move
 * can be made with the keyboard alone (Tab to a place, Enter, then the choice).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testClient, textOf } from '../support/client.js';
import { signUp } from '../../scripts/support/chromium.js';
import { seriousViolations } from './axe.js';
import { gameWithBots, pageToken, pastAbortWindow, playOn, playUntilLegal } from './table.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;

const suite = useBrowserSuite();

/** A fresh Ticket to Ride game of the prepared player at a turn that can claim a route: places to act on. */
async function gameWithPlaces(): Promise<string> {
  const id = await gameWithBots(suite.server.url, pages.token, 'ticket-to-ride-europe', 2);
  await playUntilLegal(suite.server.url, pages.token, id, 'claim_route');
  return id;
}

/** A fresh page at `hash`, signed in as the prepared player (the token stored before the app starts). */
async function openSignedIn(hash: string, width: number, height: number): Promise<{ page: Page; problems: string[] }> {
  const opened = await suite.openAs(pages.token, width, height);
  await opened.page.goto(`${suite.server.url}/${hash}`);
  return opened;
}

/** The pages of the client, each reached on `page` and waited for; the game pages by their ids. */
interface Pages {
  token: string;
  running: string;
  finished: string;
  invite: string;
}

async function preparePages(): Promise<Pages> {
  const { page } = await suite.open(1280, 800);
  await signUp(page, suite.server.url, 'Ada');
  const token = await pageToken(page);
  const running = await gameWithBots(suite.server.url, token, 'ticket-to-ride-europe', 2);
  await playOn(suite.server.url, token, running, 6);
  const finished = await gameWithBots(suite.server.url, token, 'vlaky-na-trati', 2);
  await playOn(suite.server.url, token, finished);
  await ratedGame(token);
  const host = await testClient(suite.server.url).newPlayer('Host');
  const open = dataOf(
    await host.POST('/v1/games', {
      body: { game: 'streetcar', players: 2, bots: 0, timeControl: { perMove: 'P3D', onTimeout: 'bot' } },
    }),
  );
  // The lobby lists it.
  dataOf(
    await host.POST('/v1/games', {
      body: {
        game: 'ticket-to-ride-europe',
        players: 3,
        visibility: 'public',
        timeControl: { perMove: 'P1D', onTimeout: 'bot' },
      },
    }),
  );
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  const away = await testClient(suite.server.url, { token }).POST('/v1/players/me/vacations', {
    body: { from: day(2), until: day(9) },
  });
  expect(away.response.status, textOf(away)).toBe(201);
  await page.context().close();
  return { token, running, finished, invite: `#/join/${open.id}/${open.inviteCode}` };
}

/** A public game the prepared player won against a person (Bea resigns), so the profile, leaderboard and search show something. */
async function ratedGame(token: string): Promise<void> {
  const bea = await testClient(suite.server.url).newPlayer('Bea');
  const prepared = testClient(suite.server.url, { token });
  const { id, inviteCode } = dataOf(await prepared.POST('/v1/games', { body: { game: 'streetcar', players: 2 } }));
  dataOf(await bea.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode: inviteCode! } }));
  const meta = (await suite.server.services.table.readGame(id))!.meta;
  await suite.server.services.table.replaceMeta({ ...meta, visibility: 'public', revision: meta.revision + 1 });
  await pastAbortWindow([prepared, bea], id);
  dataOf(await bea.POST('/v1/games/{id}/resign', { params: { path: { id } } }));
  await suite.server.services.results.record(id);
}

let pages: Pages;

beforeAll(async () => {
  pages = await preparePages();
}, 240_000);

const VISITS: { name: string; hash: (p: Pages) => string; signedIn: boolean; ready: string }[] = [
  { name: 'welcome', hash: () => '#/', signedIn: false, ready: 'input[name=name]' },
  // An emailed sign-in link: the email sign-in open at its code step.
  {
    name: 'welcome-sign-in-link',
    hash: () => '#/sign-in/anna%40example.org/042917',
    signedIn: false,
    ready: 'input[name=signInCode]',
  },
  { name: 'games', hash: () => '#/', signedIn: true, ready: '.games li' },
  { name: 'new-game', hash: () => '#/new', signedIn: true, ready: 'select[name=game]' },
  { name: 'lobby', hash: () => '#/lobby', signedIn: true, ready: '.lobby-games li' },
  { name: 'join', hash: (p) => p.invite, signedIn: true, ready: '.facts' },
  { name: 'settings-and-vacations', hash: () => '#/settings', signedIn: true, ready: '.vacations li' },
  { name: 'running-game', hash: (p) => `#/games/${p.running}`, signedIn: true, ready: 'section.actions' },
  { name: 'finished-game', hash: (p) => `#/games/${p.finished}`, signedIn: true, ready: '.ending' },
  { name: 'profile', hash: () => '#/players/me', signedIn: true, ready: '.finished li' },
  { name: 'leaderboard', hash: () => '#/leaderboards/streetcar', signedIn: true, ready: 'table.board tbody tr' },
  { name: 'search', hash: () => '#/search', signedIn: true, ready: '.finished li' },
  { name: 'not-found', hash: () => '#/games/%E0%A4%A', signedIn: true, ready: 'h1' },
];

describe('axe-core on every page', () => {
  for (const [width, height] of SIZES) {
    for (const visit of VISITS) {
      it(`${visit.name} at ${width}×${height}: no serious or critical violation`, async () => {
        const { page, problems } = visit.signedIn
          ? await suite.openAs(pages.token, width, height)
          : await suite.open(width, height);
        await page.goto(`${suite.server.url}/${visit.hash(pages)}`);
        await page.waitForSelector(visit.ready);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `a11y-${visit.name}-${width}.png`) });
        expect(problems).toEqual([]);
        await page.context().close();
      }, 60_000);
    }
  }

  it('the running game with the list of all actions open and a place picked: still none', async () => {
    const { page } = await openSignedIn(`#/games/${await gameWithPlaces()}`, 375, 812);
    await page.waitForSelector('section.actions');
    await page.click('.all-actions summary');
    const before = await page.evaluate(() =>
      Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0),
    );
    await page.locator('.board .target').first().dispatchEvent('click');
    // A place of several actions lists them; one of a single action is taken at once where the game's table says so (Ticket to Ride).
    await page.waitForFunction(
      (v) =>
        document.querySelector('.choices p') !== null ||
        Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > v,
      before,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('the board by keyboard', () => {
  it('Tab reaches a board place; Enter opens its choices; a choice by keyboard makes the move', async () => {
    const { page, problems } = await openSignedIn(`#/games/${await gameWithPlaces()}`, 1280, 800);
    await page.waitForSelector('section.actions');
    await page.waitForSelector('.board .target[tabindex="0"]');
    const before = await page.evaluate(() =>
      Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0),
    );
    // Every place a legal action is about is a named button in the tab order.
    const places = await page.evaluate(() =>
      [...document.querySelectorAll('.board .target')].map((el) => ({
        role: el.getAttribute('role'),
        tab: el.getAttribute('tabindex'),
        named: (el.getAttribute('aria-label') ?? el.querySelector('title')?.textContent ?? '').trim() !== '',
      })),
    );
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((p) => p.role === 'button' && p.tab === '0' && p.named)).toBe(true);
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.classList.contains('target') ?? false)) break;
    }
    expect(
      await page.evaluate(
        () =>
          `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('class')} ${document.activeElement?.textContent?.slice(0, 40)}`,
      ),
    ).toMatch(/target/);
    await page.keyboard.press('Enter');
    // A place of several actions lists them; one of a single action is taken by Enter itself where the game's table says so (Ticket to Ride).
    await page.waitForFunction(
      (v) =>
        document.querySelector('.choices p') !== null ||
        Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > v,
      before,
    );
    if (await page.$('.choices p')) {
      // The choices are buttons: Tab reaches the first, Space presses it.
      await page.locator('.choices').first().locator('button:not(.secondary)').first().focus();
      await page.keyboard.press('Space');
    }
    await page.waitForFunction(
      (v) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > v,
      before,
    );
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
