/**
 * `npm run bench [api|store|games|compare|bundle|web]`: every part by default. Each part prints a table and
 * returns its figures, which are written together to bench/report.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { StoreFigures } from './cost-model.js';

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
if (want('store')) {
  const { costPerMillionMoves, PRICES, ASSUMPTIONS } = await import('./cost-model.js');
  const cost = costPerMillionMoves(report.store as StoreFigures);
  report.cost = { ...cost, prices: PRICES, assumptions: ASSUMPTIONS };
  const d = cost.dollars;
  console.log(`cost per million moves (us-east-1, on-demand; see scripts/bench/cost-model.ts for prices and assumptions):`);
  console.log(`  DynamoDB $${d.dynamo} (${cost.readUnitsPerMove} RRU + ${cost.writeUnitsPerMove} WRU per move), Lambda $${d.lambda}, HTTP API $${d.httpApi}: $${d.total}; storage $${d.storagePerMonth}/month per million moves kept; email $${d.email} if half the turns go by email`);
}
if (want('games')) report.games = (await import('./games.js')).results;
if (want('compare')) report.compare = (await import('./compare.js')).results;
if (want('bundle')) report.bundle = (await import('./bundle.js')).results;
if (want('web')) report.web = (await import('./web.js')).results;
// A run of some parts keeps the other parts' figures from the last run (each part carries its own figures).
const file = new URL('../../bench/report.json', import.meta.url);
const previous = parts.length > 0 && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
mkdirSync(new URL('../../bench/', import.meta.url), { recursive: true });
writeFileSync(file, `${JSON.stringify({ ...previous, ...report }, null, 2)}\n`);
console.log('\nfigures written to bench/report.json');
