/**
 * What holds on DynamoDB only: the table's shape against infra's, the item layout and keys, how
 * many calls a read costs, leases and TTL attributes on the items, and errors as the SDK raises them.
 */
import { randomBytes } from 'node:crypto';
import {
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../functions/store/create-table.js';
import { GameLogTable } from '../../../functions/store/game-log-table.js';
import { BOARD_SHARDS, keys } from '../../../functions/store/keys.js';
import { Leaderboard } from '../../../functions/service/leaderboard.js';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import type { Harness } from './backends.js';
import { boardRow, inShards } from './board-fixtures.js';
import { DynamoProbe, infra } from './dynamo-probe.js';
import {
  FIXTURE_GAME,
  chatMessage,
  commit,
  gameMeta,
  hook,
  player,
  read,
  uid,
  versionsOf,
  writeLog,
} from './fixtures.js';

export function dynamoLayoutSuite(h: Harness): void {
  const d = new DynamoProbe(h);
  beforeAll(() => {
    infra();
  }, 60_000);

  describe('table shape (ensureTable)', () => {
    it('creates pk (HASH, string) and sk (RANGE, string), on demand, the same keys infra deploys', async () => {
      const { Table } = await d.client.send(new DescribeTableCommand({ TableName: d.tableName }));
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

      expect(infra().KeySchema).toEqual(Table?.KeySchema);
      const infraAttributes = [...infra().AttributeDefinitions].sort((a: any, b: any) =>
        a.AttributeName.localeCompare(b.AttributeName),
      );
      expect(infraAttributes).toEqual(attributes);
      expect(infra().BillingMode).toBe('PAY_PER_REQUEST');
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
      expect((infra().GlobalSecondaryIndexes ?? []).map(shape)).toEqual(
        (Table?.GlobalSecondaryIndexes ?? []).map(shape),
      );
      expect(infra().LocalSecondaryIndexes ?? []).toEqual([]);
    });

    it('is idempotent: a second ensureTable on an existing table changes nothing', async () => {
      const id = `idem-${uid()}`;
      await h.table.putMeta(gameMeta(id));
      await ensureTable(d.client, d.tableName);
      expect((await h.table.readGame(id))?.meta.id).toBe(id);
    });
  });

  describe('game meta', () => {
    it('readGame returns META and the newest commit in one query, untouched by the deadline entry, chat, reminders, quotas, delivery claims or other games', async () => {
      const id = `iso-${uid()}`;
      const meta = gameMeta(id, { status: 'active', revision: 2 });
      await h.table.putMeta(meta);
      await h.table.putMeta(gameMeta(`${id}x`));
      await h.table.putCommit(`${id}x`, commit(1, 5), FIXTURE_GAME);
      await h.table.putCommit(id, commit(0, 0), FIXTURE_GAME);
      await h.table.putCommit(id, commit(1, 2), FIXTURE_GAME);
      await h.stores.times.setDue(id, '2026-11-22T10:00:00.000Z', 2, 'exact');
      await h.stores.chats.put(chatMessage(id, 'c1', 2));
      await h.stores.chats.countMessage(id, 'p-anna', 10);
      await h.stores.times.claimReminder(
        { gameId: id, seat: 0, dueSince: '2026-11-21T10:00:00.000Z', deadline: '2026-11-22T10:00:00.000Z', version: 2 },
        new Date(),
      );
      await d.deliveries.claim(id, 'p-anna', 'yourTurn#2', new Date());
      const before = d.calls.length;
      expect(await h.table.readGame(id)).toEqual({ meta, latest: commit(1, 2) });
      expect(d.callsOf('QueryCommand', before)).toHaveLength(1);
      expect(d.calls.length - before).toBe(1);
    });
  });

  describe('putCommit (one conditional write per request: the truth of every game)', () => {
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
      const before = d.calls.length;
      await h.table.putCommit(id, commit(1, 1, { state }), FIXTURE_GAME);
      const [put] = d.callsOf('PutItemCommand', before);
      expect(Object.keys(put!.input.Item).sort()).toEqual(['d', 'due', 'pk', 'sk', 'v']);
      expect(put!.input.Item.d.B).toBeInstanceOf(Uint8Array);
      expect(put!.input.Item.d.B.length).toBeLessThan(700);
      expect((await h.table.getCommit(id, 1))?.state).toEqual(state);
    });
  });

  describe('commitsAfter and commitsUpTo (the log, and the state at a past version)', () => {
    it('given the newest commit, reads nothing when the caller is at most one commit behind', async () => {
      const id = `poll-${uid()}`;
      const written = await writeLog(h.table, id, 30);
      const latest = written.at(-1)!;
      const before = d.calls.length;
      expect(await h.table.commitsAfter(id, latest.version, 10, latest)).toEqual([]);
      expect(await h.table.commitsAfter(id, latest.key - 1, 10, latest)).toEqual([latest]);
      expect(await h.table.commitsAfter(id, latest.version - 1, 10, latest)).toEqual([latest]);
      expect(d.calls.length).toBe(before);
      expect(versionsOf(await h.table.commitsAfter(id, 20, undefined, latest), 20)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 21),
      );
    });

    it('reads more than 1 MB of commits by following LastEvaluatedKey, complete and in order', async () => {
      const id = `big-${uid()}`;
      const count = 25;
      // Random text: deflating does not shrink it, so each commit is about 60 KB.
      const bulky = (v: number) => commit(v, v, { state: { payload: randomBytes(45_000).toString('base64') } });
      const written = Array.from({ length: count }, (_, i) => bulky(i + 1));
      for (const c of written) await h.table.putCommit(id, c, FIXTURE_GAME);

      const before = d.calls.length;
      const all = await h.table.commitsAfter(id, 0);
      expect(all).toEqual(written);
      const queries = d.callsOf('QueryCommand', before);
      expect(queries.length).toBeGreaterThanOrEqual(2);
      expect(queries[0]!.output.LastEvaluatedKey).toBeDefined();

      // A limit larger than the first 1 MB page is still honoured.
      const limited = await h.table.commitsAfter(id, 0, 22);
      expect(limited.map((c) => c.version).slice(0, 22)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    });
  });

  describe('readSummaries and getMetas (listings)', () => {
    it('returns 60 games with their newest commits, in the order asked, one read per game', async () => {
      const prefix = `sum-${uid()}`;
      const ids = Array.from({ length: 60 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
      await Promise.all(
        ids.map(async (id, i) => {
          await h.table.putMeta(gameMeta(id, { status: i % 2 ? 'active' : 'open', revision: i + 1 }));
          if (i % 2) await h.table.putCommit(id, commit(i, i, { toAct: [i % 3] }), FIXTURE_GAME);
        }),
      );
      const asked = [...ids].reverse();
      const before = d.calls.length;
      const summaries = await h.table.readSummaries([...asked, `${prefix}-missing`]);
      expect(d.callsOf('QueryCommand', before)).toHaveLength(61);
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
      await h.table.putMeta(gameMeta(id));
      await h.table.putCommit(id, commit(3, 3, { state: { secretDeck: [3, 1, 2] } }), FIXTURE_GAME);
      const before = d.calls.length;
      const summaries = await h.table.readSummaries([id]);
      const metas = await h.table.getMetas([id, id]);
      const items = d.calls
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
  });

  describe('webhooks and push subscriptions (items under the player)', () => {
    it('a lease left behind by a crashed writer (expired) does not block the next one', async () => {
      const p = player(`wc-${uid()}`);
      await h.table.putPlayer(p);
      await d.client.send(
        new UpdateItemCommand({
          TableName: d.tableName,
          Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } },
          UpdateExpression: 'SET webhookLease = :lease',
          ExpressionAttributeValues: {
            ':lease': { M: { holder: { S: 'crashed' }, until: { N: String(Date.now() - 1000) } } },
          },
        }),
      );
      const w = hook(p.id);
      const started = Date.now();
      await h.table.webhooks.put(w);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await h.table.webhooks.list(p.id)).toEqual([w]);
      // The lease is released: the profile carries none afterwards, and reads are unaffected.
      const { Item } = await d.client.send(
        new GetItemCommand({
          TableName: d.tableName,
          Key: { pk: { S: keys.player(p.id) }, sk: { S: keys.profile } },
          ConsistentRead: true,
        }),
      );
      expect(Item?.webhookLease).toBeUndefined();
      expect(await h.table.getPlayer(p.id)).toEqual(read(p));
    });
  });

  describe('leaderboard shards', () => {
    it('a row goes to BOARD#<kind>#<its shard>/TOP alone; the board is one BatchGetItem of every shard', async () => {
      const kind = `layout-${uid()}`;
      const [[a], [b]] = inShards(2) as [string[], string[]];
      const board = new Leaderboard(h.stores.ratings);
      await board.put(kind, boardRow(a!, 1, 1600));
      await board.put(kind, boardRow(b!, 1, 1500));
      const itemOf = async (key: { pk: string; sk: string }) =>
        (
          await d.client.send(
            new GetItemCommand({
              TableName: d.tableName,
              Key: { pk: { S: key.pk }, sk: { S: key.sk } },
              ConsistentRead: true,
            }),
          )
        ).Item;
      for (const p of [a!, b!]) {
        const item = await itemOf(keys.boardShard(kind, keys.boardShardOf(p, BOARD_SHARDS)));
        expect(JSON.parse(item!.entries!.S!).map((r: { playerId: string }) => r.playerId)).toEqual([p]);
      }
      expect(await itemOf({ pk: `BOARD#${kind}`, sk: 'TOP' })).toBeUndefined();
      const before = d.calls.length;
      expect((await board.top(kind)).map((r) => r.playerId)).toEqual([a, b]);
      expect(d.calls.slice(before).map((c) => c.command)).toEqual(['BatchGetItemCommand']);
      expect(d.calls[before]!.input.RequestItems[d.tableName].Keys).toHaveLength(BOARD_SHARDS);
    });
  });

  describe('claims that expire', () => {
    it('reminder and delivery claims carry a numeric ttl (epoch seconds) under the attribute name infra enables TTL on', async () => {
      const id = `ttl-${uid()}`;
      const now = new Date('2026-11-21T12:00:00.500Z');
      const ttlAttribute: string = infra().TimeToLiveSpecification.AttributeName;
      expect(infra().TimeToLiveSpecification.Enabled).toBe(true);
      expect(
        await h.stores.times.claimReminder(
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
      expect(await d.deliveries.claim(id, 'p-anna', 'yourTurn#1', now)).toBe(true);
      const items = await d.client.send(
        new QueryCommand({
          TableName: d.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: keys.game(id) } },
          ConsistentRead: true,
        }),
      );
      const ttls = (items.Items ?? []).map((item) => Number(item[ttlAttribute]?.N) - Math.floor(now.getTime() / 1000));
      expect(ttls.sort((a, b) => a - b)).toEqual([7 * 24 * 3600, 180 * 24 * 3600]);
    });
  });

  describe('event stream items', () => {
    it("each carries a ttl just past its connection or ticket; a player's connections are one Query", async () => {
      const p = `p-${uid()}`;
      const game = `g-${uid()}`;
      const now = new Date('2026-11-21T12:00:00.000Z');
      const expiresAt = '2026-11-21T14:00:00.000Z';
      const ends = Date.parse(expiresAt) / 1000;
      const c = { id: `c-${uid()}`, playerId: p, credential: { kind: 'registration' as const, id: null } };
      expect((await h.stores.connections.open({ ...c, connectedAt: now.toISOString(), expiresAt }, 2, now)).ok).toBe(
        true,
      );
      expect(await h.stores.connections.watch(c.id, game, { perConnection: 1, perGame: 1 }, now)).toBe(true);
      await h.stores.streamTickets.put({ hash: `h-${c.id}`, playerId: p, credential: c.credential, expiresAt });
      const ttlAttribute: string = infra().TimeToLiveSpecification.AttributeName;
      const ttlOf = async (key: { pk: string; sk: string }) => {
        const out = await d.client.send(
          new GetItemCommand({
            TableName: d.tableName,
            Key: { pk: { S: key.pk }, sk: { S: key.sk } },
            ConsistentRead: true,
          }),
        );
        return Number(out.Item?.[ttlAttribute]?.N) - ends;
      };
      expect(await ttlOf({ pk: keys.player(p), sk: keys.streamSlot(0) })).toBe(60);
      expect(await ttlOf(keys.connection(c.id))).toBe(60);
      expect(await ttlOf({ pk: keys.watchers(game), sk: keys.watcher(c.id) })).toBe(60);
      expect(await ttlOf(keys.streamTicket(`h-${c.id}`))).toBe(0);

      const from = d.calls.length;
      expect(await h.stores.connections.ofPlayer(p, now)).toHaveLength(1);
      expect(d.calls.slice(from).map((call) => call.command)).toEqual(['QueryCommand']);
    });
  });

  describe('errors that are not conflicts', () => {
    it('are not disguised as WriteConflict (a missing table surfaces as such)', async () => {
      const missing = new GameLogTable(d.client, `no-such-table-${uid()}`);
      const err = await missing.putCommit('g', commit(1, 1), FIXTURE_GAME).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(WriteConflict);
      expect((err as Error).name).toBe('ResourceNotFoundException');
      // A raw write with a failing condition, by contrast, is what WriteConflict wraps.
      await expect(
        d.client.send(
          new PutItemCommand({
            TableName: d.tableName,
            Item: { pk: { S: 'x' }, sk: { S: 'y' } },
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    });
  });
}
