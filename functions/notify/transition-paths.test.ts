/**
 * One rule for what the notifier is told: the request path (the service's onTransition, told as
 * each commit is written) and the table's stream (notifyFromStream, reading the written commits
 * back) derive the same transition from the same commit: the opening, a move, the finishing move,
 * a timeout; and the table's stream posts the event stream the same events (RP-STREAM-4).
 */
import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE, startLocalServer, type LocalServer } from '../local/server.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { createServices, type Services } from '../service/index.js';
import { sure } from '../service/refusal.js';
import type { GameTransition } from '../service/transition.js';
import { keys } from '../store/keys.js';
import type { PlayerRecord } from '../domain/player.js';
import { testClient } from '../../test/support/client.js';
import { RAISED_LIMITS, testRegistry } from '../../test/support/local.js';
import type { Notifier } from './notifier.js';
import { notifyFromStream, type StreamRecord } from './stream.js';
import { EventFanout } from './event-fanout.js';
import { transitionEvents } from './account-events.js';

const DAY = 24 * 60 * 60 * 1000;
let server: LocalServer;
let services: Services;
let clock = Date.parse('2026-03-02T09:00:00Z');
/** What the request path told the notifier, in order. */
const told: GameTransition[] = [];

beforeAll(async () => {
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, notify: false, sweepMs: 0 });
  services = createServices(dynamoStores(server.db, LOCAL_TABLE), testRegistry(), () => new Date(clock), {
    onTransition: (t) => told.push(t),
  });
});
afterAll(() => server.close());

async function person(name: string): Promise<PlayerRecord> {
  const { playerId } = await testClient(server.url).newPlayer(name);
  return (await services.table.getPlayer(playerId))!;
}

/** A two-person high-card game of one round, started: its commit 0 is the opening. */
async function started(): Promise<{ id: string; seats: PlayerRecord[] }> {
  const [anna, ben] = [await person('Anna'), await person('Ben')];
  const timeControl = { perMove: 'P1D', onTimeout: 'bot' as const, reminderAt: 0.8 };
  const { id, inviteCode } = sure(
    await services.games.create(anna, {
      game: 'high-card',
      players: 2,
      options: { rounds: 1, handSize: 2 },
      timeControl,
    }),
  );
  sure(await services.games.join(ben, id, inviteCode));
  return { id, seats: [anna, ben] };
}

/** Each written commit of the game alone, as the stream delivers it, and what the stream path makes of it. */
async function fromStream(gameId: string, fanout?: EventFanout): Promise<GameTransition[]> {
  const out = await server.db.send(
    new QueryCommand({
      TableName: LOCAL_TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: keys.game(gameId) } },
    }),
  );
  const commits = (out.Items ?? []).filter((item: Record<string, AttributeValue>) =>
    item.sk?.S?.startsWith(keys.commitPrefix),
  );
  const derived: GameTransition[] = [];
  const notifier = { deliver: async (t: GameTransition) => void derived.push(t) };
  for (const [i, item] of commits.entries()) {
    const batch: StreamRecord[] = [{ eventName: 'INSERT', dynamodb: { NewImage: item, SequenceNumber: String(i) } }];
    expect(
      await notifyFromStream(batch, {
        table: services.table,
        registry: testRegistry(),
        notifier: notifier as unknown as Notifier,
        ...(fanout ? { fanout } : {}),
      }),
    ).toEqual([]);
  }
  return derived;
}

/** The due seat posts its first legal action until the game is over. */
async function playToEnd(id: string, seats: PlayerRecord[]): Promise<void> {
  for (let moves = 0; moves < 20; moves++) {
    const summary = sure(await services.games.get(seats[0]!, id)).value;
    if (summary.status !== 'active') return;
    const seat = summary.toAct[0]!;
    const view = sure(await services.games.view(seats[seat]!, id)).value;
    sure(await services.games.act(seats[seat]!, id, { action: view.legalActions[0], expectedVersion: view.version }));
  }
}

/** A transition without the game it was read with (the stream reads the game as it is now). */
const withoutGame = ({ game: _game, ...rest }: GameTransition) => rest;

describe('the request path and the table stream tell the notifier the same (one transition rule)', () => {
  it('the opening, every move and the finishing move', async () => {
    const { id, seats } = await started();
    await playToEnd(id, seats);
    const requestPath = told.filter((t) => t.gameId === id).map(withoutGame);
    expect(requestPath.at(0)).toMatchObject({ started: true, finished: false, before: [] });
    expect(requestPath.at(-1)).toMatchObject({ started: false, finished: true, after: [] });
    expect(requestPath.slice(1, -1).length).toBeGreaterThan(0);
    expect((await fromStream(id)).map(withoutGame)).toEqual(requestPath);
  });

  it("the table's stream posts each seat's sockets the events the request path's transitions make", async () => {
    const { id, seats } = await started();
    const stores = dynamoStores(server.db, LOCAL_TABLE);
    const now = new Date(clock);
    const until = new Date(clock + DAY).toISOString();
    for (const p of seats) {
      const connection = {
        id: `socket-${p.id}`,
        playerId: p.id,
        credential: { kind: 'registration' as const, id: null },
      };
      expect(
        (await stores.connections.open({ ...connection, connectedAt: now.toISOString(), expiresAt: until }, 2, now)).ok,
      ).toBe(true);
    }
    await playToEnd(id, seats);
    const posted: { to: string; kind: string; version: number }[] = [];
    const fanout = new EventFanout({
      connections: stores.connections,
      sender: {
        post: async (to, m) => {
          const { kind, version } = m as { kind: string; version: number };
          posted.push({ to, kind, version });
          return 'sent';
        },
        close: async () => undefined,
      },
      readGame: (gameId) => services.table.readGame(gameId),
      now: () => now,
      log: (line) => expect.fail(line),
    });
    await fromStream(id, fanout);
    await fanout.idle();
    const expected = told
      .filter((t) => t.gameId === id)
      .flatMap((t) => transitionEvents(t, '').toPeople)
      .map(({ playerId, event }) => ({ to: `socket-${playerId}`, kind: event.kind, version: event.version }));
    // Each socket's own events in order (a transition's events go out player by player).
    const bySocket = (events: typeof posted) => seats.map((p) => events.filter((e) => e.to === `socket-${p.id}`));
    expect(posted.length).toBeGreaterThan(4);
    expect(bySocket(posted)).toEqual(bySocket(expected));
  });

  it('a timeout the sweeper applies (the bot moves for the seat out of time)', async () => {
    const { id } = await started();
    clock += 2 * DAY;
    expect(await services.timing.expire(id)).toBe('timeout');
    const requestPath = told.filter((t) => t.gameId === id).map(withoutGame);
    expect(requestPath.at(-1)!.records.some((r) => r.timeout)).toBe(true);
    expect((await fromStream(id)).map(withoutGame)).toEqual(requestPath);
  });
});
