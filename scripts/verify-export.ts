/**
 * `npx tsx scripts/verify-export.ts game.json`: verifies a finished game's export (docs/fairness.md)
 * with this engine's catalog; exit 0 when every shuffle, draw and the outcome check out, 1 at the
 * first discrepancy, 2 when the file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { catalog } from '../engine/games/index.js';
import { describeVerdict, verifyExport } from './support/verify-export.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/verify-export.ts <export.json>');
  process.exit(2);
}
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.error(`cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
const games = Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.game]));
const verdict = verifyExport(raw, games);
console.log(describeVerdict(verdict));
process.exit(verdict.ok ? 0 : 1);
