/**
 * Optimistic concurrency and idempotency of POST /v1/games/{id}/actions (docs/architecture.md, "The log is the truth"):
 * one winner per version, 409 stale_version with currentVersion for everyone else, no lost or
 * doubled moves, and retries with an Idempotency-Key that append nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, problemOf, testClient, textOf, type Api, type Schemas } from '../support/client.js';
import { HighCardGame, storedGame, type MoveAnswer } from '../support/high-card-game.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
});
afterAll(() => server.close());

interface LogEntry {
  version: number;
  seat: number;
  bot: boolean;
}

async function logOf(
  game: HighCardGame,
  seat = 0,
  query: { after?: number; limit?: number } = {},
): Promise<{ version: number; entries: LogEntry[] }> {
  const r = await game.seat(seat).GET('/v1/games/{id}/log', { params: { ...game.params, query } });
  expect(r.response.status).toBe(200);
  return dataOf(r);
}

/** The log is 1..version, each version once, in order; and the store agrees. */
async function expectGaplessLog(game: HighCardGame, version: number): Promise<LogEntry[]> {
  const log = await logOf(game);
  expect(log.version).toBe(version);
  expect(log.entries.map((e) => e.version)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
  const stored = await storedGame(server, game.id);
  expect(stored.events.map((e) => e.version)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
  return log.entries;
}

function expectStale(r: MoveAnswer, currentVersion?: number): void {
  expect(r.response.status, textOf(r)).toBe(409);
  expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(problemOf(r).code).toBe('stale_version');
  expect(Number.isInteger(problemOf(r).currentVersion)).toBe(true);
  if (currentVersion !== undefined) expect(problemOf(r).currentVersion).toBe(currentVersion);
}

/**
 * Fires every post at once, all with expectedVersion `version`; returns the answers.
 * `posts` lists [seat, action] pairs; a seat may appear many times.
 */
function race(game: HighCardGame, version: number, posts: [number, Schemas['Action']][]): Promise<MoveAnswer[]> {
  return Promise.all(posts.map(([seat, action]) => game.post(seat, action, version)));
}

/** About `total` posts spread over the human seats that are due now, each one of that seat's legal actions. */
async function racePosts(
  game: HighCardGame,
  total: number,
): Promise<{ version: number; posts: [number, Schemas['Action']][] }> {
  const views = await Promise.all(game.players.map((_, seat) => game.view(seat)));
  const version = views[0]!.version;
  const due = views.flatMap((v, seat) => (v.legalActions.length > 0 ? [{ seat, legal: v.legalActions }] : []));
  const posts: [number, Schemas['Action']][] = [];
  for (let i = 0; due.length > 0 && i < total; i++) {
    const { seat, legal } = due[i % due.length]!;
    posts.push([seat, legal[Math.floor(i / due.length) % legal.length]!]);
  }
  return { version, posts };
}

describe('stale expectedVersion', () => {
  it('a post with an expectedVersion behind the game gets 409 stale_version with currentVersion, and changes nothing', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'stale' });
    await game.act(0); // version 1; seat 1 is due now (HC-2)
    const before = await storedGame(server, game.id);
    const logBefore = await logOf(game, 1);

    const r = await game.post(1, { type: 'pass' }, 0);
    expectStale(r, 1);

    expect(await storedGame(server, game.id)).toEqual(before);
    expect(await logOf(game, 1)).toEqual(logBefore);
    expect(dataOf(await game.summary(1)).version).toBe(1);
  });

  it('a post with an expectedVersion ahead of the game gets 409 stale_version with the real currentVersion, and changes nothing', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'ahead' });
    await game.act(0);
    const before = await storedGame(server, game.id);

    const r = await game.post(1, { type: 'pass' }, 7);
    expectStale(r, 1);

    expect(await storedGame(server, game.id)).toEqual(before);
    expect((await game.view(1)).version).toBe(1);
  });

  it('the stale answer is enough to retry: posting again at currentVersion is accepted', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'retry' });
    await game.act(0);
    const stale = await game.post(1, { type: 'pass' }, 0);
    expectStale(stale, 1);
    const retried = await game.post(1, { type: 'pass' }, problemOf(stale).currentVersion!);
    expect(retried.response.status, textOf(retried)).toBe(200);
    expect(dataOf(retried).version).toBe(2);
  });
});

describe('the log as a sequence of versions', () => {
  it('GET log?after=N returns exactly the entries after version N, in order; limit caps them; the version is the game’s', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'page', options: { rounds: 2, handSize: 2 } });
    const end = await game.playToEnd();
    const all = await logOf(game);
    expect(all.entries.map((e) => e.version)).toEqual(Array.from({ length: end.version }, (_, i) => i + 1));
    for (const after of [0, 1, 3, end.version - 1, end.version, end.version + 5]) {
      const r = await logOf(game, 1, { after });
      expect(r.version).toBe(end.version);
      expect(r.entries).toEqual(all.entries.filter((e) => e.version > after));
    }
    const page = await logOf(game, 1, { after: 2, limit: 3 });
    expect(page.entries.map((e) => e.version)).toEqual([3, 4, 5]);
  });
});

describe('racing writers', () => {
  it('20 concurrent legal posts by four seats during the simultaneous play phase (HC-3): exactly one 200, the rest 409 stale_version, one event appended', async () => {
    const game = await HighCardGame.start(api, 4, { prefix: 'race4', options: { rounds: 2, handSize: 3 } });
    let accepted = 0;
    const start = await game.toPlayPhase();
    expect(start.toAct).toEqual([0, 1, 2, 3]);
    // Three contested commitments in a row while several seats are still due.
    for (let round = 0; round < 3; round++) {
      const { version, posts } = await racePosts(game, 20);
      expect(new Set(posts.map(([seat]) => seat)).size).toBe(4 - round);
      const answers = await race(game, version, posts);
      const ok = answers.filter((a) => a.response.status === 200);
      expect(ok).toHaveLength(1);
      for (const a of answers.filter((x) => x.response.status !== 200)) expectStale(a, version + 1);
      expect(dataOf(ok[0]!).version).toBe(version + 1);
      accepted += ok.length;
      expect((await game.view(0)).version).toBe(version + 1);
    }
    await expectGaplessLog(game, start.version + accepted);
  });

  it('20 concurrent posts by the one seat due in the draw phase (HC-2): exactly one 200, the rest 409 stale_version', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'race1' });
    const v = await game.view(0);
    expect(v.toAct).toEqual([0]);
    const posts: [number, Schemas['Action']][] = Array.from({ length: 20 }, (_, i) => [
      0,
      i % 2 ? { type: 'pass' } : { type: 'draw' },
    ]);
    const answers = await race(game, v.version, posts);
    expect(answers.filter((a) => a.response.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.response.status !== 200)) expectStale(a, 1);
    const entries = await expectGaplessLog(game, 1);
    expect(entries[0]!.seat).toBe(0);
    // The hand grew by one card at most: one draw, never two.
    expect((await game.view(0)).view.hand!.length).toBeLessThanOrEqual(4);
  });

  it('a whole game with a bot played only by races of ~20 posts: one winner each time, version = accepted moves + bot moves, log without gaps or duplicates', async () => {
    const game = await HighCardGame.start(api, 3, { bots: 1, prefix: 'raceBot', options: { rounds: 1, handSize: 2 } });
    let accepted = 0;
    for (let i = 0; i < 100; i++) {
      const { version, posts } = await racePosts(game, 20);
      if (posts.length === 0) break;
      const answers = await race(game, version, posts);
      const ok = answers.filter((a) => a.response.status === 200);
      expect(ok, `race at version ${version}`).toHaveLength(1);
      const after = dataOf(ok[0]!).version;
      expect(after).toBeGreaterThan(version);
      const ended = dataOf(await game.summary(0)).status === 'finished';
      for (const a of answers.filter((x) => x.response.status !== 200)) {
        // A loser read after the winning move ended the game is told so (game_over is checked before the version).
        if (ended && problemOf(a).code === 'game_over') {
          expect(a.response.status, textOf(a)).toBe(409);
          continue;
        }
        expectStale(a);
        expect(problemOf(a).currentVersion).toBeGreaterThan(version);
        expect(problemOf(a).currentVersion).toBeLessThanOrEqual(after);
      }
      accepted += 1;
    }
    const final = dataOf(await game.summary(0));
    expect(final.status).toBe('finished');
    const entries = await expectGaplessLog(game, final.version);
    const botMoves = entries.filter((e) => e.bot).length;
    expect(botMoves).toBeGreaterThan(0);
    expect(entries.filter((e) => e.bot).every((e) => e.seat === 3)).toBe(true);
    expect(final.version).toBe(accepted + botMoves);
  });
});

describe('Idempotency-Key', () => {
  it('a retried post with the same key returns the same answer with Idempotent-Replayed: true and appends nothing', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'idem' });
    const key = 'move-0001';
    const first = await game.post(0, { type: 'draw' }, 0, key);
    expect(first.response.status, textOf(first)).toBe(200);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    const before = await storedGame(server, game.id);

    const again = await game.post(0, { type: 'draw' }, 0, key);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await storedGame(server, game.id)).toEqual(before);

    // Still the original answer after the game has moved on.
    await game.act(1);
    const later = await game.post(0, { type: 'draw' }, 0, key);
    expect(later.response.status).toBe(200);
    expect(later.response.headers.get('idempotent-replayed')).toBe('true');
    expect(later.data).toEqual(first.data);
    await expectGaplessLog(game, 2);
  });

  it('the same key with a different body gets 422 idempotency_key_reused and appends nothing', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'reuse' });
    const key = 'k-1';
    expect((await game.post(0, { type: 'pass' }, 0, key)).response.status).toBe(200);
    await game.act(1); // seat 0 is not due any more, but its key is still bound to the first request
    const before = await storedGame(server, game.id);

    for (const [action, version] of [
      [{ type: 'draw' }, 0],
      [{ type: 'pass' }, 2],
    ] as const) {
      const r = await game.post(0, action, version, key);
      expect(r.response.status, textOf(r)).toBe(422);
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(problemOf(r).code).toBe('idempotency_key_reused');
    }
    expect(await storedGame(server, game.id)).toEqual(before);
  });

  it("keys belong to one player: another seat using the same key gets its own answer, never the first player's (which shows a hand)", async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'ownkey' });
    const key = 'shared-key';
    const mine = await game.post(0, { type: 'pass' }, 0, key);
    expect(mine.response.status).toBe(200);
    const theirs = await game.post(1, { type: 'pass' }, 1, key);
    expect(theirs.response.status, textOf(theirs)).toBe(200);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect(dataOf(theirs).version).toBe(2);
    expect(dataOf(theirs).view.hand).toEqual((await game.view(1)).view.hand);
    await expectGaplessLog(game, 2);
  });

  it('concurrent duplicates with the same key: one append, every copy answered 200 with the same view, all but one marked replayed', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'dups', options: { rounds: 3, handSize: 3 } });
    for (let move = 0; move < 8; move++) {
      const v0 = await game.view(0);
      const seat = v0.toAct[0]!;
      const v = seat === 0 ? v0 : await game.view(seat);
      const action = v.legalActions.at(-1)!;
      const key = `dup-${move}`;
      const copies = await Promise.all(Array.from({ length: 8 }, () => game.post(seat, action, v.version, key)));
      expect(
        copies.map((c) => c.response.status),
        copies.map((c) => textOf(c)).join('\n'),
      ).toEqual(Array(8).fill(200));
      expect(copies.filter((c) => c.response.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
      for (const c of copies) expect(c.data).toEqual(copies[0]!.data);
      expect(dataOf(copies[0]!).version).toBe(v.version + 1);
      await expectGaplessLog(game, v.version + 1);
    }
  });

  it('a retry whose first attempt wrote its commit but never got its answer out is answered 200 (replayed) from the commit, not 409', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'crash' });
    const key = 'crash-1';
    const first = await game.post(0, { type: 'pass' }, 0, key);
    expect(first.response.status).toBe(200);
    // The answer lives in nothing but the commit (it carries the key and the state the answer showed):
    // a first attempt that died right after writing it left exactly what a finished one leaves. The
    // game moves on, and the seat's next keyed move takes the place of this key among the recent ones.
    await game.act(1);
    const next = await game.view(0);
    const moved = await game.post(0, next.legalActions[0]!, next.version, 'crash-2');
    expect(moved.response.status, textOf(moved)).toBe(200);
    const before = await storedGame(server, game.id);
    const retried = await game.post(0, { type: 'pass' }, 0, key);
    expect(retried.response.status, textOf(retried)).toBe(200);
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(retried).version).toBe(1);
    expect(dataOf(retried)).toEqual(dataOf(first));
    expect(await storedGame(server, game.id)).toEqual(before);
    // A different request under the same key is still refused.
    const other = await game.post(0, { type: 'draw' }, 0, key);
    expect(other.response.status).toBe(422);
    expect(problemOf(other).code).toBe('idempotency_key_reused');
  });
});
