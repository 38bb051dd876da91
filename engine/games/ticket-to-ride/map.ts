/** Types of a Ticket to Ride map: the board, tickets and the components that differ per edition. */

export const CARD_COLOURS = ['pink', 'white', 'blue', 'yellow', 'orange', 'black', 'red', 'green'] as const;
export type Colour = (typeof CARD_COLOURS)[number];
export type CardType = Colour | 'loco';
export const CARD_TYPES: readonly CardType[] = [...CARD_COLOURS, 'loco'];
export type RouteColour = Colour | 'gray';

export interface Route {
  /** The id of the reference data (stable across versions of the data). */
  id: number;
  a: string;
  b: string;
  length: number;
  colour: RouteColour;
  tunnel: boolean;
  /** Locomotive symbols on a ferry; 0 for other routes. */
  ferry: number;
  /** Routes between the same two places share a group (double and triple routes); a single route has its own. */
  group: number;
  /** Germany: `b` is a neighbouring country, a dead end for paths. */
  toCountry: boolean;
}

export interface Ticket {
  id: number;
  a: string;
  b: string;
  points: number;
  /** Europe: LONG (blue back). Germany: LONG (brown back); the others are SHORT. */
  long: boolean;
}

export interface PassengerRules {
  /** Colour → how many passengers of it are in the bag. */
  colours: Record<string, number>;
  /** Location → how many passengers are placed there at setup. */
  placement: Record<string, number>;
  majorityFirst: number;
  majoritySecond: number;
}

export interface TtrMap {
  id: 'europe' | 'germany';
  title: string;
  cities: readonly string[];
  /** Germany's neighbouring countries (dead ends); empty for Europe. */
  countries: readonly string[];
  routes: readonly Route[];
  tickets: readonly Ticket[];
  /** Route length → points. */
  routeScoring: Readonly<Record<number, number>>;
  trainsPerPlayer: number;
  /** Europe: 3 stations each; Germany: none. */
  stationsPerPlayer: number;
  unusedStationPoints: number;
  /** Europe's European Express (longest path) bonus; 0 where the edition has none. */
  longestPathBonus: number;
  /** Germany's Globetrotter (most completed tickets) bonus; 0 where the edition has none. */
  globetrotterBonus: number;
  passengers: PassengerRules | null;
  /** Train cards per colour and locomotives in the deck. */
  cardsPerColour: number;
  locomotives: number;
}
