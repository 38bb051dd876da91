/**
 * What each invocation writes to CloudWatch Logs, measured on the real entries rather than
 * assumed: the API handler (functions/api/lambda.ts) runs in this process against the
 * embedded store, fed HTTP API events, and every byte it writes to stdout is counted, as
 * Lambda would ingest it. The stack logs JSON with Lambda's system lines at WARN, so START, END and
 * REPORT cost nothing; what is left is the app's own request line and its EMF metrics.
 *
 * The notifier's entry reads its secrets from SSM at import, so its lines are measured on the
 * same observability module it uses: one invocation that counts one delivered message the way
 * functions/notify/channels.ts does (one EMF line per delivery, then the invocation's flush).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { LambdaEvent } from 'hono/aws-lambda';
import { apiLambdaStore } from '../support/api-lambda-env.js';
import { httpApiEvent } from '../support/lambda-event.js';
import { median } from './stats.js';

const MOVES = Number(process.env.BENCH_LOG_MOVES ?? 40);

type Answer = { statusCode: number; body: string };

/** Bytes written to stdout while `run` ran (Powertools writes there directly, not through console.log). */
async function bytesOf<T>(run: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  let bytes = 0;
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return true;
  }) as typeof process.stdout.write;
  try {
    return { result: await run(), bytes };
  } finally {
    process.stdout.write = write;
  }
}

const store = await apiLambdaStore('bench-logs', 'Railpost/bench');
const webDir = mkdtempSync(join(tmpdir(), 'railpost-bench-logs-'));

const moveBytes: number[] = [];
const viewBytes: number[] = [];
let notifierBytes = 0;
try {
  const { handler } = (await import('../../functions/api/lambda.js')) as unknown as {
    handler: (e: LambdaEvent, c: Context) => Promise<Answer>;
  };
  let n = 0;
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    bytesOf(async () => {
      const answer = await handler(
        httpApiEvent(method, path, body, token ? { authorization: `Bearer ${token}` } : {}),
        { awsRequestId: `req-${n++}`, functionName: 'api' } as Context,
      );
      if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
      return JSON.parse(answer.body) as Record<string, any>;
    });
  const anna = (await call('POST', '/v1/players', { name: 'Anna' })).result;
  const ben = (await call('POST', '/v1/players', { name: 'Ben' })).result;
  const tokens = [anna.token as string, ben.token as string];
  const game = (await call('POST', '/v1/games', { game: 'ticket-to-ride-europe', players: 2 }, tokens[0])).result;
  await call('POST', `/v1/games/${game.id}/join`, { inviteCode: game.inviteCode }, tokens[1]);
  for (let i = 0; i < MOVES; i++) {
    const summary = (await call('GET', `/v1/games/${game.id}`, undefined, tokens[0])).result;
    const seat = (summary.toAct as number[])[0];
    if (seat === undefined) break;
    const view = await call('GET', `/v1/games/${game.id}/view`, undefined, tokens[seat]);
    viewBytes.push(view.bytes);
    const action = (view.result.legalActions as unknown[])[0];
    const moved = await call(
      'POST',
      `/v1/games/${game.id}/actions`,
      { action, expectedVersion: view.result.version },
      tokens[seat],
    );
    moveBytes.push(moved.bytes);
  }

  const { observability } = await import('../../functions/observability/powertools.js');
  const { port, middlewares } = observability('notifier');
  const notify = middy(async () => port.count('Notifications', { channel: 'email', outcome: 'sent' })).use(middlewares);
  // The first invocation also reports the cold start; a warm one is what most messages pay.
  await bytesOf(() => notify({}, { awsRequestId: 'cold', functionName: 'notifier' } as Context));
  notifierBytes = (await bytesOf(() => notify({}, { awsRequestId: 'warm', functionName: 'notifier' } as Context)))
    .bytes;
} finally {
  rmSync(webDir, { recursive: true, force: true });
  await store.close();
}

export const results = {
  game: 'ticket-to-ride-europe',
  moves: moveBytes.length,
  /** Median bytes logged by one invocation of each kind. */
  move: median(moveBytes),
  view: median(viewBytes),
  notifierPerMessage: notifierBytes,
};
console.log(
  `logs: bytes written per invocation (JSON, Lambda system lines at WARN), medians of ${results.moves}: move ${results.move}, view ${results.view}; the notifier per message ${results.notifierPerMessage}`,
);
