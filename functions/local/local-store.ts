import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { RateLimitStore } from '../api/rate-limits.js';
import { MAX_WAIT_SECONDS } from '../service/version-waits.js';
import { ensureTable } from '../store/create-table.js';
import { dynamoStores } from '../store/dynamo-stores.js';
import { ensureLimitsTable, limitsStoreClient } from '../store/limits-table.js';
import { memoryStores } from '../store/memory/index.js';
import type { Stores } from '../store/ports/stores.js';
import { startEmbeddedStore } from './embedded-store.js';

export const LOCAL_TABLE = 'railpost';
export const LOCAL_LIMITS_TABLE = 'railpost-limits';

export interface StoreCall {
  command: string;
  input: Record<string, any>;
}

export type FaultInjector = (call: StoreCall) => { when: 'before' | 'after'; error: Error } | null;

/**
 * Where a local server keeps its data. `dynalite` (the default, and `npm start`'s) is the embedded
 * DynamoDB, on disk in `dataDir` or in memory: the same tables, items and conditions as in AWS.
 * `memory` is the in-memory twin of every store (functions/store/memory, held to the same
 * conformance suite): no table and no DynamoDB client, for tests of the HTTP contract.
 */
export type LocalStoreOptions =
  | {
      kind: 'dynalite';
      dataDir?: string | undefined;
      /** Sees every DynamoDB command the service sends, with its input and output (benchmarks count and size them). */
      onDbCall?: ((call: StoreCall & { output: Record<string, any> }) => void) | undefined;
      /** Tests only: make store calls fail, before they reach the store or after it has done them. */
      injectFault?: FaultInjector | undefined;
    }
  | { kind: 'memory'; now: () => Date };

export interface LocalStore {
  stores: Stores;
  /** Where shared rate limits are counted; null: each in this process's memory. */
  rateLimits: RateLimitStore | null;
  /** The embedded DynamoDB's endpoint and the service's client of it; null on the memory store. */
  dynamo: { endpoint: string; db: DynamoDBClient } | null;
  close(): Promise<void>;
}

export async function openLocalStore(options: LocalStoreOptions): Promise<LocalStore> {
  if (options.kind === 'memory') {
    const now = options.now;
    return {
      stores: memoryStores({ now: () => now().getTime() }),
      rateLimits: null,
      dynamo: null,
      close: async () => {},
    };
  }
  const store = await startEmbeddedStore(options.dataDir ? resolve(join(options.dataDir, 'dynalite')) : undefined);
  const db = store.client();
  await ensureTable(db, LOCAL_TABLE);
  await ensureLimitsTable(db, LOCAL_LIMITS_TABLE);
  if (options.onDbCall) countCalls(db, options.onDbCall);
  if (options.injectFault) injectFaults(db, options.injectFault);
  return {
    stores: dynamoStores(db, LOCAL_TABLE, { limitsTable: LOCAL_LIMITS_TABLE, longestMs: MAX_WAIT_SECONDS * 1000 }),
    rateLimits: { client: limitsStoreClient(db), tableName: LOCAL_LIMITS_TABLE },
    dynamo: { endpoint: store.endpoint, db },
    close: async () => {
      db.destroy();
      await store.close();
    },
  };
}

/** Runs outside the SDK's retries, so an injected fault reaches the service exactly once. */
function injectFaults(db: DynamoDBClient, inject: FaultInjector): void {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const fault = inject({ command: context.commandName ?? 'unknown', input: args.input as Record<string, any> });
      if (fault?.when === 'before') throw fault.error;
      const out = await next(args);
      if (fault?.when === 'after') throw fault.error;
      return out;
    },
    { step: 'initialize', name: 'railpostInjectFaults' },
  );
}

function countCalls(db: DynamoDBClient, onDbCall: (call: StoreCall & { output: Record<string, any> }) => void): void {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const call = { command: context.commandName ?? 'unknown', input: args.input as Record<string, any> };
      try {
        const out = await next(args);
        onDbCall({ ...call, output: out.output as Record<string, any> });
        return out;
      } catch (err) {
        // A failed conditional write is still a call (and still costs a write unit).
        onDbCall({ ...call, output: {} });
        throw err;
      }
    },
    { step: 'initialize', name: 'railpostCountCalls' },
  );
}
