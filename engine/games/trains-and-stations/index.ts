import { defaultBoard } from './board.js';
import { defineTrainsAndStations } from './definition.js';

/** Trains & Stations on the default (reconstructed) board. */
export const trainsAndStations = defineTrainsAndStations(defaultBoard);
export { canonicalAction } from './spelling.js';
