import type { RngState } from '../../core/index.js';
import type { Cards, Hand } from './cards.js';
import type { CardType, Colour } from './map.js';

/** A sub-decision inside the active player's turn (TTRE-4.7). */
export type Pending =
  | { kind: 'secondDraw' }
  | { kind: 'tickets'; drawn: number[] }
  | { kind: 'tunnel'; route: number; committed: Cards; revealed: CardType[]; extra: number; match: Colour | 'loco' }
  | { kind: 'passengers'; route: number };

export interface OpeningChoice {
  /** Germany: the announced mix (short tickets of 4); null until announced. */
  short: number | null;
  dealt: number[];
  kept: number[] | null;
}

export interface FinalRound {
  trigger: number;
  /** Turns still to play after the trigger player's turn, the trigger player's last one included. */
  turnsLeft: number;
}

export interface TtrState {
  map: 'europe' | 'germany';
  rng: RngState;
  players: number;
  phase: 'opening' | 'turn' | 'over';
  current: number;
  pending: Pending | null;
  deck: CardType[];
  market: (CardType | null)[];
  discard: CardType[];
  hands: Hand[];
  trains: number[];
  stationsLeft: number[];
  /** Route id (as a string key) → seat. */
  routeOwners: Record<string, number>;
  stations: { city: string; seat: number }[];
  routePoints: number[];
  tickets: number[][];
  /** Europe uses only `short` (the regular tickets); Germany both. Top at index 0. */
  ticketDecks: { short: number[]; long: number[] };
  opening: OpeningChoice[];
  /** Germany: opening tickets handed back, hidden until every player has chosen (TTRG-3.5). */
  setAside: { short: number[]; long: number[] };
  finalRound: FinalRound | null;
  /** Consecutive automatic passes (TTRE-4.5 deadlock guard). */
  passStreak: number;
  /** Germany: passengers per location and colour, and each player's pool. */
  passengersAt: Record<string, Record<string, number>>;
  passengers: Record<string, number>[];
  turn: number;
  result: import('../../core/index.js').Outcome | null;
}
