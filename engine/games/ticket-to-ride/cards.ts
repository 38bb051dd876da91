/**
 * Train cards: hands as counts per card type; the deck, market and discard pile as arrays
 * (top of the deck at index 0). Shared by both editions (TTRE-6, TTRG-6).
 */
import { drawReshuffling, type Rng } from '../../core/index.js';
import { CARD_COLOURS, CARD_TYPES, type CardType, type Colour } from './map.js';

export type Hand = Record<CardType, number>;
/** A multiset of cards as posted by clients: missing types count 0. */
export type Cards = Partial<Record<CardType, number>>;

export const MARKET_SLOTS = 5;
/** Defensive cap on consecutive market wipes in one resolution (TTRE-6.6); not a game rule. */
const MAX_WIPES = 50;

export function emptyHand(): Hand {
  return { pink: 0, white: 0, blue: 0, yellow: 0, orange: 0, black: 0, red: 0, green: 0, loco: 0 };
}

export function handOf(cards: readonly CardType[]): Hand {
  const hand = emptyHand();
  for (const c of cards) hand[c]++;
  return hand;
}

export function handSize(hand: Hand | Cards): number {
  let n = 0;
  for (const t of CARD_TYPES) n += hand[t] ?? 0;
  return n;
}

export function addCards(hand: Hand, cards: Cards): Hand {
  const out = { ...hand };
  for (const t of CARD_TYPES) out[t] += cards[t] ?? 0;
  return out;
}

/** Null if the hand does not hold every card. */
export function removeCards(hand: Hand, cards: Cards): Hand | null {
  const out = { ...hand };
  for (const t of CARD_TYPES) {
    out[t] -= cards[t] ?? 0;
    if (out[t] < 0) return null;
  }
  return out;
}

export function cardList(cards: Cards): CardType[] {
  return CARD_TYPES.flatMap((t) => Array.from({ length: cards[t] ?? 0 }, () => t));
}

/** The canonical form of a multiset: types in CARD_TYPES order, zero counts left out. */
export function canonical(cards: Cards): Cards {
  const out: Cards = {};
  for (const t of CARD_TYPES) if ((cards[t] ?? 0) > 0) out[t] = cards[t];
  return out;
}

/** The one regular colour in a set, null if it holds none, 'mixed' if several. */
export function regularColour(cards: Cards): Colour | null | 'mixed' {
  const colours = CARD_COLOURS.filter((c) => (cards[c] ?? 0) > 0);
  if (colours.length > 1) return 'mixed';
  return colours[0] ?? null;
}

export function fullDeck(perColour: number, locomotives: number): CardType[] {
  return [
    ...CARD_COLOURS.flatMap((c) => Array.from({ length: perColour }, () => c)),
    ...Array.from({ length: locomotives }, (): CardType => 'loco'),
  ];
}

/**
 * The piles that are not in anyone's hand: what the market code works on. Cards come off the deck
 * with drawReshuffling: the discard pile becomes the deck when it runs out (TTRE-6.2), and nothing
 * comes when both are empty (TTRE-6.3).
 */
export interface Piles {
  deck: CardType[];
  market: (CardType | null)[];
  discard: CardType[];
}

export interface Wipe {
  wiped: CardType[];
  dealt: (CardType | null)[];
}

const locosIn = (cards: readonly (CardType | null)[]) => cards.filter((c) => c === 'loco').length;

/**
 * Three or more face-up locomotives wipe the market and deal five new cards, again and again
 * (TTRE-6.4/6.6) — unless no market with at most two locomotives can be formed from the
 * cards outside the hands (feasibility guard, TTRE-6.5).
 */
export function settleMarket(piles: Piles, rng: Rng): Wipe[] {
  const wipes: Wipe[] = [];
  while (locosIn(piles.market) >= 3 && wipes.length < MAX_WIPES) {
    const pool = [...piles.market.filter((c): c is CardType => c !== null), ...piles.deck, ...piles.discard];
    const regular = pool.filter((c) => c !== 'loco').length;
    if (regular < Math.min(MARKET_SLOTS, pool.length) - 2) break;
    const wiped = piles.market.filter((c): c is CardType => c !== null);
    piles.discard = [...piles.discard, ...wiped];
    piles.market = piles.market.map(() => drawReshuffling(piles, rng).card);
    wipes.push({ wiped, dealt: piles.market.slice() });
  }
  return wipes;
}

/** Fills the empty slots from the deck; the market check runs only if something changed. */
export function topUpMarket(piles: Piles, rng: Rng): { changed: boolean; wipes: Wipe[] } {
  let changed = false;
  piles.market = piles.market.map((slot) => {
    if (slot !== null) return slot;
    const { card } = drawReshuffling(piles, rng);
    if (card !== null) changed = true;
    return card;
  });
  return { changed, wipes: changed ? settleMarket(piles, rng) : [] };
}
