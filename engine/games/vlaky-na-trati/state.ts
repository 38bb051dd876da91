/** The game state (VNT-0.7): plain JSON. Lanes and stations are derived from the placed cards (geometry.ts). */
import type { Outcome, RngState, Seat } from '../../core/index.js';
import type { VntOptions } from './actions.js';
import type { Lane } from './data.js';
import type { Phase, SheetState, Step, Task } from './schemas.js';

export interface PlayerState {
  /** Start field = track, null before DP-2. */
  lane: Lane | null;
  /** Nodes of the two identical locomotives, slower first (VNT-6.4). */
  locos: [number, number];
  hand: string[];
  sheet: SheetState;
}

// Tasks (H-5), the phase and the step are public in the view: their shapes live with the view schema.
export type { Phase, Step, Task } from './schemas.js';

export interface VntState {
  options: VntOptions;
  players: PlayerState[];
  rng: RngState;
  startSeat: Seat;
  /** Start-card side, null before DP-1. */
  side: number | null;
  phase: Phase;
  /** The seat to act in the side/track/turn/final phases. */
  current: Seat;
  step: Step;
  /** What follows the event being resolved: DP-6 after the mandatory card, the end of the turn after a second card. */
  afterEvents: 'free' | 'end';
  turnIndex: number;
  endTriggered: boolean;
  /** Card ids in slot order. */
  line: string[];
  market: string[];
  deckB: string[];
  /** 2 players: A cards boxed unseen (VNT-2.7). */
  boxA: string[];
  /** A cards removed face down by discard_a. */
  discarded: string[];
  /** Per seat, the open work of the current placement event. */
  tasks: Task[][];
  result: Outcome | null;
}
