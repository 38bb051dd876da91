/**
 * In Chromium at 375×812, two people in two browser contexts: a take-back accepted
 * and one refused, resigning (with its confirmation) and a rematch. Streetcar: the first tile of a
 * turn (SC-5) may be taken back; the second draws new tiles (SC-6) and may not.
 * Screenshots go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataOf, type Api } from '../support/client.js';
import { signUp } from '../../scripts/support/chromium.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';

const suite = useBrowserSuite();

interface Person {
  page: Page;
  problems: string[];
  api: Api;
}

/** A person signed up in a browser context of their own, and the API acting as them (the same token). */
async function person(name: string): Promise<Person> {
  const { page, problems } = await suite.open();
  await signUp(page, suite.server.url, name);
  const token = await page.evaluate(() => localStorage.getItem('railpost.token'));
  return { page, problems, api: suite.api.as(token ?? undefined) };
}

/** Anna's two-seat Streetcar game that Ben joined; Anna moves first. */
async function streetcar(anna: Person, ben: Person): Promise<string> {
  const { id, inviteCode } = dataOf(
    await anna.api.POST('/v1/games', { body: { game: 'streetcar', players: 2, options: { firstPlayer: 0 } } }),
  );
  dataOf(await ben.api.POST('/v1/games/{id}/join', { params: { path: { id } }, body: { inviteCode: inviteCode! } }));
  return id;
}

/** Anna lays her first tile of the turn through the API (SC-5). */
async function placeTile(anna: Person, id: string): Promise<void> {
  const view = dataOf(await anna.api.GET('/v1/games/{id}/view', { params: { path: { id } } }));
  const place = view.legalActions.find((a) => a.type === 'place');
  if (!place) throw new Error('no tile to place');
  dataOf(
    await anna.api.POST('/v1/games/{id}/actions', {
      params: { path: { id } },
      body: { action: place, expectedVersion: view.version },
    }),
  );
}

const openGame = async (p: Person, id: string) => {
  await p.page.goto(`${suite.server.url}/#/games/${id}`);
  await p.page.waitForSelector('.board svg');
};

describe('take-backs in the browser', () => {
  it('Anna asks to take back her tile; Ben accepts, and later refuses another request', async () => {
    const [anna, ben] = [await person('Anna'), await person('Ben')];
    const id = await streetcar(anna, ben);
    await placeTile(anna, id);

    await openGame(anna, id);
    await anna.page.click('button:has-text("Ask to take back my last move")');
    await anna.page.waitForSelector('text=You asked to take back your last move. Waiting for Ben.');
    await anna.page.screenshot({ path: join(SHOTS, 'finish-takeback-asked.png'), fullPage: true });

    await openGame(ben, id);
    await ben.page.waitForSelector('text=Anna asks to take back their last move.');
    await ben.page.screenshot({ path: join(SHOTS, 'finish-takeback-answer.png'), fullPage: true });
    await ben.page.click('.finish button:has-text("Accept")');
    await ben.page.waitForSelector(String.raw`.log >> text=/The game went back to move \d+ for Anna\./`);
    await ben.page.screenshot({ path: join(SHOTS, 'finish-takeback-accepted.png'), fullPage: true });
    expect(dataOf(await ben.api.GET('/v1/games/{id}', { params: { path: { id } } })).toAct).toEqual([0]);

    await placeTile(anna, id);
    await openGame(anna, id);
    await anna.page.click('button:has-text("Ask to take back my last move")');
    await anna.page.waitForSelector('text=Waiting for Ben.');
    await openGame(ben, id);
    await ben.page.click('.finish button:has-text("Refuse")');
    await ben.page.waitForSelector('.log >> text=Ben refused the take-back.');
    expect(await ben.page.locator('.finish').textContent()).not.toContain('asks to take back');
    await ben.page.screenshot({ path: join(SHOTS, 'finish-takeback-refused.png'), fullPage: true });
    const game = dataOf(await anna.api.GET('/v1/games/{id}', { params: { path: { id } } }));
    expect(game.takeback).toBeUndefined();
    expect(game.toAct).toEqual([0]);

    expect([...anna.problems, ...ben.problems]).toEqual([]);
    await Promise.all([anna.page.context().close(), ben.page.context().close()]);
  }, 120_000);
});

describe('resigning and a rematch in the browser', () => {
  it('Anna resigns after confirming; she offers a rematch, Ben accepts, and both reach the new game', async () => {
    const [anna, ben] = [await person('Anna'), await person('Ben')];
    const id = await streetcar(anna, ben);
    await openGame(anna, id);
    await anna.page.click('.finish button:has-text("Resign")');
    await anna.page.waitForSelector('text=Resign from this game?');
    await anna.page.screenshot({ path: join(SHOTS, 'finish-resign-confirm.png'), fullPage: true });
    await anna.page.click('button:has-text("Yes, resign")');
    await anna.page.waitForSelector('text=The game is over.');
    expect(await anna.page.locator('.seats').textContent()).toContain('forfeited');

    await anna.page.click('button:has-text("Offer a rematch")');
    await anna.page.waitForSelector('text=Rematch offered. Waiting for Ben.');
    await openGame(ben, id);
    await ben.page.waitForSelector('text=Anna offers a rematch');
    await ben.page.screenshot({ path: join(SHOTS, 'finish-rematch-offered.png'), fullPage: true });
    await ben.page.click('.finish button:has-text("Accept")');
    await ben.page.click('a:has-text("Open the rematch")');
    await ben.page.waitForSelector('.board svg');
    const rematch = dataOf(await ben.api.GET('/v1/games/{id}', { params: { path: { id } } })).rematch!;
    expect(ben.page.url()).toBe(`${suite.server.url}/#/games/${rematch.gameId}`);
    expect(await ben.page.locator('.seats').textContent()).toMatch(/Ben \(you\).*Anna/s);
    await ben.page.screenshot({ path: join(SHOTS, 'finish-rematch-started.png'), fullPage: true });

    expect([...anna.problems, ...ben.problems]).toEqual([]);
    await Promise.all([anna.page.context().close(), ben.page.context().close()]);
  }, 120_000);
});
