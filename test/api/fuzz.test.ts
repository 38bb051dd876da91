/**
 * Property-based requests over every operation of the OpenAPI document: arbitrary JSON and
 * non-JSON bodies (deep, wide, unicode), path tricks, wrong tokens, and for actions: actions of
 * another game, of another seat, stale and future versions. Never a 5xx, always problem+json for
 * an error, and a running game is unchanged by every rejected request. FUZZ_RUNS raises the count.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, sendRaw, testClient, type Api, type Player } from '../support/client.js';
import { HighCardGame, storedGame } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const METHODS = new Set(['get', 'post', 'patch', 'delete', 'put']);
const spec = JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
  Object.keys(ops)
    .filter((m) => METHODS.has(m))
    .map((m) => ({ method: m.toUpperCase(), path })),
);

let server: LocalServer;
let api: Api;
let owner: Player;
let mate: Player;
let running: HighCardGame;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
  [owner, mate] = [await api.newPlayer('Owner'), await api.newPlayer('Mate')];
  running = await HighCardGame.create([owner, mate]);
});
afterAll(() => server.close());

const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2F',
    '.',
    '%00',
    'GAME%23x',
    '*',
    'null',
    '-1',
    ' ',
    '%F0%9F%9A%82',
    'ticket-to-ride-europe',
    'x'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

/** A concrete path for a templated one: the running game, or something odd, in each slot. */
const pathFor = (template: string) =>
  fc
    .tuple(
      fc.array(fc.oneof(fc.constant(null), segment), { minLength: 3, maxLength: 3 }),
      fc.oneof(
        fc.constant(''),
        fc.constant('?after=-1&limit=99999'),
        fc.string().map((q) => `?${encodeURIComponent(q)}=${encodeURIComponent(q)}`),
      ),
    )
    .map(([slots, query]) => {
      let i = 0;
      const path = template.replace(/\{[^}]+\}/g, (name) => {
        const pick = slots[i++ % slots.length];
        if (pick !== null && pick !== undefined) return pick;
        return name === '{id}' ? running.id : name === '{game}' ? 'ticket-to-ride-europe' : 'x';
      });
      return path + query;
    });

const deep = fc.integer({ min: 50, max: 3000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const wide = fc
  .integer({ min: 100, max: 5000 })
  .map((n) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))));
const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary' }),
  deep,
  wide,
  fc.constantFrom(
    '{',
    '{"action":',
    'null',
    '"',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\u0000',
    '{"text":"\uD800"}',
  ),
);

const ENDING = new Set(['DELETE /v1/players/me', 'POST /v1/players/me/sign-out-everywhere']);

const token = fc.oneof(
  fc.constant<'owner' | 'mate' | 'none'>('owner'),
  fc.constant<'owner' | 'mate' | 'none'>('mate'),
  fc.constant<'owner' | 'mate' | 'none'>('none'),
  fc.string().map((t) => t),
);

/** Who sends: a seat (or, for `as`, whoever stands in for it), nobody, or any token at all. */
function client(
  who: string,
  as: { owner: Player; mate: Player } = { owner, mate },
): { baseUrl: string; token?: string } {
  if (who === 'owner') return as.owner;
  if (who === 'mate') return as.mate;
  if (who === 'none') return api;
  return { baseUrl: api.baseUrl, token: who.replace(/[\r\n]/g, '') };
}

async function expectSane(status: number, contentType: string | null, what: string) {
  expect(status, what).toBeLessThan(500);
  if (status >= 400) expect(contentType, what).toMatch(/^application\/problem\+json/);
}

describe('fuzzing every operation', () => {
  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s: no 5xx, problem+json for errors',
    async (key, op) => {
      // Ending an account or its sessions is done by stand-ins: owner and mate must live on.
      const as = ENDING.has(key)
        ? { owner: await api.newPlayer('Stand-in'), mate: await api.newPlayer('Stand-in 2') }
        : undefined;
      await fc.assert(
        fc.asyncProperty(
          pathFor(op.path),
          body,
          token,
          fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-16'),
          async (path, raw, who, type) => {
            const headers: Record<string, string> =
              op.method === 'GET' || op.method === 'DELETE' ? {} : { 'content-type': type };
            const r = await sendRaw(client(who, as), op.method, path, {
              body: op.method === 'GET' ? undefined : raw,
              headers,
            });
            await expectSane(
              r.response.status,
              r.response.headers.get('content-type'),
              `${op.method} ${path} ← ${raw.slice(0, 80)}`,
            );
          },
        ),
        { numRuns: RUNS },
      );
    },
    120_000,
  );

  it('actions of another game, of another seat, and at stale or future versions are refused and change nothing', async () => {
    const before = await storedGame(server, running.id);
    const ttrActions = [
      { type: 'draw_blind' },
      { type: 'claim_route', route: 1, cards: ['red'] },
      { type: 'keep_initial_tickets', tickets: [1, 2] },
    ];
    const version = dataOf(await owner.GET('/v1/games/{id}', { params: running.params })).version;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...ttrActions),
          fc.constantFrom({ type: 'draw' }, { type: 'pass' }, { type: 'play', card: 1 }),
          fc.jsonValue(),
        ),
        fc.oneof(
          fc.constant(version),
          fc.integer({ min: -5, max: 10_000 }),
          fc.double(),
          fc.constant(Number.MAX_SAFE_INTEGER + 2),
        ),
        fc.constantFrom('mate', 'owner'),
        async (action, expectedVersion, who) => {
          // Seat 0 (owner) is due: mate's moves are another seat's; owner's legal moves at the right version are not fuzz.
          const legal =
            who === 'owner' &&
            expectedVersion === version &&
            ['draw', 'pass'].includes((action as { type?: string } | null)?.type ?? '') &&
            Object.keys(action as object).length === 1;
          fc.pre(!legal);
          const r = await sendRaw(client(who), 'POST', `/v1/games/${running.id}/actions`, {
            body: { action, expectedVersion },
          });
          await expectSane(
            r.response.status,
            r.response.headers.get('content-type'),
            JSON.stringify({ action, expectedVersion, who }),
          );
          expect(r.response.status, `accepted ${JSON.stringify(action)} at ${expectedVersion} by ${who}`).not.toBe(200);
        },
      ),
      {
        numRuns: RUNS * 4,
        examples: [
          [{ type: 'draw' }, version + 1, 'owner'],
          [{ type: 'draw' }, version - 1, 'owner'],
          [{ type: 'draw' }, version, 'mate'],
          [ttrActions[0]!, version, 'owner'],
        ],
      },
    );
    expect(await storedGame(server, running.id)).toEqual(before);
  }, 120_000);
});
