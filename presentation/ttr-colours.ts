/**
 * Ticket to Ride's colours, shared by the board picture (ticket-to-ride.ts) and the card pictures of
 * the table (ttr-cards.ts): a module of their own so that neither picture imports the other (the
 * board's wording imports the card order, which would close an import cycle).
 */
import type { CardType } from '../engine/games/ticket-to-ride/map.js';

/** Board colours of routes (gray routes gray). */
export const ROUTE_COLOURS: Readonly<Record<string, string>> = {
  pink: '#E56BB0',
  white: '#F4F4F4',
  blue: '#2F6FD0',
  yellow: '#F2D03B',
  orange: '#F08A24',
  black: '#262626',
  red: '#D7262E',
  green: '#2E9E48',
  gray: '#A3A3A3',
};

/** Face colours of train cards (locomotives dark purple), with a readable ink. */
export const CARD_FACE: Readonly<Record<CardType, { fill: string; ink: string }>> = {
  pink: { fill: ROUTE_COLOURS.pink!, ink: '#000' },
  white: { fill: ROUTE_COLOURS.white!, ink: '#000' },
  blue: { fill: ROUTE_COLOURS.blue!, ink: '#fff' },
  yellow: { fill: ROUTE_COLOURS.yellow!, ink: '#000' },
  orange: { fill: ROUTE_COLOURS.orange!, ink: '#000' },
  black: { fill: ROUTE_COLOURS.black!, ink: '#fff' },
  red: { fill: ROUTE_COLOURS.red!, ink: '#fff' },
  green: { fill: ROUTE_COLOURS.green!, ink: '#fff' },
  loco: { fill: '#5B3A8E', ink: '#fff' },
};
