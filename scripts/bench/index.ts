/**
 * `npm run bench [api|store|logs|games|compare|bundle|web|sweep|bots|cost|hot-items]`: every part but bots and hot-items by default
 * (`cost` prices the figures of the last run again, measuring nothing). Each part prints a table and
 * returns its figures, which are written together to bench/report.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { LogFigures, StoreFigures } from './cost-basis.js';
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
if (want('store') || want('logs')) report.commits = (await import('./commit-bytes.js')).results;
if (want('games')) report.games = (await import('./games.js')).results;
if (want('compare')) report.compare = (await import('./compare.js')).results;
if (want('bundle')) report.bundle = (await import('./bundle.js')).results;
if (want('web')) report.web = (await import('./web.js')).results;
if (want('sweep')) report.sweep = (await import('./sweep.js')).results;
// The racing leaderboard updates take minutes (docs/hot-items.md): only on request.
if (parts.includes('hot-items')) report.hotItems = (await import('./hot-items.js')).results;
// The ladder takes hours at full budgets: only on request.
if (parts.includes('bots')) report.bots = (await import('./bots.js')).results;
// A run of some parts keeps the other parts' figures from the last run (each part carries its own
// figures); `cost` alone measures nothing, so the last run's date and machine stay.
const file = new URL('../../bench/report.json', import.meta.url);
const previous =
  parts.length > 0 && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
const measured = parts.length === 0 || parts.some((part) => part !== 'cost');
const merged = measured ? { ...previous, ...report } : previous;
if (report.bots) {
  const { mergeLadder } = await import('./ladder-merge.js');
  merged.bots = mergeLadder(previous.bots as Ladder | undefined, report.bots as Ladder);
}
// The cost model needs the traced store figures (with request times) and the measured log bytes;
// `npm run bench cost` prices the stored figures again without measuring anything.
const logged = merged.logs as LogFigures | undefined;
const store = merged.store as StoreFigures | undefined;
if ((want('store') || want('logs') || want('bundle') || want('cost')) && store?.calls?.holdPerSecond && logged) {
  const { printCost } = await import('./cost-print.js');
  const initMs = (merged.bundle as { api?: { importCpuMs?: number | null } } | undefined)?.api?.importCpuMs ?? null;
  const { botCpuMs } = await import('./bot-cpu.js');
  merged.cost = printCost({ store, logged, initMs, botCpuMs: botCpuMs(merged.bots as Ladder | undefined) });
}
mkdirSync(new URL('../../bench/', import.meta.url), { recursive: true });
writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
console.log('\nfigures written to bench/report.json');
