/** Which card sets pay for a route, a tunnel's extra cost or a station (TTRE-7.5, 9, 10, 12.4; TTRG-7.3). */
import { CARD_COLOURS, type Colour, type RouteColour } from './map.js';
import { canonical, handSize, regularColour, type Cards, type Hand } from './cards.js';

export interface SetRule {
  /** Exactly this many cards. */
  size: number;
  /** Regular cards must be this colour; null: any one colour. */
  colour: Colour | null;
  /** At least this many locomotives (ferries). */
  minLocos: number;
  /** Only locomotives (a tunnel's extra cost when the committed set was all locomotives). */
  locosOnly?: boolean;
}

export function routeSetRule(length: number, colour: RouteColour, ferryLocos: number): SetRule {
  return { size: length, colour: colour === 'gray' ? null : colour, minLocos: ferryLocos };
}

export function setFits(cards: Cards, rule: SetRule): boolean {
  if (handSize(cards) !== rule.size) return false;
  if (Object.values(cards).some((n) => n !== undefined && (!Number.isInteger(n) || n < 0))) return false;
  const colour = regularColour(cards);
  if (colour === 'mixed') return false;
  if (colour !== null && rule.locosOnly) return false;
  if (colour !== null && rule.colour !== null && colour !== rule.colour) return false;
  return (cards.loco ?? 0) >= rule.minLocos;
}

/** Every distinct set from `hand` that fits `rule`, in canonical form. */
export function payableSets(hand: Hand, rule: SetRule): Cards[] {
  const out: Cards[] = [];
  const maxLocos = Math.min(hand.loco, rule.size);
  if (maxLocos === rule.size && rule.size >= rule.minLocos) out.push(canonical({ loco: rule.size }));
  if (rule.locosOnly) return out;
  const colours = rule.colour ? [rule.colour] : CARD_COLOURS;
  for (const c of colours) {
    for (let locos = rule.minLocos; locos < rule.size && locos <= maxLocos; locos++) {
      const regular = rule.size - locos;
      if (hand[c] >= regular) out.push(canonical({ [c]: regular, loco: locos }));
    }
  }
  return out;
}
