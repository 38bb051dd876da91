/**
 * The preset deflate dictionaries of commits (functions/store/commit-item.ts), one or more per game,
 * made by `npm run dictionaries` from seeded games. A commit names the one it was written with
 * (`dv`), so they are append-only: never edited or removed, since written commits decode only with
 * the very bytes they were deflated with (each file's sha256 is checked by
 * test/store/commit-dictionaries.test.ts). A game's newest dictionary is the one new commits use.
 */
import { all } from './index.js';

export interface CommitDictionary {
  /** What commits store in `dv`: unique across games, in the order the dictionaries were made. */
  id: number;
  game: string;
  /** sha256 of the bytes, hex. */
  sha256: string;
  base64: string;
}

const dictionaries: readonly CommitDictionary[] = all;
const newest = new Map<string, CommitDictionary>();
for (const d of dictionaries) if ((newest.get(d.game)?.id ?? 0) < d.id) newest.set(d.game, d);
const bytes = new Map<number, Buffer>();

/** The dictionary new commits of `game` are deflated with; none for a game without one (fixture games). */
export function dictionaryFor(game: string): { id: number; bytes: Buffer } | null {
  const d = newest.get(game);
  return d ? { id: d.id, bytes: dictionaryBytes(d.id) } : null;
}

/** The bytes of dictionary `id`, decoded once per process. */
export function dictionaryBytes(id: number): Buffer {
  const known = bytes.get(id);
  if (known) return known;
  const d = dictionaries.find((x) => x.id === id);
  if (!d) throw new Error(`commit dictionary ${id} unknown (written by a newer version?)`);
  const decoded = Buffer.from(d.base64, 'base64');
  bytes.set(id, decoded);
  return decoded;
}
