import { DeleteItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ifLanded, json, n, parsed, s, str } from './attributes.js';
import { keys } from './keys.js';
import type { StreamTicketStore } from './ports/connections.js';
import type { StreamCredential, StreamTicketRecord } from '../domain/stream.js';

/**
 * Stream tickets in the single table (`TICKET#<hash>`/`TICKET`), expiring through its TTL. A
 * ticket is taken by deleting it on the condition that it is there: of racing takes one only
 * gets the old item (an unconditional delete answers it to several on DynamoDB Local).
 */
export class StreamTicketTable implements StreamTicketStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  async put(ticket: StreamTicketRecord): Promise<void> {
    const key = keys.streamTicket(ticket.hash);
    await this.db.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          pk: s(key.pk),
          sk: s(key.sk),
          playerId: s(ticket.playerId),
          credential: json(ticket.credential),
          expiresAt: s(ticket.expiresAt),
          ttl: n(Math.ceil(Date.parse(ticket.expiresAt) / 1000)),
        },
      }),
    );
  }

  /** An expired ticket goes too: the TTL may take a while, and it opens nothing any more. */
  async take(hash: string, now: Date): Promise<StreamTicketRecord | null> {
    const key = keys.streamTicket(hash);
    const item = (
      await ifLanded(
        this.db.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: { pk: s(key.pk), sk: s(key.sk) },
            ConditionExpression: 'attribute_exists(pk)',
            ReturnValues: 'ALL_OLD',
          }),
        ),
      )
    )?.Attributes;
    if (!item) return null;
    const ticket: StreamTicketRecord = {
      hash,
      playerId: str(item, 'playerId'),
      credential: parsed<StreamCredential>(item, 'credential'),
      expiresAt: str(item, 'expiresAt'),
    };
    return Date.parse(ticket.expiresAt) > now.getTime() ? ticket : null;
  }
}
