/**
 * The catalog for the Lambdas: each game's facts, and its module loaded by dynamic import when a
 * request first needs its rules, so a cold start evaluates none of them. The order
 * and the games are those of index.ts, and the registry checks each loaded definition against its
 * facts; the local server, scripts and tests use index.ts, which loads every game at once.
 */
import type { AnyGame, GameSource } from '../core/index.js';

const ttr = { minPlayers: 2, maxPlayers: 5, listed: true };

export const catalogSources: readonly GameSource[] = [
  { id: 'ticket-to-ride-europe', title: 'Ticket to Ride: Europe', ...ttr, load: async () => (await import('./ticket-to-ride-europe/index.js')).ticketToRideEurope as AnyGame },
  { id: 'ticket-to-ride-germany', title: 'Ticket to Ride: Germany', ...ttr, load: async () => (await import('./ticket-to-ride-germany/index.js')).ticketToRideGermany as AnyGame },
  { id: 'streetcar', title: 'Streetcar (Linie 1)', minPlayers: 2, maxPlayers: 5, listed: true, load: async () => (await import('./streetcar/index.js')).streetcar as AnyGame },
  { id: 'trains-and-stations', title: 'Trains & Stations', minPlayers: 3, maxPlayers: 5, listed: true, load: async () => (await import('./trains-and-stations/index.js')).trainsAndStations as AnyGame },
  { id: 'vlaky-na-trati', title: 'Vlaky na trati', minPlayers: 2, maxPlayers: 3, listed: true, load: async () => (await import('./vlaky-na-trati/index.js')).vlakyNaTratiGame as AnyGame },
];
