import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve } from '@hono/node-server';
import type { GameRegistry } from '../../engine/core/index.js';
import { createApp } from '../api/app.js';
import { jsonLogger } from '../api/json-logger.js';
import { createServices, type Services } from '../service/index.js';
import { ensureTable } from '../store/create-table.js';
import { startEmbeddedStore } from './embedded-store.js';

export const LOCAL_TABLE = 'railpost';

export interface LocalOptions {
  registry: GameRegistry;
  /** Folder for the embedded store; omit for an in-memory store. */
  dataDir?: string;
  port?: number;
  host?: string;
  /** Sees every DynamoDB command the service sends (benchmarks count them). */
  onDbCall?: (command: string) => void;
}

export interface LocalServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

function countCalls(db: DynamoDBClient, onDbCall: (command: string) => void): void {
  db.middlewareStack.add(
    (next, context) => (args) => {
      onDbCall(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'railpostCountCalls' },
  );
}

/** The same app as in Lambda, on @hono/node-server, with dynalite as its table. */
export async function startLocalServer(options: LocalOptions): Promise<LocalServer> {
  const store = await startEmbeddedStore(options.dataDir ? resolve(join(options.dataDir, 'dynalite')) : undefined);
  const db = store.client();
  await ensureTable(db, LOCAL_TABLE);
  if (options.onDbCall) countCalls(db, options.onDbCall);
  const services = createServices(db, LOCAL_TABLE, options.registry);
  const app = createApp({ ...services, onServerError: (err) => jsonLogger.error('unhandled error', err) });
  const server = await new Promise<Server>((ok) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: options.host ?? '127.0.0.1' }, () => ok(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    services,
    close: async () => {
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections?.();
      });
      db.destroy();
      await store.close();
    },
  };
}
