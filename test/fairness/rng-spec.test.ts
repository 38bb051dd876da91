/**
 * docs/fairness.md specifies the generator for re-implementation elsewhere; its worked example is
 * read here and recomputed from the specification's steps and with engine/core/rng.ts, so the two
 * cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../engine/core/index.js';

const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const block = /### Worked example[\s\S]*?```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

/** The value on the example's line that starts with `label` (two or more spaces after it). */
function line(label: string): string {
  const found = block.split('\n').find((l) => l.startsWith(`${label}  `));
  if (!found) throw new Error(`docs/fairness.md's worked example has no line "${label}"`);
  return found.slice(label.length).trim();
}
const numbers = (label: string) => line(label).split(/\s+/).map(Number);

/** The step exactly as the document writes it, apart from the engine's code. */
function specStep(s: number[]): number {
  const [a, b, c, counter] = s as [number, number, number, number];
  const t = (a + b + counter) >>> 0;
  s[3] = (counter + 1) >>> 0;
  s[0] = (b ^ (b >>> 9)) >>> 0;
  s[1] = (c + (c << 3)) >>> 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t;
}

describe('docs/fairness.md, worked example', () => {
  const seed = line('seed');
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  const words = [0, 4, 8, 12].map((i) => digest.readUInt32BE(i));
  const warm = seedRng(seed);

  it('the seed hashes to the SHA-256 shown, whose first four big-endian words are the state', () => {
    expect(seed.length).toBeGreaterThan(0);
    expect(line('SHA-256')).toBe(digest.toString('hex'));
    expect(numbers('state words a b c d')).toEqual(words);
  });

  it('the step as specified gives the 12 discarded outputs and the state after them, as the engine does', () => {
    const state = [...words];
    const discarded = Array.from({ length: 12 }, () => specStep(state));
    expect(numbers('12 discarded outputs')).toEqual(discarded);
    expect(numbers('state after the discard')).toEqual(state);
    expect([...warm]).toEqual(state);
  });

  it('the first five outputs, a shuffle of 0..9 and three int(6), each from the state after the discard', () => {
    const rng = new Rng(warm);
    expect(numbers('outputs 1-5')).toEqual(Array.from({ length: 5 }, () => rng.next()));
    const spec = [...warm];
    expect(numbers('outputs 1-5')).toEqual(Array.from({ length: 5 }, () => specStep(spec)));
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(numbers('shuffle of 0..9')).toEqual(new Rng(warm).shuffle(ten));
    const dice = new Rng(warm);
    expect(numbers('int(6) three times')).toEqual([dice.int(6), dice.int(6), dice.int(6)]);
  });
});
