/**
 * Reads many items of one table by key, in BatchGetItem's batches of 100, asking again for what
 * DynamoDB left unprocessed (throttling) after a backoff. Keys must be distinct: BatchGetItem
 * rejects a request that names one twice.
 */
import { BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Item } from './attributes.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BatchRead {
  projection?: string;
  names?: Record<string, string>;
}

export async function batchGet(
  db: DynamoDBClient,
  tableName: string,
  wanted: readonly Item[],
  read: BatchRead = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < wanted.length; i += 100) {
    let request:
      | Record<
          string,
          {
            Keys: Item[];
            ConsistentRead?: boolean;
            ProjectionExpression?: string;
            ExpressionAttributeNames?: Record<string, string>;
          }
        >
      | undefined = {
      [tableName]: {
        Keys: wanted.slice(i, i + 100),
        ConsistentRead: true,
        ...(read.projection ? { ProjectionExpression: read.projection } : {}),
        ...(read.names ? { ExpressionAttributeNames: read.names } : {}),
      },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const out = await db.send(new BatchGetItemCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName] ?? []));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
