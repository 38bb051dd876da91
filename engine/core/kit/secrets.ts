/**
 * How a game describes its hidden information, for the secret-leak scans (test/leak): what a seat may
 * know, the concrete values it must not see, and a state that differs only in what it cannot know.
 * Each game's secrets.ts follows its hidden-information rules and cites them; the scans do the rest.
 *
 * - `known(state, seat)`: what the seat may legitimately know now (its own hand and draws, public
 *   zones). The scan accumulates it over the game, because a seat keeps knowing what it once held
 *   or once saw face up.
 * - `secretsOf(state, seat, known)`: the values the seat must NOT see: other seats' card ids and
 *   tickets, secret choices, the hidden deck order (as ordered runs). The seed and the RNG state are
 *   added by the scan itself.
 * - `perturb(state, seat, rng)`: a state that differs only in what the seat cannot know. Values that
 *   are not unique (colours, tile types, counts) cannot be found as substrings, so for them the scan
 *   is differential: the seat's view, what it sees of events, and its errors must not change.
 */
import type { Seat } from '../contract.js';
import type { Rng, RngState } from '../rng.js';

export type Token = string | number;

/**
 * One value a seat must not see.
 * - `text`: a unique string (a card id): a whole token of any string or object key.
 * - `id`: a number that is an id only in context (a ticket): an element of an array under one of
 *   `arrayKeys`, or a number directly under one of `scalarKeys` (`{ id: 12, a: 'Berlin', ... }`).
 * - `number`: a number that cannot occur by chance (an RNG word): any number, or digits in a string.
 * - `substring`: anywhere in the serialized JSON (the seed).
 * - `run`: a hidden order: any 3 consecutive values of `values`, in order, as consecutive items of
 *   an array (or consecutive tokens of a string). For numbers only arrays under `arrayKeys` count.
 */
export type Secret =
  | { kind: 'text'; what: string; value: string }
  | { kind: 'id'; what: string; value: number; arrayKeys: ReadonlySet<string>; scalarKeys: ReadonlySet<string> }
  | { kind: 'number'; what: string; value: number }
  | { kind: 'substring'; what: string; value: string }
  | { kind: 'run'; what: string; values: readonly Token[]; arrayKeys?: ReadonlySet<string> };

export const RUN = 3;

export interface OptionSet {
  name: string;
  /** The options for a seat count (some options name seats). */
  options(players: number): Record<string, unknown>;
}

export interface SecretSpec<S = any> {
  /** Rule ids of the hidden-information rules the extractor follows. */
  rules: string[];
  /** Option sets that change what is secret; games cycle through them. */
  optionSets: OptionSet[];
  /** How the random games pick actions: the game's bot (from the seat's view) this often, else uniformly. */
  botShare: number;
  rng(state: S): RngState;
  known(state: S, seat: Seat): Token[];
  secretsOf(state: S, seat: Seat, known?: ReadonlySet<Token>): Secret[];
  /** A state that differs from `state` only in what `seat` cannot know (see the top of this file). */
  perturb(state: S, seat: Seat, rng: Rng): S;
}

// ---------------------------------------------------------------------------------------------------
// helpers for the games' descriptions

export function randomRng(rng: Rng): RngState {
  return [rng.next(), rng.next(), rng.next(), rng.next() | 1];
}

export function others(players: number, seat: Seat): Seat[] {
  return Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat);
}

/** A random relabelling of `movable` (within each class), the identity elsewhere. */
export function relabel<T>(movable: readonly T[], classOf: (x: T) => string, rng: Rng): (x: T) => T {
  const byClass = new Map<string, T[]>();
  for (const x of new Set(movable)) (byClass.get(classOf(x)) ?? byClass.set(classOf(x), []).get(classOf(x))!).push(x);
  const map = new Map<T, T>();
  for (const items of byClass.values()) {
    const shuffled = rng.shuffle(items);
    items.forEach((x, i) => map.set(x, shuffled[i]!));
  }
  return (x) => map.get(x) ?? x;
}

/** Deals `pool` (shuffled) back into piles of the given sizes. */
export function redeal<T>(pool: readonly T[], sizes: readonly number[], rng: Rng): T[][] {
  const shuffled = rng.shuffle(pool);
  let at = 0;
  return sizes.map((n) => shuffled.slice(at, (at += n)));
}

/** A hidden order as runs: split where the seat knows a card (its own returned tickets lie at the bottom in the order it saw, TTRE-H8). */
export function runs(
  what: string,
  deck: readonly Token[],
  known: ReadonlySet<Token>,
): Extract<Secret, { kind: 'run' }>[] {
  const out: Extract<Secret, { kind: 'run' }>[] = [];
  let segment: Token[] = [];
  for (const card of [...deck, null]) {
    if (card !== null && !known.has(card)) segment.push(card);
    else {
      if (segment.length >= RUN) out.push({ kind: 'run', what, values: segment });
      segment = [];
    }
  }
  return out;
}

export const texts = (what: string, values: Iterable<string>, known: ReadonlySet<Token>): Secret[] =>
  [...new Set(values)].filter((v) => !known.has(v)).map((value) => ({ kind: 'text' as const, what, value }));
