import { GetItemCommand, QueryCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../local/server.js';
import { DigestTable } from '../store/digest-table.js';
import { gameTable } from '../store/ports/stores.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { keys } from '../store/keys.js';
import { dataOf, testClient, type Api } from '../../test/support/client.js';
import { RAISED_LIMITS, testRegistry } from '../../test/support/local.js';
import { playerWithEmail } from '../../test/support/accounts.js';
import { capture } from './capture.testkit.js';
import { notifyFromStream, type StreamRecord } from './stream.js';
import type { Results } from '../service/results.js';
import { LOCAL_TABLE } from '../local/server.js';

let server: LocalServer;
let api: Api;

beforeAll(async () => {
  // The stream path alone sends: the in-process notifier would claim the same messages first.
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, notify: false });
  api = testClient(server.url);
});
afterAll(() => server.close());

const db = () => server.db;

/** The table's items for a game, shaped as DynamoDB stream records with NEW_IMAGE. */
async function streamRecords(
  gameId: string,
  afterVersion: number,
  prefix = keys.commitPrefix,
): Promise<StreamRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: LOCAL_TABLE,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: keys.game(gameId) } },
    }),
  );
  return (out.Items ?? [])
    .filter(
      (item: Record<string, AttributeValue>) =>
        item.sk?.S?.startsWith(prefix) && (prefix !== keys.commitPrefix || Number(item.v?.N) > afterVersion),
    )
    .map((item, i) => ({ eventName: 'INSERT', dynamodb: { NewImage: item, SequenceNumber: String(1000 + i) } }));
}

describe('notifications from the table stream (AWS path)', () => {
  it('a batch of written commits tells the seat that became due, once', async () => {
    const anna = await api.newPlayer('Anna');
    const ben = await playerWithEmail(server, api, 'Ben', 'ben@example.test');
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
    await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: { type: 'draw' }, expectedVersion: view.version },
    });

    const { mails, notifier } = capture(server.services.table, db(), LOCAL_TABLE);
    const failed = await notifyFromStream(await streamRecords(created.id, 0), {
      table: server.services.table,
      registry: testRegistry(),
      notifier,
    });
    expect(failed).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['ben@example.test', expect.stringMatching(/turn/i)]]);

    // The same records again (Lambda redelivers after a timeout, or retries a batch): nobody hears twice.
    const again = capture(server.services.table, db(), LOCAL_TABLE);
    expect(
      await notifyFromStream(await streamRecords(created.id, 0), {
        table: server.services.table,
        registry: testRegistry(),
        notifier: again.notifier,
      }),
    ).toEqual([]);
    expect(again.mails).toEqual([]);
  });

  it('a reminder claim (REMIND# insert by the sweeper) sends one reminder to the seat, with its deadline', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna@example.test');
    const created = dataOf(
      await anna.POST('/v1/games', {
        body: { game: 'high-card', players: 2, bots: 1, timeControl: { perMove: 'P2D', onTimeout: 'bot' } },
      }),
    );
    const game = dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: created.id } } }));
    expect(game.toAct).toEqual([0]);
    const claim = { gameId: created.id, seat: 0, dueSince: game.createdAt, deadline: game.deadline!, version: 0 };
    expect(await server.services.times.claimReminder(claim, new Date())).toBe(true);
    expect(await server.services.times.claimReminder(claim, new Date())).toBe(false);

    const { mails, notifier } = capture(server.services.table, db(), LOCAL_TABLE);
    const records = await streamRecords(created.id, 0, keys.reminderPrefix);
    expect(records).toHaveLength(1);
    expect(
      await notifyFromStream(records, { table: server.services.table, registry: testRegistry(), notifier }),
    ).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['anna@example.test', expect.stringMatching(/^Reminder/)]]);
    expect(mails[0]!.text).toContain('Please move by');
  });

  it("a day's digest claim (DIGEST# insert by the sweeper) sends that digest once, listing the games where it is the player's turn", async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna-digest@example.test');
    await anna.PATCH('/v1/players/me', { body: { notifications: { digest: { hour: 8, timeZone: 'Europe/Prague' } } } });
    dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    const digests = new DigestTable(db(), LOCAL_TABLE);
    expect(await digests.claimDay(anna.playerId, '20261124', new Date())).toBe(true);
    const claim = await db().send(
      new GetItemCommand({
        TableName: LOCAL_TABLE,
        Key: { pk: { S: keys.player(anna.playerId) }, sk: { S: keys.digestDay('20261124') } },
      }),
    );
    const records: StreamRecord[] = [{ eventName: 'INSERT', dynamodb: { NewImage: claim.Item!, SequenceNumber: '1' } }];

    const { mails, notifier } = capture(server.services.table, db(), LOCAL_TABLE);
    const deps = { table: server.services.table, registry: testRegistry(), notifier };
    expect(await notifyFromStream(records, deps)).toEqual([]);
    expect(await notifyFromStream(records, deps)).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['anna-digest@example.test', 'Your turn in 1 game']]);
    expect(mails[0]!.text).toMatch(/^== Game A: .+ ==$/m);
  });

  it('a chat message (CHAT# insert) reaches the other seats that chose chat', async () => {
    const anna = await playerWithEmail(server, api, 'Anna', 'anna-chat@example.test');
    const ben = await playerWithEmail(server, api, 'Ben', 'ben-chat@example.test');
    await ben.PATCH('/v1/players/me', { body: { notifications: { events: { chat: true } } } });
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    await anna.POST('/v1/games/{id}/chat', { params, body: { text: 'Hello Ben' } });

    const { mails, notifier } = capture(server.services.table, db(), LOCAL_TABLE);
    const records = await streamRecords(created.id, 0, keys.chatPrefix);
    expect(records).toHaveLength(1);
    expect(
      await notifyFromStream(records, { table: server.services.table, registry: testRegistry(), notifier }),
    ).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['ben-chat@example.test', expect.stringMatching(/^Anna wrote in/)],
    ]);
  });

  it('reports the first record of a game it could not handle, so Lambda retries from there (partial batch failure)', async () => {
    const anna = await api.newPlayer('Anna');
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2, bots: 1 } }));
    await anna.POST('/v1/games/{id}/actions', {
      params: { path: { id: created.id } },
      body: { action: { type: 'pass' }, expectedVersion: 0 },
    });
    const records = await streamRecords(created.id, 0);
    expect(records.length).toBeGreaterThan(0);
    const unreachable = { send: async () => Promise.reject(new Error('unreachable')) } as unknown as DynamoDBClient;
    const broken = gameTable(dynamoStores(unreachable, 'x'));
    const { notifier } = capture(broken, unreachable, 'x');
    const failed = await notifyFromStream(records, { table: broken, registry: testRegistry(), notifier });
    expect(failed).toEqual([records[0]!.dynamodb!.SequenceNumber]);
  });

  it('a batch whose commits finish a game has it recorded (ratings, search), and a batch that does not, not', async () => {
    const [anna, ben] = [await api.newPlayer('Anna'), await api.newPlayer('Ben')];
    const created = dataOf(await anna.POST('/v1/games', { body: { game: 'high-card', players: 2 } }));
    const params = { path: { id: created.id } };
    await ben.POST('/v1/games/{id}/join', { params, body: { inviteCode: created.inviteCode! } });
    const recorded: string[] = [];
    const results = { record: async (id: string) => void recorded.push(id) } as unknown as Results;
    const { notifier } = capture(server.services.table, db(), LOCAL_TABLE);
    const deps = { table: server.services.table, registry: testRegistry(), notifier, results };
    expect(await notifyFromStream(await streamRecords(created.id, -1), deps)).toEqual([]);
    expect(recorded).toEqual([]);
    await ben.POST('/v1/games/{id}/resign', { params });
    expect(await notifyFromStream(await streamRecords(created.id, 0), deps)).toEqual([]);
    expect(recorded).toEqual([created.id]);
  });
});
