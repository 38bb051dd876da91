import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, json, n, parsed, s, type Item } from './attributes.js';
import { keys } from './keys.js';
import { WriteConflict } from './ports/errors.js';
import { queryItems } from './query-items.js';
import type { ChallengeRecord, ChallengeSettlement, ChallengeSide } from '../domain/challenge.js';
import type { ChallengeStore } from './ports/challenges.js';

const ttlOf = (iso: string) => n(Math.ceil(Date.parse(iso) / 1000));

/** Which party's partition holds a side's entry. */
const partyOf = (c: ChallengeRecord, side: ChallengeSide) => (side === 'outgoing' ? c.challenger : c.opponent).id;
const SIDES: ChallengeSide[] = ['outgoing', 'incoming'];

/**
 * Challenges on the single table (keys.ts `challenge`): the item under the challenge's id decides
 * every race, its settlement conditional on `status = pending`; each party's entry is a copy for
 * listing, rewritten after the settlement. An entry a crash left pending lists a challenge that is
 * settled already: answering it is refused as not pending, and the next settlement rewrites it.
 */
export class ChallengeTable implements ChallengeStore {
  constructor(
    private readonly db: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async put(c: ChallengeRecord): Promise<void> {
    const { pk, sk } = keys.challenge(c.id);
    await conditional(
      this.db.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { pk: s(pk), sk: s(sk), ...this.attributes(c) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    for (const side of SIDES) await this.putEntry(c, side);
  }

  async get(id: string): Promise<ChallengeRecord | null> {
    const { pk, sk } = keys.challenge(id);
    const out = await this.db.send(
      new GetItemCommand({ TableName: this.tableName, Key: { pk: s(pk), sk: s(sk) }, ConsistentRead: true }),
    );
    return out.Item ? parsed<ChallengeRecord>(out.Item, 'challenge') : null;
  }

  async pending(playerId: string, side: ChallengeSide, now: string, limit: number): Promise<ChallengeRecord[]> {
    const found: ChallengeRecord[] = [];
    for await (const item of queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :side)',
      FilterExpression: '#status = :pending AND expiresAt > :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': s(keys.player(playerId)),
        ':side': s(keys.challengeSidePrefix(side)),
        ':pending': s('pending'),
        ':now': s(now),
      },
      ScanIndexForward: false,
      ConsistentRead: true,
    })) {
      found.push(parsed<ChallengeRecord>(item, 'challenge'));
      if (found.length >= limit) break;
    }
    return found;
  }

  async all(playerId: string): Promise<ChallengeRecord[]> {
    const found: ChallengeRecord[] = [];
    for await (const item of queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.challengePrefix) },
      ConsistentRead: true,
    }))
      found.push(parsed<ChallengeRecord>(item, 'challenge'));
    return found;
  }

  async settle(id: string, settlement: ChallengeSettlement): Promise<ChallengeRecord> {
    const current = await this.get(id);
    if (!current) throw new WriteConflict('no such challenge');
    const { status, at, ...rest } = settlement;
    const settled: ChallengeRecord = { ...current, status, settledAt: at, ...rest };
    const { pk, sk } = keys.challenge(id);
    await conditional(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { pk: s(pk), sk: s(sk) },
          UpdateExpression: 'SET #status = :status, challenge = :challenge',
          ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': s(status), ':challenge': json(settled), ':pending': s('pending') },
        }),
      ),
    );
    for (const side of SIDES) await this.putEntry(settled, side);
    return settled;
  }

  async remove(c: ChallengeRecord): Promise<void> {
    const { pk, sk } = keys.challenge(c.id);
    await this.db.send(new DeleteItemCommand({ TableName: this.tableName, Key: { pk: s(pk), sk: s(sk) } }));
    for (const side of SIDES) {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk: s(keys.player(partyOf(c, side))), sk: s(keys.challengeEntry(side, c.createdAt, c.id)) },
        }),
      );
    }
  }

  private async putEntry(c: ChallengeRecord, side: ChallengeSide): Promise<void> {
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(keys.player(partyOf(c, side))),
          sk: s(keys.challengeEntry(side, c.createdAt, c.id)),
          ...this.attributes(c),
        },
      }),
    );
  }

  private attributes(c: ChallengeRecord): Item {
    return { challenge: json(c), status: s(c.status), expiresAt: s(c.expiresAt), ttl: ttlOf(c.expiresAt) };
  }
}
