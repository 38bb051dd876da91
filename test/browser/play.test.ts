/**
 * The web client in a real browser: Debian's Chromium, headless, driven by Playwright
 * against the local server on a 375-px-wide phone screen. For every game type: sign up, create a
 * game with bots, make moves by clicking the board (and the list where a move has no place on it),
 * see the board change, read the log, replay back to the start; and the same pages in Czech and Russian.
 * Screenshots go to test-results/browser/.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { lastCode } from '../support/accounts.js';
import { dataOf, testClient } from '../support/client.js';
import { pageToken, startInBrowser } from './table.js';
import { signUp as signUpAt } from '../../scripts/support/chromium.js';
import { SHOTS, useBrowserSuite } from '../support/browser-suite.js';
import { followNavLink } from './menu.js';

const MOVES = 4;
/** Moves made, at most, until one is made on the board itself. */
const MOVES_FOR_BOARD = 10;

const renderTimes: Record<string, number> = {};

const suite = useBrowserSuite();

afterAll(() => {
  console.log(`first render of a game page (ms): ${JSON.stringify(renderTimes)}`);
});

const phone = (locale?: string) => suite.open(375, 812, locale);

const signUp = (page: Page, name: string) => signUpAt(page, suite.server.url, name);

/** The picture as drawn, without the client's highlighting of clickable places and last moves (which depend on whose turn it is). */
const PICTURE = () => {
  const svg = document.querySelector('.board svg')?.cloneNode(true) as Element | undefined;
  if (!svg) return '';
  svg.querySelector(':scope > g.marks')?.remove();
  svg.setAttribute('role', 'img');
  for (const el of svg.querySelectorAll('[data-target]')) {
    el.classList.remove('target', 'picked');
    if (!el.getAttribute('class')) el.removeAttribute('class');
    el.removeAttribute('role');
    el.removeAttribute('tabindex');
    el.removeAttribute('aria-label');
  }
  return svg.outerHTML;
};
const boardMarkup = (page: Page) => page.evaluate(PICTURE);
const logCount = (page: Page) => page.locator('.log li').count();
/** The game's version: the replay slider's end, in any language (no slider before the first move: 0). */
const VERSION = () => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0);
const moveNumber = (page: Page) => page.evaluate(VERSION);

/**
 * One move: a highlighted board place (or a place on the game's own table) and one of its choices if
 * it lists any (a place that means one action takes it at once), else the first listed button, else
 * the first action of the full list (where a game's table offers every move, as at Ticket to Ride's
 * opening).
 */
async function move(page: Page): Promise<'board' | 'list'> {
  await page.waitForSelector('section.actions');
  const before = await moveNumber(page);
  const moved = () =>
    page.waitForFunction(
      (v) => Number(document.querySelector<HTMLInputElement>('input[name=replay]')?.max ?? 0) > v,
      before,
    );
  const targets = page.locator('.board .target, [data-table] button[data-target]:not(:disabled)');
  let how: 'board' | 'list';
  if ((await targets.count()) > 0) {
    // A tap moves, lists the choices at that place, or, at a game's own table, only picks (a Trains &
    // Stations die, whose spaces then glow on the board): then one of the glowing places is tapped.
    // Nothing listed or moved within `wait` ms reads as a pick. A glowing place, tapped after a
    // pick, moves or lists: it gets longer, since on a loaded machine the move (and the bots'
    // replies) can take more than a few seconds to come back.
    const tap = async (target: Locator, wait: number): Promise<'moved' | 'listed' | 'picked'> => {
      // A real click where the place is drawn; a label drawn over it may take the pointer, then the event goes to the place itself.
      await target.click({ timeout: 2000 }).catch(() => target.dispatchEvent('click'));
      return Promise.race([
        page.waitForSelector('.choices p', { timeout: wait }).then(
          () => 'listed' as const,
          () => 'picked' as const,
        ),
        moved().then(
          () => 'moved' as const,
          () => 'picked' as const,
        ),
      ]);
    };
    let tapped = await tap(targets.first(), 5000);
    const glowing = page.locator('.board .target');
    if (tapped === 'picked' && (await glowing.count()) > 0) tapped = await tap(glowing.first(), 20_000);
    if (tapped === 'listed') await page.locator('.choices').first().locator('button:not(.secondary)').first().click();
    if (tapped === 'picked') {
      await page.locator('details.all-actions').evaluate((d: HTMLDetailsElement) => (d.open = true));
      await page.locator('details.all-actions li button').first().click();
    }
    how = tapped === 'picked' ? 'list' : 'board';
  } else if ((await page.locator('section.actions .choices button').count()) > 0) {
    await page.locator('section.actions .choices button').first().click();
    how = 'list';
  } else {
    await page.locator('details.all-actions').evaluate((d: HTMLDetailsElement) => (d.open = true));
    await page.locator('details.all-actions li button').first().click();
    how = 'list';
  }
  await moved();
  return how;
}

const GAMES: { id: string; title: string; players: number }[] = [
  { id: 'ticket-to-ride-europe', title: 'Ticket to Ride: Europe', players: 2 },
  { id: 'ticket-to-ride-germany', title: 'Ticket to Ride: Germany', players: 2 },
  { id: 'streetcar', title: 'Streetcar', players: 2 },
  { id: 'trains-and-stations', title: 'Trains', players: 0 },
  { id: 'vlaky-na-trati', title: 'Vlaky', players: 2 },
];

describe('web client in Chromium at 375 px', () => {
  for (const g of GAMES) {
    it(`${g.id}: sign up, create a game with bots, move by clicking, see the board change, read the log, replay`, async () => {
      const { page, problems } = await phone();
      await signUp(page, `Tester ${g.id}`);

      await followNavLink(page, 'a:has-text("New game")');
      await page.selectOption('select[name=game]', g.id);
      const players =
        g.players || Number(await page.locator('select[name=players] option').first().getAttribute('value'));
      await page.selectOption('select[name=players]', String(players));
      await page.selectOption('select[name=bots]', String(players - 1));
      await page.click('button:has-text("Create game")');
      await page.waitForSelector('.board svg');
      const gameUrl = page.url();

      // First render of the game page from a cold load: navigation start to the board on screen (the API's reads + drawing).
      await page.goto('about:blank');
      await page.goto(gameUrl);
      await page.waitForSelector('.board svg');
      renderTimes[g.id] = Math.round(await page.evaluate(() => performance.now()));
      expect(await page.locator('h1').textContent()).toContain(g.title);
      const start = await boardMarkup(page);
      // Bots may have moved already (e.g. chosen their opening tickets): the start is this version.
      const startVersion = await moveNumber(page);
      await page.screenshot({ path: join(SHOTS, `${g.id}-start.png`), fullPage: true });

      // Trains & Stations' dice may leave a few turns in a row with nothing to do on the board: then the moves go on, up to a bound.
      const ways: string[] = [];
      while (ways.length < MOVES || (!ways.includes('board') && ways.length < MOVES_FOR_BOARD))
        ways.push(await move(page));
      expect(ways, 'at least one move made on the board itself').toContain('board');

      expect(await boardMarkup(page)).not.toBe(start);
      expect(await logCount(page)).toBeGreaterThanOrEqual(MOVES);
      const lines = await page.locator('.log li').allTextContents();
      expect(lines.join('\n')).toMatch(/Tester/);
      await page.screenshot({ path: join(SHOTS, `${g.id}-played.png`), fullPage: true });

      // The board fits the phone's width: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: join(SHOTS, `${g.id}-desktop.png`) });
      await page.locator('.board').screenshot({ path: join(SHOTS, `${g.id}-board.png`) });
      await page.setViewportSize({ width: 375, height: 812 });

      await page.locator('input[name=replay]').evaluate((el: HTMLInputElement, v) => {
        el.value = String(v);
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }, startVersion);
      await page.waitForSelector('button:has-text("Back to now")');
      await expect.poll(() => boardMarkup(page), { timeout: 5000 }).toBe(start);
      expect(await page.locator('section.actions').count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, `${g.id}-replay.png`), fullPage: true });
      await page.click('button:has-text("Back to now")');
      await page.waitForSelector('section.actions');

      expect(problems).toEqual([]);
      await page.context().close();
    }, 90_000);
  }
});

describe('invites and settings in Chromium', () => {
  it('a friend joins by the invite link (signing up on the way) and both see the started game', async () => {
    const host = await phone();
    await signUp(host.page, 'Host');
    await followNavLink(host.page, 'a:has-text("New game")');
    await host.page.selectOption('select[name=game]', 'vlaky-na-trati');
    await host.page.selectOption('select[name=players]', '2');
    await host.page.selectOption('select[name=bots]', '0');
    await host.page.click('button:has-text("Create game")');
    const invite = await host.page.locator('input[name=invite]').inputValue();
    expect(invite).toMatch(new RegExp(`^${suite.server.url}/#/join/[\\w-]+/[\\w-]+$`));

    const friend = await phone();
    await friend.page.goto(invite);
    await friend.page.fill('input[name=name]', 'Friend');
    await friend.page.click('button:has-text("Start playing")');
    // The link asks first: only the Join button takes the seat.
    await friend.page.click('button:has-text("Join")');
    await friend.page.waitForSelector('.board svg');
    expect(await friend.page.locator('.seats').textContent()).toContain('Friend (you)');

    // The host's waiting room turns into the game by itself (polling).
    await host.page.waitForSelector('.board svg', { timeout: 15_000 });
    expect(await host.page.locator('.seats').textContent()).toContain('Friend');
    await host.page.screenshot({ path: join(SHOTS, 'invite-host.png'), fullPage: true });
    expect([...host.problems, ...friend.problems]).toEqual([]);
    await host.page.context().close();
    await friend.page.context().close();
  }, 60_000);

  it('settings change what the player is notified of, and the service worker for Web Push is active', async () => {
    const { page, problems } = await phone();
    await page.goto(`${suite.server.url}/`);
    await page.fill('input[name=name]', 'Notified');
    await page.fill('input[name=email]', 'notified@example.org');
    await page.click('button:has-text("Start playing")');
    await page.waitForSelector('h1:has-text("My games")');
    await followNavLink(page, 'a:has-text("Settings")');
    // Notices go to a confirmed address only: the code mailed at sign-up confirms it.
    await page.fill('input[name=confirmCode]', lastCode(suite.server, 'notified@example.org'));
    await page.click('button:has-text("Confirm address")');
    await page.waitForSelector('text=Address confirmed.');
    await page.waitForSelector('input[name=chat]');
    expect(await page.locator('input[name=emailOn]').isChecked()).toBe(true);
    const chatBefore = await page.locator('input[name=chat]').isChecked();
    await page.locator('input[name=chat]').click();
    await page.waitForSelector('.ok');
    const me = await page.evaluate(async () => {
      const r = await fetch('/v1/players/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('railpost.token')}` },
      });
      return (await r.json()) as { notifications: { events: Record<string, boolean> } };
    });
    expect(me.notifications.events.chat).toBe(!chatBefore);
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${suite.server.url}/sw.js`);
    // Subscribing needs the browser's push service, which this closed network cannot reach: the button is offered.
    expect(await page.locator('button:has-text("Turn on notifications here")').count()).toBe(1);

    // Days away: a week from tomorrow is listed with a way to cancel it.
    const date = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await page.fill('input[name=vacationFrom]', date(1));
    await page.fill('input[name=vacationUntil]', date(7));
    await page.click('form:has(input[name=vacationFrom]) button:has-text("Add")');
    await page.waitForSelector('.vacations li button:has-text("Cancel")');
    expect(await page.locator('.vacations li').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'settings.png'), fullPage: true });

    // The same account on another device: the token shown in Settings signs in there; a wrong one does not.
    await page.click('button:has-text("Show my token")');
    const shown = (await page.locator('code.token').textContent()) ?? '';
    const other = await phone();
    await other.page.goto(`${suite.server.url}/`);
    await other.page.click('summary:has-text("I already play here")');
    await other.page.fill('input[name=token]', `${shown}x`);
    await other.page.click('button:has-text("Sign in")');
    await other.page.waitForSelector('.error:has-text("not valid")');
    await other.page.fill('input[name=token]', shown);
    await other.page.click('button:has-text("Sign in")');
    await other.page.waitForSelector('h1:has-text("My games")');
    expect(problems).toEqual([]);
    // The refused token is a 401 the browser reports as a failed load, and nothing else.
    expect(other.problems.filter((p) => !p.includes('401'))).toEqual([]);
    await page.context().close();
    await other.page.context().close();
  });
});

describe('languages in Chromium', () => {
  /** Nothing runs off the side of a 375-px phone. */
  const fitsThePhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  it('a Czech browser gets Czech pages and game wording; Russian chosen in the settings applies at once and stays after a reload', async () => {
    const { page, problems } = await phone('cs-CZ');
    await page.goto(`${suite.server.url}/`);
    await page.waitForSelector('h1:has-text("Vlakové hry poštou")');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('cs');
    await fitsThePhone(page);
    await page.screenshot({ path: join(SHOTS, 'welcome-cs-phone.png'), fullPage: true });
    await page.fill('input[name=name]', 'Tester Čeština');
    await page.click('button:has-text("Začít hrát")');
    await page.waitForSelector('h1:has-text("Moje hry")');
    expect(await page.title()).toBe('Moje hry · railpost');
    // The account speaks the language its player signed up in (its emails do too), and follows the picker.
    const me = testClient(suite.server.url, { token: await pageToken(page) });
    expect(dataOf(await me.GET('/v1/players/me')).language).toBe('cs');

    await followNavLink(page, 'a:has-text("Nová hra")');
    await page.selectOption('select[name=game]', 'vlaky-na-trati');
    await page.selectOption('select[name=players]', '2');
    await page.selectOption('select[name=bots]', '1');
    await page.click('button:has-text("Založit hru")');
    await page.waitForSelector('.board svg');
    const gameUrl = page.url();
    expect(await page.locator('h1').textContent()).toBe('Vlaky na trati');
    await page.waitForSelector('section.actions h2:has-text("Váš tah")');
    for (let i = 0; i < 3; i++) await move(page);
    await page.waitForSelector('.log h2:has-text("Průběh hry")');
    const log = (await page.locator('.log li').allTextContents()).join('\n');
    expect(log).toMatch(/Tester Čeština (otáčí|si vybírá|vykládá)/);
    expect(await page.locator('#table').textContent()).toContain('Váš záznamový arch');
    await fitsThePhone(page);
    await page.screenshot({ path: join(SHOTS, 'vlaky-na-trati-cs-phone.png'), fullPage: true });

    await followNavLink(page, 'a:has-text("Nastavení")');
    await page.waitForSelector('h1:has-text("Nastavení")');
    await page.selectOption('select[name=language]', 'ru');
    await page.waitForSelector('h1:has-text("Настройки")');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await expect.poll(async () => dataOf(await me.GET('/v1/players/me')).language).toBe('ru');
    expect(await page.locator('header nav').textContent()).toContain('Мои игры');
    await fitsThePhone(page);
    await page.screenshot({ path: join(SHOTS, 'settings-ru-phone.png'), fullPage: true });
    await page.reload();
    await page.waitForSelector('h1:has-text("Настройки")');

    await page.goto(gameUrl);
    await page.waitForSelector('.log h2:has-text("Журнал")');
    expect(await page.locator('#table').textContent()).toContain('Ваш бланк');
    await fitsThePhone(page);
    await page.screenshot({ path: join(SHOTS, 'vlaky-na-trati-ru-phone.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  for (const [locale, heading, lang] of [
    ['ru-RU', 'Ваш ход', 'ru'],
    ['cs-CZ', 'Váš tah', 'cs'],
    ['de-DE', 'Dein Zug', 'de'],
  ] as const) {
    it(`${lang}: a Streetcar table in the browser's language, moves and log included, fits the phone`, async () => {
      const { page, problems } = await phone(locale);
      await startInBrowser(page, suite.server.url, `Tester ${lang}`, 'streetcar', 2);
      await page.waitForSelector(`section.actions h2:has-text("${heading}")`);
      for (let i = 0; i < 2; i++) await move(page);
      expect(await page.locator('.log li').count()).toBeGreaterThan(0);
      await fitsThePhone(page);
      await page.screenshot({ path: join(SHOTS, `streetcar-${lang}-phone.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.context().close();
    }, 90_000);
  }
});
