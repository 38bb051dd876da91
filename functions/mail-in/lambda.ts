import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LAMBDA_CLIENT_CONFIG } from '../store/lambda-client.js';
import { S3Client } from '@aws-sdk/client-s3';
import middy from '@middy/core';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { awsNotifier } from '../notify/aws-notifier.js';
import { loadNotifySecretsParameter } from '../notify/secrets.js';
import { requiredEnv as env } from '../observability/env.js';
import { observability } from '../observability/powertools.js';
import { tracing } from '../observability/tracing.js';
import { createServices } from '../service/index.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from '../bots/sqs-bot-turns.js';
import { MailIn, MAX_INBOUND_BYTES } from './mail-in.js';
import { receiveFromSes, SesReceiptEventSchema, type SesReceiptOutcome } from './ses-receipt.js';
import { readStoredMessage } from './stored-message.js';

const { logger, port, middlewares } = observability('mail-in');
const { tracer, middleware: traced } = tracing('mail-in');
const secrets = await loadNotifySecretsParameter(env('NOTIFY_SECRETS_PARAMETER'));
const db = tracer.captureAWSv3Client(new DynamoDBClient(LAMBDA_CLIENT_CONFIG));
const tableName = env('TABLE_NAME');
const registry = createRegistry(catalogSources);
const log = (line: string) => logger.warn(line);
// The answers to replies (what was played, or what went wrong) go out as turn emails do.
const { notifier, deliveries, digests } = awsNotifier({
  db,
  tableName,
  registry,
  secrets,
  env: process.env,
  capture: (c) => tracer.captureAWSv3Client(c),
  log,
  metrics: port,
});
const services = createServices(dynamoStores(db, tableName), registry, undefined, {
  metrics: port,
  botTurns: sqsBotTurns(env(BOT_TURNS_QUEUE_URL), (client) => tracer.captureAWSv3Client(client)),
  log: (message, err) => logger.error(message, { error: err as Error }),
});
const mailIn = new MailIn({
  services,
  registry,
  notifier,
  deliveries,
  digests,
  secrets: [secrets.unsubscribeSecret],
  replyDomain: env('REPLY_DOMAIN'),
  log,
});
const stored = {
  client: tracer.captureAWSv3Client(new S3Client({})),
  bucket: env('INBOUND_BUCKET'),
  prefix: env('INBOUND_PREFIX'),
  maxBytes: MAX_INBOUND_BYTES,
};

/**
 * SES invokes this after its S3 action stored the message. An error (the table or
 * SES failing) is thrown back so Lambda's asynchronous retries try again; a retry plays nothing
 * twice, because MailIn claims each Message-ID before it plays. A message no parser can read is
 * no error: MailIn logs and drops it (RP-MAIL-3), so it is not retried.
 */
export const handler = middy(async (event: unknown): Promise<SesReceiptOutcome[]> => {
  const outcomes = await receiveFromSes(SesReceiptEventSchema.parse(event), {
    read: (id) => readStoredMessage(stored, id),
    receive: (m) => mailIn.receive(m),
  });
  logger.info('mail-in', { outcomes });
  await services.settled();
  return outcomes;
}).use([traced, ...middlewares]);
