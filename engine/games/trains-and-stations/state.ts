/** The game state: plain JSON, every hidden item included (views filter it). */
import type { RngState } from '../../core/index.js';
import type { BuildingType, Face, Good } from './board.js';

/**
 * Where a die is. Own dice: pool, saved, play, track. White dice: supply (common), held (by `holder`),
 * play (rolled by the active player), track.
 */
export type Zone = 'pool' | 'saved' | 'held' | 'supply' | 'play' | 'track';

export interface Die {
  /** Seat of the colour; null for a white bonus die. */
  owner: number | null;
  zone: Zone;
  /** Kept while saved or in play; null elsewhere. */
  face: Face | null;
  /** Track space, in zone `track`. */
  space: string | null;
  /** The seat holding or rolling a white die. */
  holder: number | null;
}

export interface Player {
  vp: number;
  coins: number;
  /** Buildings left in the player's supply. */
  buildings: Record<BuildingType, number>;
  /** Goods cards in hand, by type (hidden). */
  goods: Record<Good, number>;
  /** Special cards in hand, unrevealed tasks included (hidden). */
  specials: string[];
  /** Task cards revealed face up (TS-7.8). */
  tasks: string[];
  /** The three cards dealt at setup until DP-1 closes (hidden). */
  dealt: string[];
}

export interface Building {
  id: number;
  owner: number;
  type: BuildingType;
  city: string;
}

export interface GoodsSpace {
  /** The good on the space, or the one whose deck ran out while the space waits for an upgrade. */
  good: Good;
  count: number;
  /** No upgrade is possible any more (TS-8.4). */
  dead: boolean;
}

export type Offer = { goods: Partial<Record<Good, number>>; specials: string[] };

/** The single pending decision (spec §16.1). */
export type Pending =
  | { kind: 'keep'; kept: (string[] | null)[] }
  | { kind: 'start' }
  | { kind: 'rolling' }
  | { kind: 'resolve' }
  | { kind: 'order'; routes: string[] }
  | { kind: 'tie'; route: string; tied: number[] }
  | { kind: 'goods'; route: string; space: BuildingType; buildings: number[]; count: number }
  | { kind: 'tasks'; answers: (string[] | null)[] }
  | { kind: 'upgrade'; options: { space: BuildingType; good: Good | null }[] }
  | { kind: 'speculate'; space: BuildingType; good: Good; offers: (Offer | 'pass' | null)[] }
  | { kind: 'share'; space: BuildingType; good: Good; requests: number[] }
  | { kind: 'over' };

/** Progress through Step 4 (TS-7.4); `queue` holds the deliveries left, the current one first. */
export interface Deliveries {
  queue: string[];
  /** Next building type whose goods are drawn for the current delivery; null before its majority. */
  goodsStep: number | null;
}

export interface TsState {
  rng: RngState;
  players: Player[];
  conductor: number;
  active: number;
  /** Turns started so far (the first turn is 1). */
  turn: number;
  pending: Pending;
  dice: Die[];
  buildings: Building[];
  spaces: Record<BuildingType, GoodsSpace>;
  /** Goods whose deck has ever lain on a goods space (TS-8.2). */
  used: Good[];
  /** Goods cards put in the box by speculation (TS-9.3). */
  boxedGoods: Record<Good, number>;
  boxedSpecials: string[];
  /** Top at index 0 (hidden order). */
  specialDeck: string[];
  supply: number;
  reserve: number;
  /** VP paid after supply and reserve ran out (AMB-3); kept so VP are conserved. */
  minted: number;
  bank: number;
  endTriggered: boolean;
  /** RP-TS-1: the game ends after this many full rounds even without the trigger; null: no limit (simulations). */
  roundLimit: number | null;
  /** The "manual tasks" variant (DP-8, AMB-12). */
  manualTasks: boolean;
  /** This turn: a strike happened (TS-5.5). */
  strike: boolean;
  /** Routes delivered this turn, for the task check (TS-7.8). */
  delivered: string[];
  deliveries: Deliveries;
  /** Counters for simulations and the log; public. */
  stats: {
    deliveries: number;
    upgrades: number;
    speculations: number;
    strikes: number;
    recalls: number;
    tasks: number;
    routeDeliveries: Record<string, number>;
  };
}
