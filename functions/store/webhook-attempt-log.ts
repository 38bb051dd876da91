import { DeleteItemCommand, PutItemCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Item, json, n, num, optStr, parsed, s, str } from './attributes.js';
import { keys } from './keys.js';
import { queryItems } from './query-items.js';
import { ATTEMPT_TTL_SECONDS, KEPT_ATTEMPTS, type WebhookAttemptStore } from './ports/webhook-attempts.js';
import type { WebhookAttempt } from '../domain/webhook-attempt.js';

const ttlOf = (now: Date) => Math.floor(now.getTime() / 1000) + ATTEMPT_TTL_SECONDS;

/**
 * The delivery logs in the single table, without reads on the write path: an atomic counter per
 * endpoint (`WHSEQ#`) numbers each attempt, its item goes in at that number, and the item
 * KEPT_ATTEMPTS numbers before it is deleted, so a log never holds more. Every item has a TTL; one
 * past it that DynamoDB has not removed yet is not shown.
 */
export class WebhookAttemptLog implements WebhookAttemptStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  async add(attempt: Omit<WebhookAttempt, 'id'>, now: Date): Promise<WebhookAttempt> {
    const pk = s(keys.player(attempt.playerId));
    const ttl = n(ttlOf(now));
    const counted = await this.db.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { pk, sk: s(keys.webhookSequence(attempt.webhookId)) },
        UpdateExpression: 'ADD #seq :one SET #ttl = :ttl',
        ExpressionAttributeNames: { '#seq': 'seq', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': n(1), ':ttl': ttl },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const seq = num(counted.Attributes ?? {}, 'seq');
    const { playerId: _p, webhookId: _w, payload, error, ...fields } = attempt;
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk,
          sk: s(keys.webhookAttempt(attempt.webhookId, seq)),
          attempt: json(fields),
          ...(error ? { error: json(error) } : {}),
          ...(payload !== null ? { payload: s(payload) } : {}),
          ttl,
        },
      }),
    );
    if (seq > KEPT_ATTEMPTS) {
      await this.db.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: { pk, sk: s(keys.webhookAttempt(attempt.webhookId, seq - KEPT_ATTEMPTS)) },
        }),
      );
    }
    return { ...attempt, id: String(seq) };
  }

  async list(playerId: string, webhookId: string, now: Date): Promise<WebhookAttempt[]> {
    const out: WebhookAttempt[] = [];
    for await (const item of this.query(playerId, webhookId, false)) {
      if (out.length === KEPT_ATTEMPTS) break;
      if (alive(item, now)) out.push(parseAttempt(playerId, webhookId, item));
    }
    return out;
  }

  async forget(playerId: string, webhookId: string): Promise<void> {
    const pk = s(keys.player(playerId));
    await this.db.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: { pk, sk: s(keys.webhookSequence(webhookId)) } }),
    );
    for await (const item of this.query(playerId, webhookId, true, 'sk'))
      await this.db.send(new DeleteItemCommand({ TableName: this.tableName, Key: { pk, sk: item.sk! } }));
  }

  private query(playerId: string, webhookId: string, forward: boolean, projection?: string) {
    return queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': s(keys.player(playerId)),
        ':prefix': s(keys.webhookAttemptPrefix(webhookId)),
      },
      ScanIndexForward: forward,
      ConsistentRead: true,
      ...(projection ? { ProjectionExpression: projection } : {}),
    });
  }
}

const alive = (item: Item, now: Date) => num(item, 'ttl') > now.getTime() / 1000;

function parseAttempt(playerId: string, webhookId: string, item: Item): WebhookAttempt {
  const sk = str(item, 'sk');
  const fields = parsed<Omit<WebhookAttempt, 'playerId' | 'webhookId' | 'id' | 'error' | 'payload'>>(item, 'attempt');
  return {
    playerId,
    webhookId,
    id: String(Number(sk.slice(keys.webhookAttemptPrefix(webhookId).length))),
    ...fields,
    error: item.error ? parsed(item, 'error') : null,
    payload: optStr(item, 'payload') ?? null,
  };
}
