import type { AnyGame, CatalogEntry } from '../../core/index.js';
import { defaultBoard } from './board.js';
import { defineTrainsAndStations } from './definition.js';
import { tsSecrets } from './secrets.js';

/** Trains & Stations on the default (reconstructed) board. */
export const trainsAndStations = defineTrainsAndStations(defaultBoard);
export const entry: CatalogEntry = { game: trainsAndStations as AnyGame, secrets: tsSecrets() };
export { canonicalAction } from './spelling.js';
