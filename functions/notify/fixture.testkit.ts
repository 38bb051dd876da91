import { LANGUAGES } from '../../engine/core/languages.js';
import type { Notification } from './message.js';
import { wordsFor } from './wording.js';

/** Test helper: every language's words loaded, as composing a message in the notifier loads its reader's (`beforeAll(loadWords)`). */
export const loadWords = (): Promise<unknown> => Promise.all(LANGUAGES.map(wordsFor));

/** Test helper: a notification for seat 1 (Zoë) of a three-seat game, with non-ASCII text in it. */
export function sampleNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    kind: 'yourTurn',
    language: 'en',
    gameId: 'g7Hk2mQpX9aBcDeF',
    game: 'ticket-to-ride-europe',
    gameTitle: 'Ticket to Ride: Europe',
    playerId: 'p_zoe',
    playerName: 'Zoë',
    seat: 1,
    toAct: [1],
    seatNames: ['Alice', 'Zoë', null],
    version: 42,
    link: 'https://railpost.example/#/games/g7Hk2mQpX9aBcDeF',
    apiLink: 'https://railpost.example/v1/games/g7Hk2mQpX9aBcDeF',
    changes: ['Alice claimed Berlin–Wien (3 green)', 'Seat 3 drew two cards'],
    deadline: '2026-11-24T18:00:00.000Z',
    ...overrides,
  };
}
