/** Card moves on the draft of a Ticket to Ride turn: drawing, discarding, paying from the hand. */
import { drawReshuffling, ruleCheck } from '../../core/index.js';
import { cardList, removeCards, type Cards, type Wipe } from './cards.js';
import type { CardType } from './map.js';
import type { D } from './rules-context.js';

export function emitWipes(d: D, wipes: Wipe[]): void {
  for (const w of wipes) d.emit('market_wiped', { wiped: w.wiped, market: w.dealt });
}

/** Draws one card; reshuffles are public (the discard pile's contents are, TTRE-H4). */
export function draw(d: D): CardType | null {
  const discarded = d.state.discard.length;
  const { card, reshuffled } = drawReshuffling(d.state, d.rng);
  if (reshuffled) d.emit('deck_reshuffled', { cards: discarded });
  return card;
}

export function discard(d: D, cards: Cards): void {
  d.state.discard = [...d.state.discard, ...cardList(cards)];
}

export function takeFromHand(d: D, cards: Cards, rule: string): void {
  const rest = removeCards(d.state.hands[d.seat]!, cards);
  ruleCheck(rest, 'cards_not_in_hand', 'You do not hold those cards', rule);
  d.state.hands[d.seat] = rest;
}
