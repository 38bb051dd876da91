/** Pure helpers for piles of cards kept as arrays, top of the pile at index 0. */

export interface Drawn<T> {
  drawn: T[];
  rest: T[];
}

/** Takes up to `n` cards from the top; fewer if the pile runs out. `n` is a count: a whole number ≥ 0. */
export function draw<T>(pile: readonly T[], n: number): Drawn<T> {
  // slice() would read a negative n as "all but the last |n|" and truncate fractions silently.
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`draw: bad count ${n}`);
  return { drawn: pile.slice(0, n), rest: pile.slice(n) };
}

/** Removes one instance of `card`; null if it is not there. */
export function removeOne<T>(pile: readonly T[], card: T): T[] | null {
  const i = pile.indexOf(card);
  if (i < 0) return null;
  return [...pile.slice(0, i), ...pile.slice(i + 1)];
}

/** Removes every card of `cards` (a multiset); null if the pile does not hold them all. */
export function removeAll<T>(pile: readonly T[], cards: readonly T[]): T[] | null {
  let rest: T[] | null = pile.slice();
  for (const card of cards) {
    rest = removeOne(rest, card);
    if (!rest) return null;
  }
  return rest;
}

export function countOf<T>(pile: readonly T[], card: T): number {
  let n = 0;
  for (const c of pile) if (c === card) n++;
  return n;
}
