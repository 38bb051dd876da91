/** Where two JSON values first part, walking them in order: what the setup check reports (docs/fairness.md). */
import { isDeepStrictEqual } from 'node:util';

export interface Difference {
  /** Like `setup.hands[0][2]`. */
  path: string;
  expected: unknown;
  found: unknown;
}

export interface Compared {
  /** The first place they part; null when they are the same. */
  difference: Difference | null;
  /** Leaf values (numbers, strings, booleans, nulls) found equal before it. */
  values: number;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const step = (path: string, key: string | number) =>
  typeof key === 'number'
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`;

/** Compares `found` with `expected` (both plain JSON), from `path`; a missing entry is found as null. */
export function firstDifference(expected: unknown, found: unknown, path: string): Compared {
  const out: Compared = { difference: null, values: 0 };
  walk(expected, found, path, out);
  return out;
}

function walk(expected: unknown, found: unknown, path: string, out: Compared): void {
  const both = Array.isArray(expected) && Array.isArray(found);
  if (both || (isRecord(expected) && isRecord(found))) {
    const keys = both
      ? [...Array(Math.max(expected.length, found.length)).keys()]
      : [...new Set([...Object.keys(expected), ...Object.keys(found)])];
    for (const key of keys) {
      const at = (x: unknown) => (x as Record<string | number, unknown>)[key] ?? null;
      walk(at(expected), at(found), step(path, key), out);
      if (out.difference) return;
    }
    return;
  }
  if (isDeepStrictEqual(expected, found)) out.values++;
  else out.difference = { path, expected, found };
}
