import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';

export interface EmbeddedStore {
  endpoint: string;
  client(): DynamoDBClient;
  close(): Promise<void>;
}

/**
 * dynalite, a DynamoDB-compatible server on LevelDB, listening on a free loopback port.
 * With a `path` the data lives on disk and survives restarts; without, it is in memory.
 */
export async function startEmbeddedStore(path?: string): Promise<EmbeddedStore> {
  if (path) mkdirSync(path, { recursive: true });
  const server = dynalite({ ...(path ? { path } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    client: () => localClient(endpoint),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** A client for a local DynamoDB-compatible endpoint; the credentials are placeholders it ignores. */
export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  });
}
