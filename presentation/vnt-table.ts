/**
 * What the Vlaky na trati table in the web client decides from the legal actions: what a
 * tap on a railway card in the hand or the market may mean, and whether one tap takes it at once.
 * Pure, so the client only draws.
 */
import type { UiAction } from './game-ui.js';

/** What a card can be used for now: placed (VNT-5.1), placed as the second card (VNT-9.6), discarded for a coin (VNT-9.7). */
export type CardOffer = 'place' | 'second' | 'discard';

const OFFERS: Readonly<Record<string, CardOffer>> = {
  place_card: 'place',
  second_card: 'second',
  discard_a: 'discard',
};

/** The board key of a card in the viewer's hand or in the market (as GameUi.targets gives it). */
export const cardKey = (where: 'hand' | 'market', id: string): string => `${where}:${id}`;

/** What the legal actions at a card's key offer, in the order they are listed. */
export function cardOffers(actions: readonly UiAction[]): CardOffer[] {
  return actions.flatMap((a) => (Object.hasOwn(OFFERS, a.type) ? [OFFERS[a.type]!] : []));
}

/**
 * The action one tap on a card takes at once: the only one it means; undefined when it means none or
 * several (then they are listed), or when its only use is a discard: that takes the card out of the
 * game for good (VNT-9.7), so a stray tap only lists it, to be confirmed.
 */
export const tapAction = (actions: readonly UiAction[]): UiAction | undefined =>
  actions.length === 1 && OFFERS[actions[0]!.type] !== 'discard' ? actions[0] : undefined;
