/** Emails title a game as its edition is published in the reader's language (the web client reads the same catalogs). */
import { describe, expect, it } from 'vitest';
import { gameTitle, wordsFor } from './wording.js';

describe('game titles in the reader language', () => {
  it('Ticket to Ride editions carry their published Czech and German names', async () => {
    const cs = await wordsFor('cs');
    const de = await wordsFor('de');
    expect(gameTitle(cs, 'ticket-to-ride-europe', 'Ticket to Ride: Europe')).toBe('Ticket to Ride: Evropa');
    expect(gameTitle(cs, 'ticket-to-ride-germany', 'Ticket to Ride: Germany')).toBe('Ticket to Ride: Německo');
    expect(gameTitle(de, 'ticket-to-ride-europe', 'Ticket to Ride: Europe')).toBe('Zug um Zug: Europa');
    expect(gameTitle(de, 'ticket-to-ride-germany', 'Ticket to Ride: Germany')).toBe('Zug um Zug: Deutschland');
  });

  it('a game the catalogs do not name keeps the title it was given', async () => {
    expect(gameTitle(await wordsFor('ru'), 'new-game', 'New Game')).toBe('New Game');
  });
});
