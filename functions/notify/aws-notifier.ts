import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { GameRegistry } from '../../engine/core/index.js';
import type { Metrics } from '../service/metrics.js';
import { requiredEnv } from '../observability/env.js';
import type { DeliveryStore } from '../store/ports/deliveries.js';
import type { DigestStore } from '../store/ports/digests.js';
import { gameTable, type GameTable } from '../store/ports/stores.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { Notifier } from './notifier.js';
import { sesSender } from './email.js';
import { EventFanout } from './event-fanout.js';
import { apiGatewaySender } from './stream-sender.js';
import type { NotifySecretsParameter } from './secrets.js';

export interface AwsNotifierOptions {
  db: DynamoDBClient;
  tableName: string;
  registry: GameRegistry;
  secrets: NotifySecretsParameter;
  /** The function's environment: EMAIL_FROM and PUBLIC_URL, and optionally SES_CONFIGURATION_SET, REPLY_DOMAIN and STREAM_ENDPOINT. */
  env: NodeJS.ProcessEnv;
  /** Wraps each AWS client (X-Ray capture). */
  capture: <C extends SESv2Client>(client: C) => C;
  log: (line: string) => void;
  metrics: Metrics;
}

/**
 * The notifier as the stream function and the mail-in function both run it in AWS: SES for email,
 * the notification secrets from SSM, and, where the stack has a reply domain, turn emails that
 * can be answered.
 */
export function awsNotifier(o: AwsNotifierOptions): {
  notifier: Notifier;
  table: GameTable;
  deliveries: DeliveryStore;
  digests: DigestStore;
  /** The event stream's fan-out, where the stack has one (STREAM_ENDPOINT). */
  fanout: EventFanout | null;
} {
  const stores = dynamoStores(o.db, o.tableName);
  const table = gameTable(stores);
  const { deliveries, digests } = stores;
  const configurationSetName = o.env.SES_CONFIGURATION_SET;
  const replyDomain = o.env.REPLY_DOMAIN;
  const notifier = new Notifier({
    table,
    deliveries,
    digests,
    registry: o.registry,
    publicUrl: requiredEnv('PUBLIC_URL', o.env),
    email: sesSender({
      client: o.capture(new SESv2Client({})),
      from: requiredEnv('EMAIL_FROM', o.env),
      ...(configurationSetName ? { configurationSetName } : {}),
    }),
    vapid: {
      subject: o.secrets.vapidSubject,
      publicKey: o.secrets.vapidPublicKey,
      privateKey: o.secrets.vapidPrivateKey,
    },
    unsubscribeSecret: o.secrets.unsubscribeSecret,
    log: o.log,
    metrics: o.metrics,
    ...(replyDomain ? { replyDomain } : {}),
  });
  const endpoint = o.env.STREAM_ENDPOINT;
  const now = () => new Date();
  const fanout = endpoint
    ? new EventFanout({
        connections: stores.connections,
        sender: apiGatewaySender(endpoint),
        readGame: (gameId) => table.readGame(gameId),
        now,
        log: o.log,
      })
    : null;
  return { notifier, table, deliveries, digests, fanout };
}
