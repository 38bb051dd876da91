import type { GameUi, Translate } from '../render/game-ui.js';
import { plainUi } from '../render/game-ui.js';
import { webGame } from '../render/games.js';
import type { Table } from './table/table.js';
import { StreetcarTable } from './table/streetcar-table.js';
import { TsTable } from './table/ts-table.js';
import { TtrTable } from './table/ttr-table.js';
import { VntTable } from './table/vnt-table.js';

/** A game's wording in the reader's language from its line in web/render/games.ts; plain words only for an id this build does not know. */
export const gameUi = (gameId: string, t: Translate): GameUi => webGame(gameId)?.ui(t) ?? plainUi;

/** Games with a table of their own beside the board; the others show the plain private panel. */
const TABLES: Readonly<Record<string, Table>> = { 'ticket-to-ride-europe': TtrTable, 'ticket-to-ride-germany': TtrTable, streetcar: StreetcarTable, 'vlaky-na-trati': VntTable, 'trains-and-stations': TsTable };

export const gameTable = (gameId: string): Table | undefined => (Object.hasOwn(TABLES, gameId) ? TABLES[gameId] : undefined);
