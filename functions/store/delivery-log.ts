import { PutItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { landed, n, s } from './attributes.js';
import { keys } from './keys.js';
import type { DeliveryStore } from './ports/deliveries.js';

/** Long enough to outlive any redelivery of a stream record (24 h) with room to spare. */
const TTL_SECONDS = 7 * 24 * 3600;

/** Deliveries in the single table: a claim is an item under the game (or the player) with a TTL. */
export class DeliveryLog implements DeliveryStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  claim(gameId: string, playerId: string, key: string, now: Date): Promise<boolean> {
    return this.put(keys.game(gameId), keys.sent(playerId, key), now);
  }

  claimForPlayer(playerId: string, key: string, now: Date): Promise<boolean> {
    return this.put(keys.player(playerId), keys.sent(playerId, key), now);
  }

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
