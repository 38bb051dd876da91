/** The game state: plain JSON (it is stored). Squares are indices 0..143 and edges 0..3 (geometry.ts). */
import type { Draft, RngState, Step as KitStep } from '../../core/index.js';
import type { StreetcarAction, StreetcarOptions } from './actions.js';
import type { DieFace } from './data.js';
import type { Edge, Rotation } from './geometry.js';
import type { Step, StreetcarEvent, WitnessNode } from './schemas.js';

export interface PlacedTile {
  tile: string;
  rotation: Rotation;
}

/** SC-2.13: a tram's node plus heading. `from` is the edge it entered by (V1-7 turns back along it). */
export type TramPos =
  { at: 'tile'; sq: number; from: Edge; heading: Edge } | { at: 'terminal'; terminal: number; exit: 0 | 1 | null };

export interface PlayerState {
  /** SC-15.1: secret; tile type ids. */
  hand: string[];
  handLimit: number;
  /** SC-3.4/3.5: secret until revealed. */
  line: number;
  route: string;
  role: 'builder' | 'driver';
  /** SC-10.4: line and route card public. */
  revealed: boolean;
  /** V1-2: line card public (route card still secret). */
  announced: boolean;
  tram: TramPos | null;
  start: number | null;
  end: number | null;
  /** Required stops visited (SC-11.4) or, in V1, credited (V1-8). */
  visited: string[];
  /** V1-8: which leg of the circuit the tram is on. */
  leg: 'out' | 'return';
}

/** The step is shown in the view as it is, so its type is the published one (schemas.ts). */
export type { Step, WitnessNode } from './schemas.js';

export interface StreetcarState {
  options: StreetcarOptions;
  rng: RngState;
  players: PlayerState[];
  current: number;
  step: Step;
  /** 144 squares, row-major. */
  board: (PlacedTile | null)[];
  /** SC-8: building letter -> square of its stop marker. */
  stops: Record<string, number>;
  /** SC-3.3: four face-down stacks; index 0 is the top. */
  stacks: string[][];
  /** SC-7.3: drivers' released tiles. */
  open: string[];
  /** V5-1: the face-up display. */
  display: string[];
  /** SC-3.2: start tiles left in the box (kept for the tile count). */
  boxed: string[];
  lastRoll: DieFace | null;
  /** SC-12.3: consecutive builder turns that began with no legal build action and no declaration (V1 phase B: turns without progress); any driver resets it. */
  idleTurns: number;
  /** V1: null outside the variant; 'A' building, 'B' four actions; `pendingB` once a line is announced (V1-3). */
  circuit: { phase: 'A' | 'B'; pendingB: boolean } | null;
  winner: number | null;
  /** SC-10.4: the public witness path of the latest declaration. */
  witness: WitnessNode[] | null;
}

/** The open building step (in V1 phase B any turn). */
export type BuildStep = Extract<Step, { kind: 'build' }>;

/** The private copy an effect changes, with its RNG and a log typed by the published events (game kit). */
export type ScDraft = Draft<StreetcarState, StreetcarEvent>;

/** A step of the game on the kit, over Streetcar's state, actions and published events. */
export type ScStep = KitStep<StreetcarState, StreetcarAction, StreetcarEvent>;

/**
 * A step as its module declares it: the actions it offers beside their effects. Who acts and how
 * other actions are refused is the same in every step, so rules.ts adds those.
 */
export type TurnStep = Pick<ScStep, 'rule' | 'actions' | 'on' | 'auto'>;
