import { ticketToRide } from '../ticket-to-ride/definition.js';
import { europeMap } from '../ticket-to-ride/maps.js';

export const ticketToRideEurope = ticketToRide('ticket-to-ride-europe', 'Ticket to Ride: Europe', europeMap);
