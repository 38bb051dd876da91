import { startEmbeddedStore, type EmbeddedStore } from '../../functions/local/embedded-store.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { ensureLimitsTable } from '../../functions/store/limits-table.js';

/**
 * An embedded store with the API's two tables, and the environment the stack gives the API Lambda
 * pointed at it: for running the real entry (test/lambda.test.ts, the log-bytes bench) or its
 * bundle (test/bundle.test.ts) in process. The limits table is `<table>-limits`.
 */
export async function apiLambdaStore(table: string, metricsNamespace = 'Railpost/test'): Promise<EmbeddedStore> {
  const store = await startEmbeddedStore();
  const db = store.client();
  await ensureTable(db, table);
  await ensureLimitsTable(db, `${table}-limits`);
  db.destroy();
  Object.assign(process.env, {
    TABLE_NAME: table,
    LIMITS_TABLE_NAME: `${table}-limits`,
    AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
    // No queue runs in process: a move through the entry that left a searching bot due would fail to queue its turn.
    BOT_TURNS_QUEUE_URL: 'https://sqs.local.amazonaws.com/000000000000/bot-turns',
  });
  return store;
}
