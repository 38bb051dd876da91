/**
 * What deleting an account needs of the store beyond wiping its partition (docs/accounts.md:
 * "Your data"): a tombstone on the profile, the write permits that make the deletion race-free,
 * and the traces the player left in the partitions of games.
 *
 * Every write an account makes through the API first takes a permit: one conditional update of
 * its profile, refused once the tombstone is there. The deletion sets the tombstone, then waits
 * until no permit taken before it is still held, and only then collects what the account
 * wrote. Without transactions (the embedded store has none) this is what orders each write
 * either before the collection, which finds it, or after the tombstone, which refuses it, on
 * every instance, whatever a token cache there still trusts.
 */
import { DeleteItemCommand, GetItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Item, landed, n, optStr, s } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { keys } from './keys.js';
import type { PlannedSeat } from '../domain/ratings.js';
import type { AccountDeletionStore, PermitsHeld } from './ports/account-deletion.js';

/** Rounds of optimistic retries of an anonymised rating plan; each round has a winner. */
const MAX_ATTEMPTS = 30;

export class AccountDeletionTable implements AccountDeletionStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  private profile(playerId: string) {
    return { pk: s(keys.player(playerId)), sk: s(keys.profile) };
  }

  /** Takes a write permit; false when the account is gone or its deletion has begun. */
  async takePermit(playerId: string, at: number): Promise<boolean> {
    return landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.profile(playerId),
          UpdateExpression: 'ADD writing :one SET writingSince = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeValues: { ':one': n(1), ':at': n(at) },
        }),
      ),
    );
  }

  /** Gives a permit back; nothing once the profile is gone (an update would make a partial one). */
  async returnPermit(playerId: string): Promise<void> {
    await landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.profile(playerId),
          UpdateExpression: 'ADD writing :less',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':less': n(-1) },
        }),
      ),
    );
  }

  /** Marks the account deleted: from now on no permit is given and the profile reads as absent. False when it is gone. */
  async setTombstone(playerId: string, at: string): Promise<boolean> {
    return landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.profile(playerId),
          UpdateExpression: 'SET deletedAt = if_not_exists(deletedAt, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': s(at) },
        }),
      ),
    );
  }

  async permitsHeld(playerId: string): Promise<PermitsHeld> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: this.profile(playerId),
        ConsistentRead: true,
        ProjectionExpression: 'writing, writingSince',
      }),
    );
    return { count: Number(out.Item?.writing?.N ?? 0), newestAt: Number(out.Item?.writingSince?.N ?? 0) };
  }

  /** The count of the player's chat messages in a game, which names the player in its key. */
  async forgetChatQuota(gameId: string, playerId: string): Promise<void> {
    await this.db.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.game(gameId)), sk: s(keys.chatQuota(playerId)) },
      }),
    );
  }

  /**
   * The game's rating plan without the player's id and name: their seat keeps its place and
   * ratings (the others' results rest on them), and is skipped when the plan is applied.
   */
  async forgetInPlan(gameId: string, playerId: string): Promise<void> {
    const key = { pk: s(keys.game(gameId)), sk: s(keys.rated) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const out = await this.db.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: key,
          ConsistentRead: true,
          ProjectionExpression: 'seats',
        }),
      );
      const stored = out.Item && optStr(out.Item, 'seats');
      if (stored === undefined) return;
      const seats = JSON.parse(stored) as PlannedSeat[];
      if (!seats.some((seat) => seat.playerId === playerId)) return;
      const values: Item = {
        ':seats': s(
          JSON.stringify(
            seats.map((seat) => (seat.playerId === playerId ? { ...seat, playerId: '', name: '' } : seat)),
          ),
        ),
        ':stored': s(stored),
      };
      const update = new UpdateItemCommand({
        TableName: this.tableName,
        Key: key,
        UpdateExpression: 'SET seats = :seats',
        ConditionExpression: 'seats = :stored',
        ExpressionAttributeValues: values,
      });
      if (await landed(this.db.send(update))) return;
    }
    throw new WriteConflict('too many concurrent changes of a rating plan');
  }
}
