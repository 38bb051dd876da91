/**
 * A game's own table beside its board: cards, market and tickets drawn as things to
 * tap instead of lines of text. The game page gives it the view and the legal actions; the table
 * acts through the page (a tap on a place goes the same way as a tap on the board).
 */
import type { TFunction } from 'i18next';
import type { FunctionComponent } from 'preact';
import type { BoardPreview } from '../../../presentation/board-options.js';
import type { GameUi } from '../../../presentation/game-ui.js';
import type { Action } from '../api.js';

export interface TableProps {
  t: TFunction;
  ui: GameUi;
  /** The viewer's view (the live one, or the replayed one, which has no legal actions). */
  view: unknown;
  components: unknown;
  legal: readonly Action[];
  busy: boolean;
  /** The board key tapped last (its actions are listed by the page), or null. */
  picked: string | null;
  /** The table's step, which narrows what glows on the board (GameUi.glowing). */
  mode: string | null;
  onMode: (mode: string | null) => void;
  /** The legal actions a tap on board key `key` may mean (as for the board). */
  actionsAt: (key: string) => Action[];
  /** A tap on a place: one action is taken at once, several are listed (as for a tap on the board). */
  onPick: (key: string) => void;
  onAct: (action: Action) => void;
  /** Board places to mark (`data-mark` values), e.g. the cities of the ticket in focus. */
  onMarks: (marks: readonly string[]) => void;
  /** A tile to draw on the board before it is placed (Streetcar), or null. */
  onPreview: (preview: BoardPreview | null) => void;
}

export type Table = FunctionComponent<TableProps>;
