/**
 * A set of ids on a player's profile item, capped by one conditional update (the player's open
 * games, their personal access tokens): two racing adds can never pass the cap, and nothing else
 * has to be read or locked.
 */
import { GetItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { conditional, n, s } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { keys } from './keys.js';

export class ProfileSet {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tableName: string,
    /** The profile's attribute holding the set. */
    private readonly attribute: string,
  ) {}

  private key(playerId: string) {
    return { pk: s(keys.player(playerId)), sk: s(keys.profile) };
  }

  /** Adds the id unless `cap` are there already (false then). */
  async add(playerId: string, id: string, cap: number): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: this.key(playerId),
            UpdateExpression: 'ADD #set :id',
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND (attribute_not_exists(#set) OR size(#set) < :cap)',
            ExpressionAttributeNames: { '#set': this.attribute },
            ExpressionAttributeValues: { ':id': { SS: [id] }, ':cap': n(cap) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  async list(playerId: string): Promise<string[]> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: this.key(playerId),
        ConsistentRead: true,
        ProjectionExpression: '#set',
        ExpressionAttributeNames: { '#set': this.attribute },
      }),
    );
    return out.Item?.[this.attribute]?.SS ?? [];
  }

  /**
   * Removing an id that is not there is fine: the set only shrinks. So is a player that is gone
   * (a deleted account's): an update of a profile that is not there would make a partial one.
   */
  async remove(playerId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await conditional(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.key(playerId),
          UpdateExpression: 'DELETE #set :ids',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#set': this.attribute },
          ExpressionAttributeValues: { ':ids': { SS: [...ids] } },
        }),
      ),
    ).catch((err: unknown) => {
      if (!(err instanceof WriteConflict)) throw err;
    });
  }
}
