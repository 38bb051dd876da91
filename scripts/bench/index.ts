/**
 * `npm run bench [api|store|logs|games|compare|bundle|web|bots]`: every part but bots by default. Each part prints a table and
 * returns its figures, which are written together to bench/report.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LogFigures, StoreFigures } from './cost-model.js';
import type { Ladder } from './ladder-merge.js';

const parts = process.argv.slice(2);
const want = (part: string) => parts.length === 0 || parts.includes(part);
const report: Record<string, unknown> = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
};
if (want('api')) report.api = (await import('./api.js')).results;
if (want('store')) report.store = (await import('./store.js')).results;
if (want('store') || want('logs')) report.logs = (await import('./log-bytes.js')).results;
if (want('games')) report.games = (await import('./games.js')).results;
if (want('compare')) report.compare = (await import('./compare.js')).results;
if (want('bundle')) report.bundle = (await import('./bundle.js')).results;
if (want('web')) report.web = (await import('./web.js')).results;
// The ladder takes hours at full budgets: only on request.
if (parts.includes('bots')) report.bots = (await import('./bots.js')).results;
// A run of some parts keeps the other parts' figures from the last run (each part carries its own figures).
const file = new URL('../../bench/report.json', import.meta.url);
const previous =
  parts.length > 0 && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const merged = { ...previous, ...report };
if (report.bots) {
  const { mergeLadder } = await import('./ladder-merge.js');
  merged.bots = mergeLadder(previous.bots as Ladder | undefined, report.bots as Ladder);
}
// The cost model needs the traced store figures (with request times) and the measured log bytes.
const logged = merged.logs as LogFigures | undefined;
if (
  (want('store') || want('logs') || want('bundle')) &&
  (merged.store as Partial<StoreFigures> | undefined)?.calls?.holdPerSecond &&
  logged
) {
  const { costPerMillionMoves, PRICES, ASSUMPTIONS } = await import('./cost-model.js');
  const initMs = (merged.bundle as { api?: { importCpuMs?: number | null } } | undefined)?.api?.importCpuMs ?? null;
  const cost = costPerMillionMoves(merged.store as StoreFigures, logged, initMs);
  merged.cost = { ...cost, initMs, prices: PRICES, assumptions: ASSUMPTIONS };
  const d = cost.dollars;
  console.log(
    `cost per million moves, each with one view and one notification (us-east-1, on-demand; prices and assumptions in scripts/bench/cost-model.ts):`,
  );
  console.log(
    `  DynamoDB $${d.dynamo} (${cost.readUnitsPerMove} RRU + ${cost.writeUnitsPerMove} WRU per move), Lambda $${d.lambda} (${cost.lambdaMsPerMove} billed ms per move at ${ASSUMPTIONS.lambdaMemoryMb} MB), logs $${d.logs} (${cost.logBytesPerMove} bytes), X-Ray $${d.xray}, transfer $${d.transfer}`,
  );
  console.log(
    `  total $${d.total} behind the API's function URL (target ≤ $2.5), $${d.totalBehindHttpApi} had it stayed behind HTTP API (+$${d.httpApi}); storage $${d.storagePerMonth}/month per million moves kept; email $${d.email} if half the turns go by email`,
  );
  const f = cost.floor;
  console.log(
    `  floor $${f.total}: DynamoDB $${f.dynamo} (${f.readUnitsPerMove} RRU, every read that may be eventually consistent made so), Lambda requests $${f.requests}, one log line per API request $${f.logs}; no compute, traces or bytes out`,
  );
  console.log(
    `  an open web-client page: $${cost.pageHour.total} an hour (${cost.pageHour.requests} held views); the sweeper $${cost.sweeperPerMonth} a month`,
  );
}
mkdirSync(new URL('../../bench/', import.meta.url), { recursive: true });
writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
console.log('\nfigures written to bench/report.json');
