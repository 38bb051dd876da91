import { GetItemCommand, PutItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { conditional, json, n, optStr, s } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { dueInIndex } from './due-index.js';
import { keys } from './keys.js';
import type { DigestStore, SheetEntry } from './ports/digests.js';

/** A claimed day outlives any redelivery of its stream record; the table's TTL removes it then. */
const DAY_CLAIM_TTL_SECONDS = 3 * 24 * 3600;

const SheetSchema = z.array(
  z.strictObject({
    label: z.string().regex(/^[A-Z]$/),
    gameId: z.string(),
    seat: z.number().int().min(0),
    version: z.number().int().min(0),
  }),
);

/**
 * The table's side of daily digests: each digest player's next due time in the
 * deadline index, the claim of each day's digest (one conditional put, so that overlapping sweeps
 * send one), and the sheets that tell a reply which game each label stands for.
 */
export class DigestTable implements DigestStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  /** Puts the player's digest in the deadline index at `dueAt`, or takes it out (null; an entry is never created only to say that). */
  async setDue(playerId: string, dueAt: Date | null): Promise<void> {
    const key = { pk: s(keys.player(playerId)), sk: s(keys.digestDue) };
    if (dueAt) {
      await this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'SET dueShard = :shard, dueAt = :dueAt',
          ExpressionAttributeValues: { ':shard': s(keys.digestShard(playerId)), ':dueAt': s(dueAt.toISOString()) },
        }),
      );
      return;
    }
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: key,
            UpdateExpression: 'REMOVE dueShard, dueAt',
            ConditionExpression: 'attribute_exists(sk)',
          }),
        ),
      );
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
    }
  }

  /** Every player whose digest is due at or before `now`; each shard's most overdue first. */
  async due(now: Date): Promise<{ playerId: string; dueAt: string }[]> {
    return (await dueInIndex(this.db, this.tableName, keys.digestShardOf, now)).map(({ pk, dueAt }) => ({
      playerId: pk.slice(keys.playerPrefix.length),
      dueAt,
    }));
  }

  /** True for exactly one caller per player and day (YYYYMMDD in the player's zone): the one whose digest goes out. */
  async claimDay(playerId: string, day: string, now: Date): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: {
              pk: s(keys.player(playerId)),
              sk: s(keys.digestDay(day)),
              ttl: n(Math.floor(now.getTime() / 1000) + DAY_CLAIM_TTL_SECONDS),
            },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** Stores a digest email's labels until `expires`; false if a sheet of that id exists (the email went out already). */
  async putSheet(playerId: string, id: string, entries: readonly SheetEntry[], expires: Date): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: {
              pk: s(keys.player(playerId)),
              sk: s(keys.sheet(id)),
              games: json(entries),
              ttl: n(Math.ceil(expires.getTime() / 1000)),
            },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** A sheet's entries; null when there is none (never written, or removed by the TTL). */
  async getSheet(playerId: string, id: string): Promise<SheetEntry[] | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.sheet(id)) },
        ConsistentRead: true,
      }),
    );
    const raw = out.Item && optStr(out.Item, 'games');
    if (!raw) return null;
    const parsed = SheetSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }
}
