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

/** A draw pile with its discard pile, the shape every reshuffling deck has. */
export interface DeckWithDiscard<T> {
  deck: T[];
  discard: T[];
}

/**
 * Takes the top card. When the deck is empty the whole discard pile is shuffled into a new deck
 * first (a lazy reshuffle); null when both are empty. Changes `piles` in place (a draft's copy).
 */
export function drawReshuffling<T>(piles: DeckWithDiscard<T>, rng: Shuffler): { card: T | null; reshuffled: boolean } {
  let reshuffled = false;
  if (piles.deck.length === 0 && piles.discard.length > 0) {
    piles.deck = rng.shuffle(piles.discard);
    piles.discard = [];
    reshuffled = true;
  }
  return { card: piles.deck.shift() ?? null, reshuffled };
}

/** Puts `cards` under `pile` in random order, so nobody learns where a returned card lies. */
export function returnUnder<T>(pile: T[], cards: readonly T[], rng: Shuffler): void {
  pile.push(...rng.shuffle(cards));
}

/** What the piles need of the RNG (engine/core/rng.ts's Rng). */
export interface Shuffler {
  shuffle<T>(items: readonly T[]): T[];
}
