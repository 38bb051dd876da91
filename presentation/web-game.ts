import type { RenderBoardOptions } from './board-options.js';
import type { GameUi, Translate } from './game-ui.js';

/** Draws a board as a complete SVG document from public components and one viewer's view. */
export type Renderer = (components: unknown, view: unknown, options: RenderBoardOptions) => string;

/** A game's picture and wording: what the module its manifest names as `presentation` exports. */
export interface WebGame {
  /** The board picture; null for a game that has none (the API answers 404 no_board_picture). */
  board: Renderer | null;
  /** Words for actions and log entries (in the language of `t`), click targets, the private panel. */
  ui: (t: Translate) => GameUi;
}
