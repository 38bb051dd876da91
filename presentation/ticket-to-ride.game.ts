import type { TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrView } from '../engine/games/ticket-to-ride/view.js';
import type { WebGame } from './web-game.js';
import { renderTicketToRide } from './ticket-to-ride.js';
import { ticketToRideUi } from './ticket-to-ride.ui.js';
import { ttrEventTargets, ttrRevealed } from './ttr-table-end.js';

/** Ticket to Ride's picture and wording, the same for every map (both editions' manifests name this module). */
export const presentation: WebGame = {
  board: (c, v, o) => renderTicketToRide(c as TtrMap, v as TtrView, o),
  ui: (t) => ({
    ...ticketToRideUi(t),
    revealed: (v, _c, seat) => ttrRevealed(t, v, seat),
    eventTargets: ttrEventTargets,
    scores: (v, seatName) =>
      (v as TtrView).players.map((p) =>
        t('mail.score.ttr', { name: seatName(p.seat), count: p.routePoints, trains: p.trains, cards: p.cards }),
      ),
  }),
};
