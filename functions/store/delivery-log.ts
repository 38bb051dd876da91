import { PutItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { landed, n, s } from './attributes.js';
import { keys } from './keys.js';

/** Long enough to outlive any redelivery of a stream record (24 h) with room to spare. */
const TTL_SECONDS = 7 * 24 * 3600;

/**
 * Which notifications went out: a stream record delivered twice, or a batch retried after a
 * partial failure, must not email anybody twice. Whoever claims a message first sends it.
 */
export class DeliveryLog {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  /** True for exactly one caller per game, player and message key. */
  claim(gameId: string, playerId: string, key: string, now: Date): Promise<boolean> {
    return this.put(keys.game(gameId), keys.sent(playerId, key), now);
  }

  /** The same for a message about no single game (a reply to a digest), in the player's partition. */
  claimForPlayer(playerId: string, key: string, now: Date): Promise<boolean> {
    return this.put(keys.player(playerId), keys.sent(playerId, key), now);
  }

  /**
   * Counts one more message of a kind (`key` names it and its window) to a player about a game, or
   * about no single game when `gameId` is null: true while the count stays within `limit`, false
   * once it is reached (then nothing is counted). One conditional update, so it holds across instances.
   */
  async count(gameId: string | null, playerId: string, key: string, limit: number, now: Date): Promise<boolean> {
    return landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(gameId === null ? keys.player(playerId) : keys.game(gameId)), sk: s(keys.sent(playerId, key)) },
          UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':one': n(1),
            ':limit': n(limit),
            ':ttl': n(Math.floor(now.getTime() / 1000) + TTL_SECONDS),
          },
        }),
      ),
    );
  }

  private async put(pk: string, sk: string, now: Date): Promise<boolean> {
    return landed(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { pk: s(pk), sk: s(sk), ttl: n(Math.floor(now.getTime() / 1000) + TTL_SECONDS) },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),
    );
  }
}
