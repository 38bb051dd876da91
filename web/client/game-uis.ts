import { plainWords, type GameUi } from '../render/game-ui.js';
import { streetcarUi } from '../render/streetcar.ui.js';
import { ticketToRideUi } from '../render/ticket-to-ride.ui.js';
import { trainsAndStationsUi } from '../render/trains-and-stations.ui.js';
import { vlakyNaTratiUi } from '../render/vlaky-na-trati.ui.js';

/** Words for a game without its own UI module: the action type and its fields, nothing on the board. */
export const genericUi: GameUi = {
  targets: () => [],
  describeAction: (a) => {
    const { type, ...rest } = a;
    return plainWords(type, rest);
  },
  describeEvent: (e) => plainWords(e.type, e.data),
  privatePanel: () => [],
};

const UIS: Readonly<Record<string, GameUi>> = {
  'ticket-to-ride-europe': ticketToRideUi,
  'ticket-to-ride-germany': ticketToRideUi,
  streetcar: streetcarUi,
  'trains-and-stations': trainsAndStationsUi,
  'vlaky-na-trati': vlakyNaTratiUi,
};

export const gameUi = (gameId: string): GameUi => (Object.hasOwn(UIS, gameId) ? UIS[gameId]! : genericUi);
