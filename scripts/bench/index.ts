/**
 * `npm run bench [api|store|games|compare|bundle]`: every part by default. Each part prints a table and
 * returns its figures, which are written together to bench/report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

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
if (want('games')) report.games = (await import('./games.js')).results;
if (want('compare')) report.compare = (await import('./compare.js')).results;
if (want('bundle')) report.bundle = (await import('./bundle.js')).results;
mkdirSync(new URL('../../bench/', import.meta.url), { recursive: true });
writeFileSync(new URL('../../bench/report.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log('\nfigures written to bench/report.json');
