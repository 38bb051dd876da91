import { ticketToRide, ticketToRideEntry } from '../ticket-to-ride/definition.js';
import { europeMap } from '../ticket-to-ride/maps.js';
import { manifest } from './manifest.js';

export const ticketToRideEurope = ticketToRide(manifest, europeMap);
export const entry = ticketToRideEntry(ticketToRideEurope);
