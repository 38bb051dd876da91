import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { s, str, type Item } from './attributes.js';
import { DEADLINE_INDEX, DUE_SHARDS } from './keys.js';

/**
 * Every entry of the sparse deadline index due at or before `now`, over every shard `shardKey`
 * names (games' deadlines and players' digests keep shards of their own); each shard's most
 * overdue first. Each shard is read to its end a page at a time (`pageLimit` items a page at
 * most, else DynamoDB's 1 MB): nothing due is left for a later sweep. The index holds keys only:
 * an entry is its item's `pk`.
 */
export async function dueInIndex(
  db: DynamoDBClient,
  tableName: string,
  shardKey: (shard: number) => string,
  now: Date,
  pageLimit?: number,
): Promise<{ pk: string; dueAt: string }[]> {
  const due: { pk: string; dueAt: string }[] = [];
  for (let shard = 0; shard < DUE_SHARDS; shard++) {
    let from: Item | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: DEADLINE_INDEX,
          KeyConditionExpression: 'dueShard = :shard AND dueAt <= :now',
          ExpressionAttributeValues: { ':shard': s(shardKey(shard)), ':now': s(now.toISOString()) },
          Limit: pageLimit,
          ExclusiveStartKey: from,
        }),
      );
      for (const item of out.Items ?? []) due.push({ pk: str(item, 'pk'), dueAt: str(item, 'dueAt') });
      from = out.LastEvaluatedKey;
    } while (from);
  }
  return due;
}
