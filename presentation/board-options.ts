import type { Translate } from './game-ui.js';

/** What every board renderer takes besides components and view. */
export interface RenderBoardOptions {
  /** The reader's language: every word drawn or titled in the picture goes through it. */
  t: Translate;
  /** Display names by seat (user input: escaped); null or missing → "Player n" in the reader's language. */
  seatNames?: (string | null)[];
  /** The web client draws the game's cards on a table of its own (Ticket to Ride): leave the card row out of the picture. */
  table?: boolean;
  /** A tile the viewer is about to place, drawn over its square at its rotation (Streetcar's table); not part of the state. */
  preview?: BoardPreview | null;
}

/** A tile shown on a square before it is placed (Streetcar). */
export interface BoardPreview {
  row: number;
  col: number;
  tile: string;
  rotation: number;
}
