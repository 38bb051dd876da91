import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeliveryLog } from '../store/delivery-log.js';
import { DigestTable } from '../store/digest-table.js';
import type { GameTable } from '../store/ports/stores.js';
import { testRegistry } from '../../test/support/local.js';
import type { OutgoingMail } from './email.js';
import { Notifier } from './notifier.js';

/** Test helper: a notifier on the table's stream path whose emails are kept in `mails` (no push, no real mail). */
export function capture(table: GameTable, client: DynamoDBClient, tableName: string) {
  const mails: OutgoingMail[] = [];
  const notifier = new Notifier({
    table,
    deliveries: new DeliveryLog(client, tableName),
    registry: testRegistry(),
    publicUrl: 'https://railpost.example',
    email: { send: async (m) => void mails.push(m) },
    vapid: null,
    unsubscribeSecret: 'test-secret',
    log: () => {},
    digests: new DigestTable(client, tableName),
  });
  return { mails, notifier };
}
