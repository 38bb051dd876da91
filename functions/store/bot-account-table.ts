/**
 * Bot accounts in the single table: the mark on the profile (`botAccountAt`) and the directory,
 * one `BOTS` partition with an item per bot account. Upgrades and deletions are its only writes,
 * and each reader reads one bounded page, so one partition carries it (docs/hot-items.md).
 */
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { landed, optStr, s, str } from './attributes.js';
import { keys } from './keys.js';
import { WriteConflict } from './ports/errors.js';
import { botAccountPage, type BotAccountKey, type BotAccountPage, type BotAccountStore } from './ports/bot-accounts.js';

export class BotAccountTable implements BotAccountStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  private profile(playerId: string) {
    return { pk: s(keys.player(playerId)), sk: s(keys.profile) };
  }

  async markBotAccount(playerId: string, at: string): Promise<boolean> {
    // Without transactions (the embedded store has none), the mark goes first: it alone decides.
    const marked = await landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.profile(playerId),
          UpdateExpression: 'SET botAccountAt = :at',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND attribute_not_exists(botAccountAt)',
          ExpressionAttributeValues: { ':at': s(at) },
        }),
      ),
    );
    const since = marked ? at : await this.markedAt(playerId);
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(keys.botDirectory),
          sk: s(keys.botEntry(since, playerId)),
          playerId: s(playerId),
          since: s(since),
        },
      }),
    );
    return marked;
  }

  /** When an existing, undeleted player became a bot account; WriteConflict otherwise. */
  private async markedAt(playerId: string): Promise<string> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: this.profile(playerId),
        ConsistentRead: true,
        ProjectionExpression: 'botAccountAt, deletedAt',
      }),
    );
    const item = out.Item;
    if (!item?.botAccountAt || item.deletedAt) throw new WriteConflict('no such player');
    return str(item, 'botAccountAt');
  }

  async listBotAccounts(limit: number, after: BotAccountKey | null): Promise<BotAccountPage> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: after ? 'pk = :pk AND sk < :after' : 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': s(keys.botDirectory),
          ...(after ? { ':after': s(keys.botEntry(after[0], after[1])) } : {}),
        },
        ScanIndexForward: false,
        // One more than asked for tells whether more follow.
        Limit: limit + 1,
      }),
    );
    const entries = (page.Items ?? []).map((item) => ({ playerId: str(item, 'playerId'), since: str(item, 'since') }));
    return botAccountPage(entries, limit);
  }

  async unlistBotAccount(playerId: string): Promise<void> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: this.profile(playerId),
        ConsistentRead: true,
        ProjectionExpression: 'botAccountAt',
      }),
    );
    const since = out.Item && optStr(out.Item, 'botAccountAt');
    if (since === undefined) return;
    await this.db.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.botDirectory), sk: s(keys.botEntry(since, playerId)) },
      }),
    );
  }
}
