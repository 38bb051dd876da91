/**
 * The registry of games: one line per game, keyed by its id. The catalog, the API, the OpenAPI
 * document, the leak scan and (by the `GameId` type) the web client's pictures and wording all read
 * from here (fixture games: engine/fixtures/index.ts), so a game registered here and missing a piece elsewhere fails to type-check.
 */
import type { AnyGame } from '../core/contract.js';
import type { SecretSpec } from '../core/kit/secrets.js';
import { streetcar } from './streetcar/index.js';
import { streetcarSecrets } from './streetcar/secrets.js';
import { ticketToRideEurope } from './ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from './ticket-to-ride-germany/index.js';
import { ttrSecrets } from './ticket-to-ride/secrets.js';
import type { TtrMap } from './ticket-to-ride/map.js';
import { trainsAndStations } from './trains-and-stations/index.js';
import { tsSecrets } from './trains-and-stations/secrets.js';
import { vlakyNaTratiGame } from './vlaky-na-trati/index.js';
import { vntSecrets } from './vlaky-na-trati/secrets.js';

/** A registered game: its definition and the description of its hidden information (leak scans). */
export interface CatalogEntry {
  game: AnyGame;
  secrets: SecretSpec;
}

/** The public catalog. */
export const catalog = {
  'ticket-to-ride-europe': { game: ticketToRideEurope as AnyGame, secrets: ttrSecrets(ticketToRideEurope.components as TtrMap) },
  'ticket-to-ride-germany': { game: ticketToRideGermany as AnyGame, secrets: ttrSecrets(ticketToRideGermany.components as TtrMap) },
  streetcar: { game: streetcar as AnyGame, secrets: streetcarSecrets() },
  'trains-and-stations': { game: trainsAndStations as AnyGame, secrets: tsSecrets() },
  'vlaky-na-trati': { game: vlakyNaTratiGame as AnyGame, secrets: vntSecrets() },
} as const satisfies Record<string, CatalogEntry>;

export type CatalogGameId = keyof typeof catalog;

/** Every game in the public catalog, in catalog order. */
export const catalogGames: readonly AnyGame[] = Object.values(catalog).map((e) => e.game);
