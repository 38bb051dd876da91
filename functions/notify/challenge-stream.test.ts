/**
 * RP-CHALLENGE-6 on the AWS path: a challenge's own item, inserted and then settled, as the table's
 * stream shows it, tells its party once; the parties' entries (copies for listing) tell nobody.
 */
import { GetItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE, startLocalServer, type LocalServer } from '../local/server.js';
import { keys } from '../store/keys.js';
import { dataOf, testClient } from '../../test/support/client.js';
import { RAISED_LIMITS, testRegistry } from '../../test/support/local.js';
import { playerWithEmail } from '../../test/support/accounts.js';
import { capture } from './capture.testkit.js';
import { notifyFromStream, type StreamRecord } from './stream.js';

let server: LocalServer;

beforeAll(async () => {
  // The stream path alone sends: the in-process notifier would claim the same messages first.
  server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, notify: false });
});
afterAll(() => server.close());

const record = (eventName: string, item: Record<string, AttributeValue>): StreamRecord => ({
  eventName,
  dynamodb: { NewImage: item, SequenceNumber: '1' },
});

describe('challenge notifications from the table stream (RP-CHALLENGE-6)', () => {
  it('INSERT of the challenge tells its opponent, MODIFY to declined its challenger; entries and repeats tell nobody', async () => {
    const api = testClient(server.url);
    const anna = await playerWithEmail(server, api, 'Anna', 'anna@example.test');
    const bruno = await playerWithEmail(server, api, 'Bruno', 'bruno@example.test');
    const { mails, notifier } = capture(server.services.table, server.db, LOCAL_TABLE);
    const deps = { table: server.services.table, registry: testRegistry(), notifier };
    const own = async (id: string) =>
      (
        await server.db.send(
          new GetItemCommand({
            TableName: LOCAL_TABLE,
            Key: {
              pk: { S: keys.challenge(id).pk },
              sk: { S: keys.challengeItem },
            },
          }),
        )
      ).Item!;
    const entries = async (playerId: string) =>
      (
        await server.db.send(
          new QueryCommand({
            TableName: LOCAL_TABLE,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': { S: keys.player(playerId) }, ':prefix': { S: keys.challengePrefix } },
          }),
        )
      ).Items ?? [];

    const c = dataOf(await anna.POST('/v1/challenges', { body: { opponent: bruno.playerId, game: 'high-card' } }));
    const copies = [...(await entries(anna.playerId)), ...(await entries(bruno.playerId))];
    expect(copies).toHaveLength(2);
    const made = record('INSERT', await own(c.id));
    expect(await notifyFromStream([...copies.map((e) => record('INSERT', e)), made, made], deps)).toEqual([]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['bruno@example.test', 'Anna challenges you to High card (test fixture)'],
    ]);

    await bruno.POST('/v1/challenges/{id}/decline', { params: { path: { id: c.id } }, body: { reason: 'later' } });
    const settled = [...(await entries(anna.playerId)), ...(await entries(bruno.playerId))];
    const declined = record('MODIFY', await own(c.id));
    expect(await notifyFromStream([...settled.map((e) => record('INSERT', e)), declined, declined], deps)).toEqual([]);
    expect(mails.slice(1).map((m) => [m.to, m.subject])).toEqual([
      ['anna@example.test', 'Bruno declined your challenge to High card (test fixture)'],
    ]);
    expect(mails[1]?.text).toContain('They would rather play later.');
  });
});
