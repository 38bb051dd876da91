/**
 * What the account suites share: a server on a clock the suite moves, and requests and checks for
 * signing in by email.
 */
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { MAX_CODE_FAILURES } from '../../functions/service/one-time-codes.js';
import { lastCode } from '../support/accounts.js';
import { dataOf, problemOf, testClient, textOf, type Answer, type Api, type Problem } from '../support/client.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

/** Where each suite's clock starts. */
export const START = Date.parse('2026-11-02T08:00:00.000Z');
export let server: LocalServer;
export let api: Api;

/** Starts the server of the calling file's suite on its clock (`now`). */
export function useAccountsServer(now: () => Date): void {
  beforeAll(async () => {
    server = await startLocalServer({
      registry: testRegistry(),
      limits: RAISED_LIMITS,
      sweepMs: 0,
      now,
    });
    api = testClient(server.url);
  });
  afterAll(() => server.close());
}

let n = 0;
export const address = (name: string) => `${name.toLowerCase()}-${++n}@example.test`;

export function expectProblem(r: Answer<Problem>, status: number, code: string): void {
  expect(r.response.status, textOf(r)).toBe(status);
  expect(problemOf(r).code).toBe(code);
}

export const requestCode = (client: Api, email: string) =>
  client.as(undefined).POST('/v1/sign-in', { body: { email } });
export const verify = (client: Api, email: string, code: string) =>
  client.as(undefined).POST('/v1/sign-in/verify', { body: { email, code } });
export const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Sends 4 × MAX_CODE_FAILURES wrong guesses of `code` at once and then the right one, with the
 * store's calls on one-time codes held until every attempt has reached the store: the burst's
 * attempts all arrive before any is answered, as when the store is slower than the requests.
 */
export async function burstOfGuesses(
  code: string,
  attempt: (guess: string) => Promise<Answer<Problem>>,
): Promise<Answer<Problem>[]> {
  const db = server.db;
  const name = `holdCodes${++n}`;
  const held: (() => void)[] = [];
  let holding = true;
  db.middlewareStack.add(
    (next) => async (args) => {
      const sk = (args.input as { Key?: { sk?: { S?: string } } }).Key?.sk?.S;
      if (holding && (sk === 'SIGNIN' || sk === 'EMAILCHANGE')) {
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  const waitFor = (count: number) =>
    vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 5 });
  try {
    const guesses = Array.from({ length: 4 * MAX_CODE_FAILURES }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const wrongOnes = guesses.map(attempt);
    await waitFor(guesses.length);
    const right = attempt(code);
    await waitFor(guesses.length + 1);
    holding = false;
    for (const release of held) release();
    return [...(await Promise.all(wrongOnes)), await right];
  } finally {
    holding = false;
    db.middlewareStack.remove(name);
  }
}

/** Signs in by email: a client acting with the new session. */
export async function signIn(email: string): Promise<{ session: Api; id: string; token: string }> {
  dataOf(await requestCode(api, email));
  const created = dataOf(await verify(api, email, lastCode(server, email)));
  return { session: api.as(created.token), id: created.id, token: created.token };
}
