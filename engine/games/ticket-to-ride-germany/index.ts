import { ticketToRide, ticketToRideEntry } from '../ticket-to-ride/definition.js';
import { germanyMap } from '../ticket-to-ride/maps.js';
import { manifest } from './manifest.js';

export const ticketToRideGermany = ticketToRide(manifest, germanyMap);
export const entry = ticketToRideEntry(ticketToRideGermany);
