/**
 * What the bad-input suites share: the suite's server and player, and checks that a refusal is the
 * right problem+json and changes nothing.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { testClient, textOf, type Answer, type Api, type Player, type Problem } from '../support/client.js';
import { HighCardGame, storedGame, tableItemCount } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

export let server: LocalServer;
export let api: Api;
export let me: Player;

/** Starts the server of the calling file's suite, with one player (`me`). */
export function useBadInputServer(): void {
  beforeAll(async () => {
    // On dynalite: "changes nothing" is proved by counting the table's items.
    server = await startTestServer({ store: 'dynalite' });
    api = testClient(server.url);
    me = await api.newPlayer('Tester');
  });
  afterAll(() => server.close());
}

export type Refusal = Answer<Problem>;

export function expectProblem(r: Refusal, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.error).toMatchObject({
    status,
    code,
    type: expect.stringMatching(new RegExp(`/${code}$`)),
    title: expect.any(String),
  });
}

/** A game against one bot: seat 0 (me) is the only person, so it is due whenever the game waits. */
export async function soloGame(options = { rounds: 5, handSize: 5 }): Promise<HighCardGame> {
  return HighCardGame.create([me], { bots: 1, options });
}

/** Runs `attempt`, expects the problem, and checks that neither the game nor the table changed. */
export async function expectRejected(
  game: HighCardGame,
  attempt: () => Promise<Refusal>,
  status: number,
  code: string,
): Promise<Refusal> {
  const before = await storedGame(server, game.id);
  const items = await tableItemCount(server);
  const r = await attempt();
  expectProblem(r, status, code);
  expect(await storedGame(server, game.id)).toEqual(before);
  expect(await tableItemCount(server)).toBe(items);
  expect((await game.view(0)).version).toBe(before.events.length);
  return r;
}
