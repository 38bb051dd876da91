import * as z from 'zod';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Seeded PRNG: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state,
 * passes PractRand to 2^60+ bytes). The seed string is hashed with SHA-256 and the first
 * four 32-bit big-endian words become the state (a, b, c, counter); the first 12 outputs are
 * discarded to mix the state. Anyone holding the published seed can replay every shuffle.
 *
 * The state is four uint32 numbers and lives inside the game state, so a game is fully
 * determined by its seed and its log of actions.
 */
export const RngStateSchema = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
export type RngState = readonly [number, number, number, number];

export function seedRng(seed: string): RngState {
  const digest = sha256(utf8ToBytes(seed));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const rng = new Rng([view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)]);
  for (let i = 0; i < 12; i++) rng.next();
  return rng.state;
}

/** A mutable cursor over an RngState; read `state` back into the game state when done. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  get state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Next uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n), without modulo bias (rejection sampling). */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new RangeError(`Rng.int: bad bound ${n}`);
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    let x = this.next();
    while (x >= limit) x = this.next();
    return x % n;
  }

  /** Uniform integer in [min, max] (both inclusive), e.g. a die: `between(1, 6)`. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty list');
    return items[this.int(items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates); the input is not touched. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
