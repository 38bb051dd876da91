import type { GameUi, Translate } from '../../presentation/game-ui.js';
import { gameWords } from '../../presentation/game-words.js';
import { tables } from './game-tables.js';
import type { Table } from './table/table.js';

/** A game's wording in the reader's language from the presentation its manifest names; plain words only for an id this build does not know. */
export const gameUi = (gameId: string, t: Translate): GameUi => gameWords(gameId, t);

export const gameTable = (gameId: string): Table | undefined =>
  Object.hasOwn(tables, gameId) ? tables[gameId] : undefined;
