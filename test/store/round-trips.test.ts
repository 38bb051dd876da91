/**
 * What each operation costs the table, counted by tracing the DynamoDB client (functions/store/trace.ts)
 * under a local server: a move, with or without the bot moves it sets off, is one read round trip
 * and one conditional write; a retried Idempotency-Key is answered from that write; views, the game
 * summary and a poll of the log are one read each; the caller's token costs no read once verified.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/server.js';
import { DeliveryLog } from '../../functions/store/delivery-log.js';
import { readGameImage } from '../../functions/store/stream-image.js';
import { totals, traceCalls, type TracedCall } from '../../functions/store/trace.js';
import { dataOf, idempotencyKey, testClient, textOf, type Api, type Player, type Schemas } from '../support/client.js';
import { startLocalServer } from '../../functions/local/server.js';
import { Notifier } from '../../functions/notify/notifier.js';
import { notifyFromStream, type StreamRecord } from '../../functions/notify/stream.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { LOCAL_TABLE } from '../../functions/local/server.js';

let server: LocalServer;
let api: Api;
let calls: TracedCall[] = [];
let tracing = false;
/** The service's clock: the real one unless a test sets it. */
let clock: number | null = null;

beforeAll(async () => {
  // The notifier runs off the request path and is counted on its own (below): here it would blur the counts.
  server = await startLocalServer({
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    notify: false,
    now: () => new Date(clock ?? Date.now()),
  });
  traceCalls(server.db, (c) => {
    if (tracing) calls.push(c);
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

/** The calls `run` made (requests are sent one at a time, so nothing else is counted). */
async function measure<T>(run: () => Promise<T>): Promise<{ result: T; calls: TracedCall[] }> {
  calls = [];
  tracing = true;
  try {
    const result = await run();
    return { result, calls };
  } finally {
    tracing = false;
  }
}

/** A Ticket to Ride game between `humans` people and `bots` bots, with each person's token verified once. */
async function ticketToRide(
  humans: number,
  bots: number,
): Promise<{ id: string; params: GameParams; players: Player[] }> {
  const players = await Promise.all(Array.from({ length: humans }, (_, i) => api.newPlayer(`P${i}`)));
  const created = await players[0]!.POST('/v1/games', {
    body: { game: 'ticket-to-ride-europe', players: humans + bots, bots },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id, inviteCode } = dataOf(created);
  const params = { path: { id } };
  for (const p of players.slice(1))
    expect((await p.POST('/v1/games/{id}/join', { params, body: { inviteCode: inviteCode! } })).response.status).toBe(
      200,
    );
  return { id, params, players };
}

type GameParams = { path: { id: string } };

/** The first seat due and its view. */
async function due(params: GameParams, players: Player[]) {
  for (const p of players) {
    const view = dataOf(await p.GET('/v1/games/{id}/view', { params }));
    if (view.legalActions.length > 0) return { player: p, view };
  }
  throw new Error('nobody is due');
}

/** The first legal action of `view`, posted by `player` (with an Idempotency-Key when given). */
const playFirst = (
  player: Player,
  params: GameParams,
  view: { version: number; legalActions: Schemas['Action'][] },
  key?: string,
) =>
  player.POST('/v1/games/{id}/actions', {
    params: { ...params, header: key ? idempotencyKey(key) : {} },
    body: { action: view.legalActions[0]!, expectedVersion: view.version },
  });

/** A game of tally between `anna` and `ben` on two days' bank each, started. */
async function timedTally(anna: Player, ben: Player): Promise<GameParams> {
  const created = dataOf(
    await anna.POST('/v1/games', {
      body: {
        game: 'tally',
        players: 2,
        options: { target: 50 },
        timeControl: { bank: { initial: 'P2D', increment: 'PT0S' }, onTimeout: 'bot' },
      },
    }),
  );
  const params = { path: { id: created.id } };
  const joined = await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
  expect(joined.response.status).toBe(200);
  return params;
}

const shape = (list: TracedCall[]) => {
  const t = totals(list);
  return { reads: t.reads, writes: t.writes };
};

describe('round trips per operation', () => {
  it('a move without bots is 1 read + 1 conditional write, of one item', async () => {
    const { id, params, players } = await ticketToRide(2, 0);
    const { player, view } = await due(params, players);
    const { result, calls: made } = await measure(() => playFirst(player, params, view));
    expect(result.response.status, textOf(result)).toBe(200);
    expect(shape(made), JSON.stringify(made)).toEqual({ reads: 1, writes: 1 });
    const write = made.find((c) => c.kind === 'write')!;
    expect(write).toMatchObject({ command: 'PutItemCommand', conditional: true, items: 1 });
  });

  it('a move with bot replies is still 1 read + 1 conditional write', async () => {
    const { id, params, players } = await ticketToRide(1, 2);
    // Play until a move of the person hands the turn to the bots (they then move in the same request).
    for (let i = 0; i < 20; i++) {
      const { player, view } = await due(params, players);
      const { result, calls: made } = await measure(() => playFirst(player, params, view));
      expect(result.response.status, textOf(result)).toBe(200);
      expect(shape(made), JSON.stringify(made)).toEqual({ reads: 1, writes: 1 });
      expect(made.find((c) => c.kind === 'write')).toMatchObject({
        command: 'PutItemCommand',
        conditional: true,
        items: 1,
      });
      if (dataOf(result).version > view.version + 1) return;
    }
    throw new Error('no move set off a bot move');
  });

  it('an idempotent retry is 1 read and 0 writes, and answers the first reply', async () => {
    const { id, params, players } = await ticketToRide(2, 0);
    const { player, view } = await due(params, players);
    const key = `rt-${Math.random()}`;
    const first = await playFirst(player, params, view, key);
    expect(first.response.status, textOf(first)).toBe(200);
    const { result: again, calls: made } = await measure(() => playFirst(player, params, view, key));
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(again)).toEqual(dataOf(first));
    expect(shape(made)).toEqual({ reads: 1, writes: 0 });
  });

  it('a move in a timed game reads the seats’ vacations with the game, and adds a write (before its commit) only when its next time comes sooner', async () => {
    const H = 3600_000;
    const [anna, ben] = [await api.newPlayer('Ta'), await api.newPlayer('Tb')];
    clock = Date.parse('2026-11-02T08:00:00.000Z');
    const params = await timedTally(anna, ben);
    const move = async (who: Player, version: number, after: number) => {
      clock! += after;
      // A token trusted an hour ago is verified again; that read is not the move's.
      expect((await who.GET('/v1/games/{id}', { params })).response.status).toBe(200);
      const { result, calls: made } = await measure(() =>
        who.POST('/v1/games/{id}/actions', {
          params,
          body: { action: { type: 'add', n: 1 }, expectedVersion: version },
        }),
      );
      expect(result.response.status, textOf(result)).toBe(200);
      return made.map((c) => c.command);
    };
    // Anna moves at once: Ben's reminder (80 % of his 2 days) comes after hers would have.
    expect(await move(anna, 0, 60_000)).toEqual(['QueryCommand', 'PutItemCommand']);
    // Ben takes 36 hours: Anna, with almost 2 days left, is reminded later still.
    expect(await move(ben, 1, 36 * H)).toEqual(['QueryCommand', 'PutItemCommand']);
    // Anna moves at once: Ben has 12 hours left, so his reminder comes before hers would have: the deadline entry moves first.
    expect(await move(anna, 2, 60_000)).toEqual(['QueryCommand', 'UpdateItemCommand', 'PutItemCommand']);
    clock = null;
  });

  it('a move in a timed game with an access token (RP-AUTH-1), its credential unseen for a day, reads no credential nor profile', async () => {
    const [anna, ben] = [await api.newPlayer('Ac'), await api.newPlayer('Bc')];
    clock = Date.parse('2026-11-05T08:00:00.000Z');
    const params = await timedTally(anna, ben);
    const annaId = dataOf(await anna.GET('/v1/players/me')).id;
    clock += 24 * 3_600_000;
    const exchanged = dataOf(await anna.POST('/v1/access-tokens', {}));
    // A cold instance: it trusts nothing of Anna's (the exchange had just trusted her credential).
    server.services.players.forget(annaId);
    const { result, calls: made } = await measure(() =>
      api.as(exchanged.accessToken).POST('/v1/games/{id}/actions', {
        params,
        body: { action: { type: 'add', n: 1 }, expectedVersion: 0 },
      }),
    );
    clock = null;
    expect(result.response.status, textOf(result)).toBe(200);
    expect(made.map((c) => c.command)).toEqual(['QueryCommand', 'PutItemCommand']);
  });

  it('the notifier reads each game once per stream batch, however many commits, reminders and chat messages of it the batch holds', async () => {
    const { id, params, players } = await ticketToRide(2, 0);
    const written: TracedCall[] = [];
    for (let i = 0; i < 3; i++) {
      const { player, view } = await due(params, players);
      written.push(...(await measure(() => playFirst(player, params, view))).calls);
    }
    written.push(
      ...(await measure(() => players[0]!.POST('/v1/games/{id}/chat', { params, body: { text: 'well played' } })))
        .calls,
    );
    const records: StreamRecord[] = written
      .filter((c) => c.command === 'PutItemCommand' && readGameImage(c.input.Item, true))
      .map((c, i) => ({ eventName: 'INSERT', dynamodb: { NewImage: c.input.Item, SequenceNumber: String(i) } }));
    expect(records).toHaveLength(4);
    const db = server.db;
    const notifier = new Notifier({
      table: server.services.table,
      deliveries: new DeliveryLog(db, LOCAL_TABLE),
      registry: testRegistry(),
      publicUrl: 'https://railpost.example',
      email: null,
      vapid: null,
      unsubscribeSecret: 'x',
      log: () => {},
    });
    const { calls: made } = await measure(() =>
      notifyFromStream(records, { table: server.services.table, registry: testRegistry(), notifier }),
    );
    const gameReads = made.filter((c) => c.kind === 'read' && JSON.stringify(c.input).includes(`GAME#${id}`));
    expect(gameReads).toHaveLength(1);
  });

  it('a view, the game summary and a poll of the log are 1 read each', async () => {
    const { id, params, players } = await ticketToRide(2, 0);
    const { player, view } = await due(params, players);
    expect((await playFirst(player, params, view)).response.status).toBe(200);
    const reads: Record<string, () => Promise<{ response: Response }>> = {
      view: () => player.GET('/v1/games/{id}/view', { params }),
      summary: () => player.GET('/v1/games/{id}', { params }),
      log: () => player.GET('/v1/games/{id}/log', { params: { ...params, query: { after: view.version } } }),
    };
    for (const [name, read] of Object.entries(reads)) {
      const { result, calls: made } = await measure(read);
      expect(result.response.status, `${name}: ${textOf(result)}`).toBe(200);
      expect(shape(made), name).toEqual({ reads: 1, writes: 0 });
    }
  });
});
