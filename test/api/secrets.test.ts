/**
 * Hidden information (docs/architecture.md, "A game is a pure state machine"; fixture rules HC-1 and HC-3): while a game runs,
 * nobody sees another seat's hand or committed card, in any answer, and the seed stays secret.
 * After the end the export publishes the seed and every action, and replaying it with the
 * engine reproduces what the API reported.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { highCard } from '../../engine/fixtures/high-card.js';
import {
  dataOf,
  problemOf,
  testClient,
  textOf,
  watch,
  type Answer,
  type Api,
  type Player,
  type Problem,
  type Seen,
} from '../support/client.js';
import { HighCardGame, highCardAnswer, trueState } from '../support/high-card-game.js';
import { hiddenNumbersIn } from '../support/leaks.js';
import { startTestServer } from '../support/local.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = testClient(server.url);
});
afterAll(() => server.close());

type Truth = Awaited<ReturnType<typeof trueState>>['state'];
type Viewer = number | 'spectator';

/** The cards `viewer` must not know: other seats' hands and commitments (HC-1, HC-3), and the deck. */
function hiddenFrom(truth: Truth, viewer: Viewer): Set<number> {
  const hidden = new Set<number>(truth.deck);
  truth.hands.forEach((hand, seat) => {
    if (seat !== viewer) for (const card of hand) hidden.add(card);
  });
  truth.committed.forEach((card, seat) => {
    if (seat !== viewer && card !== null) hidden.add(card);
  });
  return hidden;
}

function expectNoLeak(what: string, body: unknown, truth: Truth, viewer: Viewer): void {
  expect(hiddenNumbersIn(body, hiddenFrom(truth, viewer)), `${what} seen by ${viewer}`).toEqual([]);
}

/** An answer's body and headers, as one text. */
function responseText({ text, headers }: { text: string; headers: Headers }): string {
  return [text, ...[...headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
}

const answerText = (r: Answer) => responseText({ text: textOf(r), headers: r.response.headers });

/** Looks at the game as each seat and as a spectator, and checks nothing hidden shows. */
async function inspect(game: HighCardGame, spectator: Player): Promise<Truth> {
  const viewers: [Viewer, Player][] = [
    ...game.players.map((p, seat): [Viewer, Player] => [seat, p]),
    ['spectator', spectator],
  ];
  const { params } = game;
  const answers = await Promise.all(
    viewers.map(async ([viewer, client]) => ({
      viewer,
      view: highCardAnswer(await client.GET('/v1/games/{id}/view', { params })),
      log: await client.GET('/v1/games/{id}/log', { params }),
      summary: await client.GET('/v1/games/{id}', { params }),
    })),
  );
  const { state: truth, seed } = await trueState(server, game.id);
  for (const { viewer, view, log, summary } of answers) {
    for (const r of [view, log, summary]) {
      expect(r.response.status).toBe(200);
      expect(answerText(r)).not.toContain(seed);
    }
    expect(dataOf(summary).status).toBe('active');
    expect(summary.data).not.toHaveProperty('outcome');
    expectNoLeak('view', view.data, truth, viewer);
    expectNoLeak('log', log.data, truth, viewer);
    expectNoLeak('game', summary.data, truth, viewer);
    const seen = dataOf(view);
    expect(seen.view).not.toHaveProperty('hands');
    if (viewer === 'spectator') {
      expect(seen.view).not.toHaveProperty('hand');
      expect(seen.view).not.toHaveProperty('myPlay');
      expect(seen.legalActions).toEqual([]);
      for (const e of dataOf(log).entries) expect(e).not.toHaveProperty('action');
    } else {
      expect([...seen.view.hand!].sort()).toEqual([...truth.hands[viewer]!].sort());
      expect(seen.view.myPlay ?? null).toBe(truth.committed[viewer] ?? null);
      // Other seats' actions are not shown while the game runs; one's own are.
      for (const e of dataOf(log).entries)
        expect(e.action !== undefined, `log entry ${e.version} for seat ${viewer}`).toBe(e.seat === viewer);
    }
  }
  return truth;
}

describe('while the game runs', () => {
  it('no view, log, game summary or action answer shows another seat’s hand (HC-1) or committed card (HC-3), nor the seed; the spectator sees no hand', async () => {
    const game = await HighCardGame.start(api, 3, { bots: 1, prefix: 'sec', options: { rounds: 2, handSize: 3 } });
    const spectator = await api.newPlayer('Spectator');
    let sawCommitPending = false;
    for (let step = 0; step < 100; step++) {
      if ((await trueState(server, game.id)).state.phase === 'over') break;
      const truth = await inspect(game, spectator);
      if (truth.phase === 'play' && truth.committed.some((c) => c !== null) && truth.committed.some((c) => c === null))
        sawCommitPending = true;
      const v = await game.view(0);
      const seat = v.toAct.find((s) => s < 3);
      if (seat === undefined) break;
      // Mix draws and passes so that hands change in secret (HC-2).
      const answer = await game.act(seat, (legal) => legal[step % legal.length]);
      const after = await trueState(server, game.id);
      if (after.state.phase !== 'over') {
        expectNoLeak('action answer', answer, after.state, seat);
        expect(JSON.stringify(answer)).not.toContain(after.seed);
      }
    }
    // The play phase was seen with some commitments made and others still secret.
    expect(sawCommitPending).toBe(true);
    expect(dataOf(await game.summary(0)).status).toBe('finished');
    // A whole game read from every seat and a spectator after each move, every answer checked
    // against the document: hundreds of requests, so more than the default 30 s on a busy machine.
  }, 120_000);

  it('the answer to an illegal play (HC-3) is the same whether the card is in another hand, in the deck or nowhere: no oracle for hidden cards', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'oracle' });
    const v = await game.toPlayPhase();
    const { state: truth } = await trueState(server, game.id);
    const inOtherHand = truth.hands[1]![0]!;
    const inDeck = truth.deck[0]!;
    const answers = await Promise.all(
      [inOtherHand, inDeck, 41].map((card) => game.post(0, { type: 'play', card }, v.version)),
    );
    for (const a of answers) {
      expect(a.response.status).toBe(422);
      expect(problemOf(a).code).toBe('illegal_action');
      expect(problemOf(a).rule).toBe('HC-3');
      expectNoLeak('illegal play answer', a.error, truth, 0);
    }
    const strip = (a: Answer<Problem>) => ({ ...problemOf(a), requestId: undefined });
    expect(strip(answers[0]!)).toEqual(strip(answers[1]!));
    expect(strip(answers[0]!)).toEqual(strip(answers[2]!));
  });

  it('export before the end is 409 game_not_finished, for seated players and spectators alike, and shows no seed', async () => {
    const game = await HighCardGame.start(api, 2, { prefix: 'early' });
    const outsider = await api.newPlayer('Outsider');
    const { seed } = await trueState(server, game.id);
    for (const who of [game.seat(0), outsider]) {
      const r = await who.GET('/v1/games/{id}/export', { params: game.params });
      expect(r.response.status).toBe(409);
      expect(r.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(problemOf(r).code).toBe('game_not_finished');
      expect(answerText(r)).not.toContain(seed);
    }
  });

  it('the seed appears in no answer at all while the game runs: successes, errors (stale, illegal, not your turn, not seated, bad body, early export) and headers', async () => {
    const seen: Seen[] = [];
    const watched = api.with(watch(seen));
    const [a, b, outsider] = [
      await watched.newPlayer('SeedA'),
      await watched.newPlayer('SeedB'),
      await watched.newPlayer('SeedC'),
    ];
    const game = await HighCardGame.create([a, b], { bots: 1, options: { rounds: 2, handSize: 2 } });
    for (let step = 0; step < 40; step++) {
      const v = await game.view(0);
      if (v.toAct.length === 0) break;
      const seat = v.toAct.find((x) => x < 2);
      if (seat === undefined) break;
      const other = 1 - seat;
      await game.post(seat, { type: 'pass' }, v.version + 3); // stale
      await game.post(seat, { type: 'play', card: 99 }, v.version); // illegal in either phase
      await game.post(seat, { type: 'fly' }, v.version); // not a high-card action
      await game.post(seat, { action: {}, expectedVersion: 'x' } as never, v.version); // bad body
      if (!v.toAct.includes(other)) await game.post(other, { type: 'pass' }, v.version); // not your turn
      const { params } = game;
      await outsider.POST('/v1/games/{id}/actions', {
        params,
        body: { action: { type: 'pass' }, expectedVersion: v.version },
      }); // not seated
      await outsider.GET('/v1/games/{id}/export', { params }); // not finished
      await outsider.GET('/v1/games/{id}/log', { params });
      await watched.GET('/v1/games/{id}', { params });
      await game.act(seat, (legal) => legal[step % legal.length]);
    }
    const { seed, state } = await trueState(server, game.id);
    expect(state.phase).toBe('over');
    const statuses = new Set(seen.map((answer) => answer.status));
    for (const status of [200, 201, 400, 401, 403, 409, 422]) expect(statuses, `saw a ${status}`).toContain(status);
    for (const answer of seen) expect(responseText(answer), `${answer.method} ${answer.path}`).not.toContain(seed);
  });
});

describe('after the end', () => {
  it('the export publishes seed, options, players and actions; sha256(seed) is the commitment published at creation; replaying it with the engine gives the outcome and final view the API reports', async () => {
    const [anna, ben] = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];
    const created = await anna.POST('/v1/games', {
      body: { game: 'high-card', players: 3, bots: 1, options: { rounds: 3, handSize: 4 } },
    });
    expect(created.response.status).toBe(201);
    const { id, inviteCode, seedCommitment: commitment } = dataOf(created);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    const params = { path: { id } };
    expect((await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } })).response.status).toBe(
      200,
    );
    const game = new HighCardGame(id, inviteCode!, [anna, ben], 3);
    await game.playToEnd((legal, v) => legal[(v.version * 7) % legal.length]);

    const summary = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(summary.status).toBe('finished');
    const exported = await ben.GET('/v1/games/{id}/export', { params });
    expect(exported.response.status, textOf(exported)).toBe(200);
    const ex = dataOf(exported);
    expect(ex.game).toBe('high-card');
    expect(ex.options).toEqual({ rounds: 3, handSize: 4 });
    expect(ex.players.map((p) => [p.playerId, p.bot])).toEqual([
      [anna.playerId, false],
      [ben.playerId, false],
      [null, true],
    ]);
    expect(ex.seedCommitment).toBe(commitment);
    expect(createHash('sha256').update(ex.seed, 'utf8').digest('hex')).toBe(commitment);
    expect(ex.actions).toHaveLength(summary.version);
    expect(ex.actions.some((a) => a.seat === 2)).toBe(true);

    // Replay: setup from the published seed, then every action, checking the logged events on the way.
    const log = dataOf(await anna.GET('/v1/games/{id}/log', { params })).entries as {
      events: unknown[];
      action?: unknown;
      seat: number;
    }[];
    let state = highCard.setup({
      seed: ex.seed,
      players: ex.players.length,
      options: highCard.options.parse(ex.options),
    });
    ex.actions.forEach(({ seat, action }, i) => {
      const applied = highCard.apply(state, seat, highCard.action.parse(action));
      state = applied.state;
      expect(log[i]!.seat).toBe(seat);
      expect(log[i]!.action).toEqual(action);
      expect(log[i]!.events).toEqual(
        applied.events.map((e) => (e.data ? { type: e.type, data: e.data } : { type: e.type })),
      );
    });
    const outcome = highCard.outcome(state);
    expect(outcome).not.toBeNull();
    expect(ex.outcome).toEqual(outcome);
    expect(summary.outcome).toEqual(outcome);
    const finalView = dataOf(highCardAnswer(await anna.GET('/v1/games/{id}/view', { params })));
    expect(finalView.version).toBe(ex.actions.length);
    expect(finalView.view).toEqual(highCard.view(state, 'all'));
    // After the end everyone, spectators too, may see everything of the game; seats' player ids stay for seated players.
    const outsider = await api.newPlayer('Late');
    const withoutIds = { ...ex, players: ex.players.map(({ playerId: _id, ...seat }) => seat) };
    expect((await outsider.GET('/v1/games/{id}/export', { params })).data).toEqual(withoutIds);
  });
});
