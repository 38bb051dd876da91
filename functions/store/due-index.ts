import { QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { s, str } from './attributes.js';
import { DEADLINE_INDEX, DUE_SHARDS } from './keys.js';

/**
 * Entries of the sparse deadline index due at or before `now`, over every shard `shardKey` names
 * (games' deadlines and players' digests keep shards of their own); each shard's most overdue
 * first, at most `limitPerShard` each. The index holds keys only: an entry is its item's `pk`.
 */
export async function dueInIndex(
  db: DynamoDBClient,
  tableName: string,
  shardKey: (shard: number) => string,
  now: Date,
  limitPerShard: number,
): Promise<{ pk: string; dueAt: string }[]> {
  const due: { pk: string; dueAt: string }[] = [];
  for (let shard = 0; shard < DUE_SHARDS; shard++) {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: DEADLINE_INDEX,
        KeyConditionExpression: 'dueShard = :shard AND dueAt <= :now',
        ExpressionAttributeValues: { ':shard': s(shardKey(shard)), ':now': s(now.toISOString()) },
        Limit: limitPerShard,
      }),
    );
    for (const item of out.Items ?? []) due.push({ pk: str(item, 'pk'), dueAt: str(item, 'dueAt') });
  }
  return due;
}
