import { ticketToRide } from '../ticket-to-ride/definition.js';
import { germanyMap } from '../ticket-to-ride/maps.js';

export const ticketToRideGermany = ticketToRide('ticket-to-ride-germany', 'Ticket to Ride: Germany', germanyMap);
