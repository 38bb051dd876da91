/**
 * Shared steps of the game-table browser tests: a game of bots and one player made and
 * played through the API, so that a page can open it mid-game or at its end.
 */
import type { Page } from 'playwright-core';
import { dataOf, testClient, textOf, type Api } from '../support/client.js';
import { followNavLink } from './menu.js';

/** The token the web client signed up with on `page` (its localStorage). */
export const pageToken = (page: Page): Promise<string> =>
  page.evaluate(() => localStorage.getItem('railpost.token') ?? '');

/**
 * As a person would: signs up as `name` on the welcome page, then makes a game of `game` with bots in
 * every seat but theirs on the New game page, and waits for its board.
 */
export async function startInBrowser(
  page: Page,
  baseUrl: string,
  name: string,
  game: string,
  players: number,
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.fill('input[name=name]', name);
  await page.click('form button[type=submit]');
  await page.waitForSelector('header nav');
  await followNavLink(page, 'a[href="#/new"]');
  await page.selectOption('select[name=game]', game);
  await page.selectOption('select[name=players]', String(players));
  await page.selectOption('select[name=bots]', String(players - 1));
  await page.click('form button[type=submit]');
  await page.waitForSelector('.board svg');
}

/** A game of `game` for the page's player and bots in every other seat; its id. */
export async function gameWithBots(
  baseUrl: string,
  token: string,
  game: string,
  players: number,
  options: Record<string, unknown> = {},
): Promise<string> {
  const created = await testClient(baseUrl, { token }).POST('/v1/games', {
    body: { game, players, bots: players - 1, options },
  });
  if (created.response.status !== 201)
    throw new Error(`creating ${game}: ${created.response.status} ${textOf(created)}`);
  return dataOf(created).id;
}

export interface PlayedGame {
  status: string;
  version: number;
  seats: { seat: number; name: string }[];
  outcome: { scores: number[]; ranking: number[]; breakdown: { item: string; points: number; detail?: string }[][] };
}

/**
 * Plays the player's seat through the API with the first legal action each time until the game
 * has `moves` more versions or is over; the bots answer inside each request. Answers the game.
 */
export async function playOn(baseUrl: string, token: string, id: string, moves = Infinity): Promise<PlayedGame> {
  const api = testClient(baseUrl, { token });
  const params = { path: { id } };
  const start = dataOf(await api.GET('/v1/games/{id}', { params })).version;
  for (let step = 0; step < 5000; step++) {
    const game = dataOf(await api.GET('/v1/games/{id}', { params }));
    if (game.status === 'finished' || game.version - start >= moves) return game as unknown as PlayedGame;
    const view = dataOf(await api.GET('/v1/games/{id}/view', { params }));
    const action = view.legalActions[0];
    if (!action) throw new Error(`seat has no legal action at version ${view.version}, status ${game.status}`);
    const posted = await api.POST('/v1/games/{id}/actions', {
      params,
      body: { action, expectedVersion: view.version },
    });
    if (posted.response.status !== 200)
      throw new Error(`posting ${JSON.stringify(action)}: ${posted.response.status} ${textOf(posted)}`);
  }
  throw new Error(`game ${id} did not end`);
}

/**
 * Plays the player's seat on, one version at a time, until its legal actions include one of `type`
 * (a Ticket to Ride turn that can claim a route, say), so a page opens with places to act on.
 */
export async function playUntilLegal(
  baseUrl: string,
  token: string,
  id: string,
  type: string,
  tries = 60,
): Promise<void> {
  const api = testClient(baseUrl, { token });
  for (let i = 0; i < tries; i++) {
    const view = dataOf(await api.GET('/v1/games/{id}/view', { params: { path: { id } } }));
    if (view.legalActions.some((a) => a.type === type)) return;
    await playOn(baseUrl, token, id, 1);
  }
  throw new Error(`game ${id}: no ${type} among the legal actions after ${tries} moves`);
}

/**
 * Two people's game played on with the first legal action of whoever is due, until each seat has
 * moved and the abort window is closed: a resignation after that is rated (RP-RATE-1).
 */
export async function pastAbortWindow(seats: readonly Api[], id: string): Promise<void> {
  const params = { path: { id } };
  const moved = new Set<number>();
  for (let step = 0; step < 20; step++) {
    const game = dataOf(await seats[0]!.GET('/v1/games/{id}', { params }));
    if (moved.size === seats.length && !game.abortable) return;
    const seat = game.toAct[0]!;
    const view = dataOf(await seats[seat]!.GET('/v1/games/{id}/view', { params }));
    const posted = await seats[seat]!.POST('/v1/games/{id}/actions', {
      params,
      body: { action: view.legalActions[0]!, expectedVersion: view.version },
    });
    if (posted.response.status !== 200)
      throw new Error(`posting for seat ${seat}: ${posted.response.status} ${textOf(posted)}`);
    moved.add(seat);
  }
  throw new Error(`game ${id}: still abortable after 20 moves`);
}
