import type { AnyGame } from '../core/contract.js';
import { ticketToRideEurope } from './ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from './ticket-to-ride-germany/index.js';
import { streetcar } from './streetcar/index.js';
import { trainsAndStations } from './trains-and-stations/index.js';
import { vlakyNaTratiGame } from './vlaky-na-trati/index.js';

/** Every game in the public catalog. Each game's folder exports one GameDefinition. */
export const catalogGames: readonly AnyGame[] = [ticketToRideEurope as AnyGame, ticketToRideGermany as AnyGame, streetcar as AnyGame, trainsAndStations as AnyGame, vlakyNaTratiGame as AnyGame];
