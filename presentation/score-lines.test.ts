/**
 * The end screen shows each seat's score lines in the reader's language; every phrase
 * the engines write into an outcome's breakdown has words, and an unknown one is shown as written.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../web/client/i18n.testkit.js';
import { scoreLineWords } from './score-lines.js';

const en = translate('en');
const cs = translate('cs');
const seatName = (s: number) => ['Anna', 'Ben'][s] ?? `Seat ${s + 1}`;
const words = (item: string, detail?: string, t = en) => scoreLineWords(t, { item, points: 1, detail }, seatName);

describe('score lines in words', () => {
  it('Ticket to Ride lines: routes, tickets, stations, bonuses and Germany passengers (TTRE-14, TTRG-13.4)', () => {
    expect(words('routes', '12 routes')).toEqual({ item: 'Routes', detail: '12 routes' });
    expect(words('ticket Berlin–Wien', 'not completed')).toEqual({
      item: 'Ticket Berlin–Wien',
      detail: 'not completed',
    });
    expect(words('station at Kyiv', 'borrows Kyiv–Wilno (route 7, red) from seat 1')).toEqual({
      item: 'Station in Kyiv',
      detail: 'uses Kyiv–Wilno of Ben',
    });
    expect(words('European Express', 'longest path 1')).toEqual({
      item: 'European Express bonus',
      detail: 'longest path 1 car',
    });
    expect(words('passengers red', 'shared most with 3')).toEqual({
      item: 'Red passengers',
      detail: 'shared most, with 3',
    });
    expect(words('ticket Berlin–Wien', 'completed', cs)).toEqual({ item: 'Jízdenka Berlin–Wien', detail: 'splněna' });
    expect(words('routes', '3 routes', cs).detail).toBe('3 trasy');
  });

  it('Vlaky na trati rows and coins (VNT-12.5, VNT-13.5), Trains & Stations (TS-11) and Streetcar (SC-12)', () => {
    expect(words('PASSENGER', 'PASSENGER_4')).toEqual({ item: 'Row: passenger', detail: 'box 4' });
    expect(words('FOREST × SAWMILL', '5 × 2')).toEqual({ item: 'forest × sawmill', detail: '5 × 2' });
    expect(words('coins', '0 × 1')).toEqual({ item: 'Coins', detail: '0 × 1' });
    expect(words('monopoly', 'gold (3)')).toEqual({ item: 'Most goods of a kind', detail: 'gold: 3' });
    expect(words('VP').item).toBe('Victory points');
    expect(words('stalemate: no winner (SC-12.3)').item).toBe('Stalemate: nobody won');
    expect(words('did not finish first', undefined, cs)).toEqual({
      item: 'Nedokončil(a) jízdu jako první',
      detail: null,
    });
  });

  it("the platform's forfeit lines read in every language (RP-FORFEIT-1)", () => {
    expect(words('forfeited: ranked after every seat still playing').item).toBe(
      'Forfeited: ranked after every seat still playing',
    );
    expect(words('every other seat forfeited', undefined, cs).item).toBe('Všichni ostatní prohráli kontumačně');
    for (const language of ['de', 'ru'] as const)
      expect(words('every other seat forfeited', undefined, translate(language)).item).not.toMatch(/forfeited/);
  });

  it('a phrase no rule knows is shown as the engine wrote it', () => {
    expect(words('something new', 'why')).toEqual({ item: 'something new', detail: 'why' });
  });
});
