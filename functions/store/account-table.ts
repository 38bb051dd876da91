import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, n, num, optStr, s, str } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { ProfileSet } from './profile-set.js';
import { keys } from './keys.js';
import { type CodeRecord, type CredentialRecord, type Scope, SCOPES } from '../domain/player.js';
import type { AccountStore, CodeSlot } from './ports/accounts.js';

const slotKey = (slot: CodeSlot): Item =>
  'signIn' in slot
    ? { pk: s(keys.emailAddress(slot.signIn)), sk: s(keys.signInCode) }
    : { pk: s(keys.player(slot.emailChange)), sk: s(keys.emailChange) };

/** Seconds since the epoch, as DynamoDB's TTL reads them: the item goes some time after. */
const ttlOf = (iso: string) => n(Math.ceil(Date.parse(iso) / 1000));

/**
 * Sign-in and credentials (docs/architecture.md, "Sessions and tokens"): sessions and personal
 * access tokens under the player, one-time codes, and which account an address belongs to.
 */
export class AccountTable implements AccountStore {
  private readonly tokenIds: ProfileSet;

  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {
    this.tokenIds = new ProfileSet(db, tableName, 'tokenIds');
  }

  // ---- credentials

  async putCredential(c: CredentialRecord): Promise<void> {
    const item: Item = {
      pk: s(keys.player(c.playerId)),
      sk: s(keys.credential(c.id)),
      kind: s(c.kind),
      name: s(c.name),
      scopes: { SS: [...c.scopes] },
      hash: s(c.hash),
      createdAt: s(c.createdAt),
      lastUsedAt: s(c.lastUsedAt),
    };
    if (c.expiresAt) {
      item.expiresAt = s(c.expiresAt);
      item.ttl = ttlOf(c.expiresAt);
    }
    await conditional(
      this.db.send(
        new PutItemCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(sk)' }),
      ),
    );
  }

  async getCredential(playerId: string, id: string): Promise<CredentialRecord | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.credential(id)) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? parseCredential(playerId, out.Item) : null;
  }

  async listCredentials(playerId: string): Promise<CredentialRecord[]> {
    return (await this.partition(playerId, keys.credentialPrefix)).map((item) => parseCredential(playerId, item));
  }

  /** True if it existed (and is now gone). */
  async deleteCredential(playerId: string, id: string): Promise<boolean> {
    const out = await this.db.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.player(playerId)), sk: s(keys.credential(id)) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes !== undefined;
  }

  /** Marks a credential used (a session's expiry slides with it); nothing if it was revoked meanwhile. */
  async touchCredential(playerId: string, id: string, lastUsedAt: string, expiresAt: string | null): Promise<void> {
    const values: Item = { ':used': s(lastUsedAt) };
    let update = 'SET lastUsedAt = :used';
    if (expiresAt) {
      update += ', expiresAt = :expires, #ttl = :ttl';
      values[':expires'] = s(expiresAt);
      values[':ttl'] = ttlOf(expiresAt);
    }
    await conditional(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.player(playerId)), sk: s(keys.credential(id)) },
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(sk)',
          ...(expiresAt ? { ExpressionAttributeNames: { '#ttl': 'ttl' } } : {}),
          ExpressionAttributeValues: values,
        }),
      ),
    ).catch((err: unknown) => {
      if (!(err instanceof WriteConflict)) throw err;
    });
  }

  // ---- the token cap: token ids in a capped set on the profile

  /** Counts the token against the player's cap unless `cap` are counted already (false then). */
  countToken(playerId: string, id: string, cap: number): Promise<boolean> {
    return this.tokenIds.add(playerId, id, cap);
  }

  countedTokens(playerId: string): Promise<string[]> {
    return this.tokenIds.list(playerId);
  }

  /** Uncounting an id that is not counted is fine: the set only shrinks. */
  uncountTokens(playerId: string, ids: readonly string[]): Promise<void> {
    return this.tokenIds.remove(playerId, ids);
  }

  // ---- one-time codes

  /** Replaces the slot's code: a new code makes the earlier one useless. */
  async putCode(slot: CodeSlot, code: CodeRecord): Promise<void> {
    const item: Item = {
      ...slotKey(slot),
      codeHash: s(code.codeHash),
      expiresAt: s(code.expiresAt),
      attempts: n(code.attempts),
      ttl: ttlOf(code.expiresAt),
    };
    if (code.playerId) item.playerId = s(code.playerId);
    if (code.address) item.address = s(code.address);
    await this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item }));
  }

  /**
   * Counts an attempt at the slot's code and answers the code as counted; null when there is none
   * or `maxAttempts` are counted already. One conditional update before the code is compared: of
   * a burst of attempts, however they race, only the first `maxAttempts` see the code.
   */
  async attemptCode(slot: CodeSlot, maxAttempts: number): Promise<CodeRecord | null> {
    try {
      const out = await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: slotKey(slot),
            UpdateExpression: 'ADD attempts :one',
            ConditionExpression: 'attempts < :max',
            ExpressionAttributeValues: { ':one': n(1), ':max': n(maxAttempts) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      const item = out.Attributes!;
      const playerId = optStr(item, 'playerId');
      const address = optStr(item, 'address');
      return {
        codeHash: str(item, 'codeHash'),
        expiresAt: str(item, 'expiresAt'),
        attempts: num(item, 'attempts'),
        ...(playerId ? { playerId } : {}),
        ...(address ? { address } : {}),
      };
    } catch (err) {
      if (err instanceof WriteConflict) return null;
      throw err;
    }
  }

  /** Deletes the code if it is still `codeHash`: of two racing uses of one code, exactly one gets true. */
  async takeCode(slot: CodeSlot, codeHash: string): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: slotKey(slot),
            ConditionExpression: 'codeHash = :hash',
            ExpressionAttributeValues: { ':hash': s(codeHash) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  async deleteCode(slot: CodeSlot): Promise<void> {
    await this.db.send(new DeleteItemCommand({ TableName: this.tableName, Key: slotKey(slot) }));
  }

  // ---- which account an address belongs to

  async emailOwner(address: string): Promise<string | null> {
    const out = await this.db.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { pk: s(keys.emailAddress(address)), sk: s(keys.emailOwner) },
        ConsistentRead: true,
      }),
    );
    return out.Item ? str(out.Item, 'playerId') : null;
  }

  /** Claims the address for the player; false when another account holds it. */
  async claimEmail(address: string, playerId: string): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: { pk: s(keys.emailAddress(address)), sk: s(keys.emailOwner), playerId: s(playerId) },
            ConditionExpression: 'attribute_not_exists(pk) OR playerId = :me',
            ExpressionAttributeValues: { ':me': s(playerId) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** Lets the address go, if the player holds it. */
  async releaseEmail(address: string, playerId: string): Promise<void> {
    await conditional(
      this.db.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.emailAddress(address)), sk: s(keys.emailOwner) },
          ConditionExpression: 'playerId = :me',
          ExpressionAttributeValues: { ':me': s(playerId) },
        }),
      ),
    ).catch((err: unknown) => {
      if (!(err instanceof WriteConflict)) throw err;
    });
  }

  // ---- the whole account

  /**
   * Deletes every item of the player's partition: the profile first, so that nothing can
   * authenticate as the player while the rest goes (credentials, memberships, channels, codes).
   */
  async deletePlayer(playerId: string): Promise<void> {
    const pk = keys.player(playerId);
    await this.db.send(new DeleteItemCommand({ TableName: this.tableName, Key: { pk: s(pk), sk: s(keys.profile) } }));
    for (const item of await this.partition(playerId, '')) {
      await this.db.send(new DeleteItemCommand({ TableName: this.tableName, Key: { pk: s(pk), sk: item.sk! } }));
    }
  }

  private async partition(playerId: string, prefix: string): Promise<Item[]> {
    const out: Item[] = [];
    let start: Item | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          // DynamoDB refuses an empty key value: the whole partition is read without a prefix.
          KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ...(prefix ? { ':prefix': s(prefix) } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }
}

function parseCredential(playerId: string, item: Item): CredentialRecord {
  const scopes = item.scopes?.SS ?? [];
  return {
    playerId,
    id: str(item, 'sk').slice(keys.credentialPrefix.length),
    kind: str(item, 'kind') === 'session' ? 'session' : 'token',
    name: str(item, 'name'),
    scopes: SCOPES.filter((scope): scope is Scope => scopes.includes(scope)),
    hash: str(item, 'hash'),
    createdAt: str(item, 'createdAt'),
    lastUsedAt: str(item, 'lastUsedAt'),
    expiresAt: optStr(item, 'expiresAt') ?? null,
  };
}
