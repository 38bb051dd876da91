/**
 * The benchmark's in-process transport (functions/local/in-process-store.ts) must be
 * dynalite as the service knows it, only without the socket: the same answers and the same
 * errors as dynalite over loopback HTTP, and every call reported to whoever subtracts its time.
 */
import {
  BatchGetItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { startInProcessStore, type TransportCall } from '../../functions/local/in-process-store.js';

const TABLE = 'conformance';
const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });

/** A short session of the calls the store makes, each answer (or error) without its request metadata. */
async function session(db: DynamoDBClient): Promise<unknown[]> {
  await db.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  // As in AWS, a new table takes reads and writes once it is active.
  await waitUntilTableExists({ client: db, maxWaitTime: 10, minDelay: 0.1, maxDelay: 0.1 }, { TableName: TABLE });
  const commands = [
    new PutItemCommand({
      TableName: TABLE,
      Item: { ...key('GAME#1', 'EV#1'), body: { S: 'é'.repeat(3000) }, n: { N: '1' } },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
    // The losing writer of a race.
    new PutItemCommand({
      TableName: TABLE,
      Item: { ...key('GAME#1', 'EV#1'), n: { N: '2' } },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
    new PutItemCommand({
      TableName: TABLE,
      Item: { ...key('GAME#1', 'EV#2'), list: { L: [{ N: '1' }, { M: { a: { BOOL: true } } }] } },
    }),
    new UpdateItemCommand({
      TableName: TABLE,
      Key: key('GAME#1', 'EV#1'),
      UpdateExpression: 'SET n = n + :one',
      ExpressionAttributeValues: { ':one': { N: '1' } },
      ReturnValues: 'ALL_NEW',
    }),
    new GetItemCommand({ TableName: TABLE, Key: key('GAME#1', 'EV#2'), ConsistentRead: true }),
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :p AND sk > :s',
      ExpressionAttributeValues: { ':p': { S: 'GAME#1' }, ':s': { S: 'EV#1' } },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'GAME#1' } },
      Limit: 1,
    }),
    new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: [key('GAME#1', 'EV#1'), key('GAME#1', 'EV#9')] } } }),
    new DeleteItemCommand({ TableName: TABLE, Key: key('GAME#1', 'EV#2'), ReturnValues: 'ALL_OLD' }),
    new GetItemCommand({ TableName: 'missing', Key: key('a', 'b') }),
  ];
  const answers: unknown[] = [];
  for (const command of commands) {
    try {
      const { $metadata, ...answer } = (await db.send(command as never)) as { $metadata: unknown } & Record<
        string,
        unknown
      >;
      answers.push(answer);
    } catch (err) {
      const { name, message } = err as Error;
      answers.push({ name, message });
    }
  }
  return answers;
}

describe('the in-process transport to dynalite', () => {
  it('answers every call as dynalite over loopback HTTP does, and reports each call', async () => {
    const calls: TransportCall[] = [];
    const inProcess = startInProcessStore((call) => calls.push(call)).client();
    const overHttp = await startEmbeddedStore();
    const http = overHttp.client();
    try {
      const expected = await session(http);
      const answers = await session(inProcess);
      expect(answers).toEqual(expected);
      expect(answers[1]).toEqual({
        name: 'ConditionalCheckFailedException',
        message: 'The conditional request failed',
      });
      expect(calls.map((c) => c.operation).filter((op) => op !== 'DescribeTable')).toEqual([
        'CreateTable',
        'PutItem',
        'PutItem',
        'PutItem',
        'UpdateItem',
        'GetItem',
        'Query',
        'Query',
        'BatchGetItem',
        'DeleteItem',
        'GetItem',
      ]);
      for (const call of calls) expect(call.ms).toBeGreaterThanOrEqual(0);
    } finally {
      inProcess.destroy();
      http.destroy();
      await overHttp.close();
    }
  });
});
