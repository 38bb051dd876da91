import {
  DeleteItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, n, num, s, str } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { keys } from './keys.js';
import type { ChatRecord } from '../domain/game.js';
import type { ChatStore } from './ports/chats.js';

/** Table talk, stored with the game it belongs to. */
export class ChatTable implements ChatStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  async put(m: ChatRecord): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(keys.game(m.gameId)),
          sk: s(keys.chat(m.id)),
          seat: n(m.seat),
          playerId: s(m.playerId),
          name: s(m.name),
          text: s(m.text),
          at: s(m.at),
          version: n(m.version),
        },
        // Ids are random: a clash is a bug, not something to overwrite.
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
  }

  /**
   * Counts one more message of a player in a game, unless `cap` are counted already (false then).
   * One atomic update: concurrent writers cannot pass the cap together.
   */
  async countMessage(gameId: string, playerId: string, cap: number): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.game(gameId)), sk: s(keys.chatQuota(playerId)) },
            UpdateExpression: 'ADD messages :one',
            ConditionExpression: 'attribute_not_exists(messages) OR messages < :cap',
            ExpressionAttributeValues: { ':one': n(1), ':cap': n(cap) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  async remove(gameId: string, id: string): Promise<void> {
    await this.db.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: { pk: s(keys.game(gameId)), sk: s(keys.chat(id)) } }),
    );
  }

  /** Messages after the one with id `after` (all when absent), oldest first. */
  async list(gameId: string, after: string | undefined, limit: number): Promise<ChatRecord[]> {
    const out: ChatRecord[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': s(keys.game(gameId)),
            ':from': s(keys.chat(after ?? '')),
            ':to': s(`${keys.chatPrefix}~`),
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          Limit: limit + 1,
        }),
      );
      for (const item of page.Items ?? []) {
        const m = parseChat(gameId, item);
        if (m.id !== after && out.length < limit) out.push(m);
      }
      start = page.LastEvaluatedKey;
    } while (start && out.length < limit);
    return out;
  }
}

export function parseChat(gameId: string, item: Item): ChatRecord {
  return {
    gameId,
    id: str(item, 'sk').slice(keys.chatPrefix.length),
    seat: num(item, 'seat'),
    playerId: str(item, 'playerId'),
    name: str(item, 'name'),
    text: str(item, 'text'),
    at: str(item, 'at'),
    version: num(item, 'version'),
  };
}
