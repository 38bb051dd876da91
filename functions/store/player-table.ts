import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, n, num, optStr, s, str } from './attributes.js';
import { backoff } from './backoff.js';
import { keys } from './keys.js';
import { ProfileSet } from './profile-set.js';
import { BotAccountTable } from './bot-account-table.js';
import type { BotAccountKey, BotAccountPage } from './ports/bot-accounts.js';
import { WriteConflict } from './ports/errors.js';
import type { PlayerChanges, PlayerStore } from './ports/players.js';
import { isLanguage } from '../../engine/core/languages.js';
import type { MembershipRecord } from '../domain/game.js';
import { mergeNotificationChoices, resolveNotifications, type NotificationChoices } from '../domain/notifications.js';
import type { NewPlayerRecord, PlayerRecord, Vacation } from '../domain/player.js';

/** Rounds of optimistic retries before a write gives up with WriteConflict; each round has a winner. */
const MAX_ATTEMPTS = 30;

/** Players in the single table: the profile item (with the open games' set) and the memberships under the player. */
export class PlayerTable implements PlayerStore {
  private readonly openGames: ProfileSet;
  private readonly bots: BotAccountTable;

  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {
    this.openGames = new ProfileSet(db, tableName, 'openGames');
    this.bots = new BotAccountTable(db, tableName);
  }

  /** Stores the player's notification choices only if given: absent, the defaults apply. */
  async putPlayer(p: NewPlayerRecord): Promise<void> {
    const item: Item = {
      pk: s(keys.player(p.id)),
      sk: s(keys.profile),
      name: s(p.name),
      tokenHash: s(p.tokenHash),
      createdAt: s(p.createdAt),
    };
    if (p.email) item.email = s(p.email);
    if (p.pendingEmail) item.pendingEmail = s(p.pendingEmail);
    if (p.language) item.lang = s(p.language);
    if (p.notifications) item.notifications = json(mergeNotificationChoices(undefined, p.notifications));
    await conditional(
      this.db.send(
        new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    );
  }

  async getPlayer(id: string): Promise<PlayerRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
        ConsistentRead: true,
        ProjectionExpression:
          '#name, email, pendingEmail, tokenHash, createdAt, notifications, vacations, lang, deletedAt, cv, botAccountAt',
        ExpressionAttributeNames: { '#name': 'name' },
      }),
    );
    const item = out.Item;
    // A profile whose deletion has begun (store/account-deletion.ts) is gone for every reader.
    if (!item || item.deletedAt) return null;
    const email = optStr(item, 'email');
    const pendingEmail = optStr(item, 'pendingEmail');
    const language = optStr(item, 'lang');
    const botAccountSince = optStr(item, 'botAccountAt');
    return {
      id,
      name: str(item, 'name'),
      tokenHash: str(item, 'tokenHash'),
      createdAt: str(item, 'createdAt'),
      ...(email ? { email } : {}),
      ...(pendingEmail ? { pendingEmail } : {}),
      ...(isLanguage(language) ? { language } : {}),
      notifications: resolveNotifications(parseChoices(optStr(item, 'notifications')), Boolean(email)),
      vacations: parseVacations(optStr(item, 'vacations')),
      ...(item.cv ? { credentialVersion: num(item, 'cv') } : {}),
      ...(botAccountSince ? { botAccountSince } : {}),
    };
  }

  async bumpCredentialVersion(id: string): Promise<number> {
    const out = await conditional(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
          UpdateExpression: 'ADD cv :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': n(1) },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    return num(out.Attributes!, 'cv');
  }

  /**
   * `notifications` is merged into the stored choices (kinds not named keep theirs). The choices
   * are one JSON attribute, so the merge is a read and a write conditioned on the value read:
   * two concurrent changes of different kinds both survive.
   */
  async updatePlayer(id: string, changes: PlayerChanges): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const sets: string[] = [];
      const removes: string[] = [];
      const values: Item = {};
      const names: Record<string, string> = {};
      const conditions = ['attribute_exists(pk)'];
      if (changes.name !== undefined) {
        sets.push('#name = :name');
        names['#name'] = 'name';
        values[':name'] = s(changes.name);
      }
      if (changes.language !== undefined) {
        sets.push('lang = :lang');
        values[':lang'] = s(changes.language);
      }
      for (const attribute of ['email', 'pendingEmail', 'tokenHash'] as const) {
        const value = changes[attribute];
        if (value === null) removes.push(attribute);
        else if (value !== undefined) {
          sets.push(`${attribute} = :${attribute}`);
          values[`:${attribute}`] = s(value);
        }
      }
      if (changes.notifications) {
        const current = await this.db.send(
          new GetItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
            ConsistentRead: true,
            ProjectionExpression: 'pk, notifications',
          }),
        );
        if (!current.Item) throw new WriteConflict('no such player');
        const stored = optStr(current.Item, 'notifications');
        sets.push('notifications = :notifications');
        values[':notifications'] = json(mergeNotificationChoices(parseChoices(stored), changes.notifications));
        if (stored === undefined) conditions.push('attribute_not_exists(notifications)');
        else {
          conditions.push('notifications = :stored');
          values[':stored'] = s(stored);
        }
      }
      if (sets.length === 0 && removes.length === 0) return;
      const expr = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
        .join(' ')
        .trim();
      try {
        await conditional(
          this.db.send(
            new UpdateItemCommand({
              TableName: this.tableName,
              Key: { pk: s(keys.player(id)), sk: s(keys.profile) },
              UpdateExpression: expr,
              ConditionExpression: conditions.join(' AND '),
              ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
              ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
            }),
          ),
        );
        return;
      } catch (err) {
        // Without notifications the only condition is that the player exists: nothing to retry.
        if (!(err instanceof WriteConflict) || !changes.notifications || attempt + 1 >= MAX_ATTEMPTS) throw err;
        await backoff(attempt);
      }
    }
  }

  // ---- open games (ids in a capped set on the profile)

  /** Adds the game to the player's open games unless `cap` are there already (false then). */
  addOpenGame(playerId: string, gameId: string, cap: number): Promise<boolean> {
    return this.openGames.add(playerId, gameId, cap);
  }

  listOpenGames(playerId: string): Promise<string[]> {
    return this.openGames.list(playerId);
  }

  /** Removing an id that is not there is fine: the set only shrinks. */
  removeOpenGames(playerId: string, gameIds: readonly string[]): Promise<void> {
    return this.openGames.remove(playerId, gameIds);
  }

  // ---- bot accounts (bot-account-table.ts)

  markBotAccount(playerId: string, at: string): Promise<boolean> {
    return this.bots.markBotAccount(playerId, at);
  }

  listBotAccounts(limit: number, after: BotAccountKey | null): Promise<BotAccountPage> {
    return this.bots.listBotAccounts(limit, after);
  }

  unlistBotAccount(playerId: string): Promise<void> {
    return this.bots.unlistBotAccount(playerId);
  }

  // ---- memberships

  async putMembership(m: MembershipRecord): Promise<void> {
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            pk: s(keys.player(m.playerId)),
            sk: s(keys.membership(m.gameId)),
            gameId: s(m.gameId),
            game: s(m.game),
            seat: n(m.seat),
            joinedAt: s(m.joinedAt),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async listMemberships(playerId: string): Promise<MembershipRecord[]> {
    const out: MembershipRecord[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.membershipPrefix) },
          // A player who just joined expects to see the game in "my games" at once.
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        out.push({
          playerId,
          gameId: str(item, 'gameId'),
          game: str(item, 'game'),
          seat: num(item, 'seat'),
          joinedAt: str(item, 'joinedAt'),
        });
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }
}

/** Stored choices, read defensively: anything unexpected counts as "no choice". */
function parseChoices(raw: string | undefined): NotificationChoices | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object'
      ? mergeNotificationChoices(undefined, value as NotificationChoices)
      : undefined;
  } catch {
    return undefined;
  }
}

export function parseVacations(raw: string | undefined): Vacation[] {
  if (raw === undefined) return [];
  const value = JSON.parse(raw) as unknown;
  return Array.isArray(value) ? (value as Vacation[]) : [];
}
