import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import middy from '@middy/core';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { observability } from '../observability/powertools.js';
import { DeliveryLog } from '../store/delivery-log.js';
import { DigestTable } from '../store/digest-table.js';
import { GameTable } from '../store/game-table.js';
import { FinishedTable } from '../store/finished-table.js';
import { RatingsTable } from '../store/ratings-table.js';
import { Results } from '../service/results.js';
import { Notifier } from './core.js';
import { sesSender } from './email.js';
import { loadNotifySecretsParameter } from './secrets.js';
import { notifyFromStream, type StreamRecord } from './stream.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const { logger, tracer, port, middlewares } = observability('notifier');
const secrets = await loadNotifySecretsParameter(env('NOTIFY_SECRETS_PARAMETER'));
const db = tracer.captureAWSv3Client(new DynamoDBClient({}));
const table = new GameTable(db, env('TABLE_NAME'));
const registry = createRegistry(catalogGames);
const configurationSetName = process.env.SES_CONFIGURATION_SET;
const notifier = new Notifier({
  table,
  deliveries: new DeliveryLog(db, env('TABLE_NAME')),
  registry,
  publicUrl: env('PUBLIC_URL'),
  email: sesSender({ client: tracer.captureAWSv3Client(new SESv2Client({})), from: env('EMAIL_FROM'), ...(configurationSetName ? { configurationSetName } : {}) }),
  vapid: { subject: secrets.vapidSubject, publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey },
  unsubscribeSecret: secrets.unsubscribeSecret,
  log: (line) => logger.warn(line),
  metrics: port,
  digests: new DigestTable(db, env('TABLE_NAME')),
});

const results = new Results(table, new RatingsTable(db, env('TABLE_NAME')), new FinishedTable(db, env('TABLE_NAME')), registry);

/** Stream batches in, partial-batch failures out: Lambda retries from the first failed record. */
export const handler = middy(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed = await notifyFromStream(event.Records as StreamRecord[], { table, registry, notifier, results });
  if (failed.length > 0) logger.warn('notification batch partly failed', { failed });
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}).use(middlewares);
