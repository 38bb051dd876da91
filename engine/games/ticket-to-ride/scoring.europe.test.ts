/**
 * Ticket to Ride: Europe final scoring (TTRE-14/15): routes, tickets, stations left, the longest
 * path.
 */
import { describe, expect, it } from 'vitest';
import { europeMap } from './maps.js';
import { finalScoring } from './scoring.js';
import { board, input, A, B, C } from './scoring.testkit.js';

describe('Europe final scoring (TTRE-14/15)', () => {
  const m = board(
    europeMap,
    [
      [1, 'P', 'Q', 2],
      [2, 'Q', 'R', 3],
      [3, 'Q', 'S', 2],
      [4, 'Z', 'R', 2],
    ],
    [
      [1, 'P', 'R', 10],
      [2, 'P', 'S', 8],
    ],
  );

  it('TTRE-14.3/14.4 (T34): a station borrows an opponent route to complete a ticket', () => {
    const r = finalScoring(
      input(m, 2, { 1: A, 2: B }, { tickets: [[1], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3] }),
    );
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
  });

  it('TTRE-14.5 (T35): one station borrows one route, chosen for the best ticket total', () => {
    const r = finalScoring(
      input(
        m,
        3,
        { 1: A, 2: B, 3: C },
        { tickets: [[1, 2], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] },
      ),
    );
    const a = r.players[A]!;
    expect(a.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
    expect(a.tickets.map((t) => t.completed)).toEqual([true, false]);
    expect(a.ticketsCompleted).toBe(1);
    expect(a.total - a.routePoints - a.stationPoints - a.longestPathBonus).toBe(10 - 8);
  });

  it('TTRE-14.3 (T36): a borrowed route that does not reach the ticket does not complete it', () => {
    const r = finalScoring(
      input(m, 2, { 4: B }, { tickets: [[1], []], stations: [{ city: 'Z', seat: A }], stationsLeft: [2, 3] }),
    );
    expect(r.players[A]!.tickets[0]!.completed).toBe(false);
    expect(r.breakdown[A]).toContainEqual({ item: 'ticket P–R', points: -10, detail: 'not completed' });
  });

  it('TTRE-14.7 (T37): a star of three routes gives a longest path of the two longest arms', () => {
    const star = board(
      europeMap,
      [
        [1, 'X', 'A1', 4],
        [2, 'X', 'B1', 3],
        [3, 'X', 'C1', 2],
      ],
      [],
    );
    expect(finalScoring(input(star, 2, { 1: A, 2: A, 3: A })).players[A]!.longestPath).toBe(7);
  });

  it('TTRE-14.7 (T38): a path may pass a city twice and use a loop, each route once', () => {
    const loop = board(
      europeMap,
      [
        [1, 'U', 'V', 2],
        [2, 'V', 'W', 2],
        [3, 'W', 'U', 2],
        [4, 'W', 'Z', 4],
      ],
      [],
    );
    expect(finalScoring(input(loop, 2, { 1: A, 2: A, 3: A, 4: A })).players[A]!.longestPath).toBe(10);
  });

  it('TTRE-14.8 (T39): every player tied for the longest path gets the Express; borrowed routes do not count', () => {
    const lines = board(
      europeMap,
      [
        [1, 'A1', 'A2', 4],
        [2, 'B1', 'B2', 4],
        [3, 'C1', 'C2', 3],
        [4, 'A2', 'B1', 1],
      ],
      [],
    );
    const r = finalScoring(
      input(lines, 3, { 1: A, 2: B, 3: C }, { stations: [{ city: 'B1', seat: A }], stationsLeft: [2, 3, 3] }),
    );
    expect(r.players.map((p) => p.longestPathBonus)).toEqual([10, 10, 0]);
    expect(r.players[A]!.longestPath).toBe(4);
  });

  it('TTRE-14.6 (T40): each unbuilt station is worth 4', () => {
    const r = finalScoring(input(m, 2, {}, { stations: [{ city: 'P', seat: A }], stationsLeft: [2, 3] }));
    expect(r.players[A]!.stationPoints).toBe(8);
    expect(r.players[B]!.stationPoints).toBe(12);
  });

  it('TTRE-14.9: nobody gets the Express when nobody owns a route (deadlock end)', () => {
    expect(finalScoring(input(m, 2, {})).players.map((p) => p.longestPathBonus)).toEqual([0, 0]);
  });

  it('TTRE-14.2/A22 (T44): ticket penalties can make a score negative', () => {
    const r = finalScoring(input(m, 2, {}, { tickets: [[1, 2], []], stationsLeft: [0, 0] }));
    expect(r.scores[A]).toBe(-18);
  });

  it('TTRE-14.1: route points must match the board (an engine invariant)', () => {
    expect(() => finalScoring({ ...input(m, 2, { 1: A }), routePoints: [5, 0] })).toThrow(/route points/);
  });

  describe('tie-breakers (TTRE-15)', () => {
    const ties = board(
      europeMap,
      [
        [1, 'A1', 'A2', 4],
        [2, 'B1', 'B2', 4],
        [3, 'B3', 'B4', 3],
        [4, 'C1', 'C2', 3],
        [5, 'C3', 'C4', 3],
        [6, 'C5', 'C6', 3],
        [7, 'C7', 'C8', 3],
        [8, 'D1', 'D2', 1],
      ],
      [],
    );

    it('TTRE-15.3 (T41): equal scores and tickets → the player who built fewer stations wins', () => {
      // A: 7 + 2 unbuilt stations (8) + Express 10 = 25. B: 7 + 4 = 11, 1 unbuilt (4), Express 10 = 25.
      const r = finalScoring(
        input(
          ties,
          2,
          { 1: A, 2: B, 3: B },
          {
            stations: [
              { city: 'D1', seat: A },
              { city: 'D2', seat: B },
              { city: 'C1', seat: B },
            ],
            stationsLeft: [2, 1],
          },
        ),
      );
      expect(r.scores).toEqual([25, 25]);
      expect(r.ranking).toEqual([1, 2]);
    });

    it('TTRE-15.4 (T42): still tied → the only tied player with the European Express wins', () => {
      // A: 7 + Express 10 + 12 = 29. B: four length-3 routes and one length-1 (17, longest 3) + 12 = 29.
      const r = finalScoring(input(ties, 2, { 1: A, 4: B, 5: B, 6: B, 7: B, 8: B }));
      expect(r.scores).toEqual([29, 29]);
      expect(r.players.map((p) => p.longestPathBonus)).toEqual([10, 0]);
      expect(r.ranking).toEqual([1, 2]);
    });

    it('TTRE-15.5 (T43): both have the Express → the victory is shared', () => {
      const r = finalScoring(input(ties, 2, { 1: A, 2: B }));
      expect(r.scores[A]).toBe(r.scores[B]);
      expect(r.ranking).toEqual([1, 1]);
    });

    it('TTRE-15.2: at equal scores, more completed tickets wins', () => {
      const map = board(
        europeMap,
        [
          [1, 'A1', 'A2', 4],
          [2, 'B1', 'B2', 4],
        ],
        [
          [1, 'A1', 'A2', 5],
          [2, 'A1', 'A2', 2],
          [3, 'B1', 'B2', 7],
        ],
      );
      const r = finalScoring(input(map, 2, { 1: A, 2: B }, { tickets: [[1, 2], [3]] }));
      expect(r.scores[A]).toBe(r.scores[B]);
      expect(r.players.map((p) => p.ticketsCompleted)).toEqual([2, 1]);
      expect(r.ranking).toEqual([1, 2]);
    });
  });

  it('the breakdown lines add up to each total', () => {
    const r = finalScoring(
      input(
        m,
        3,
        { 1: A, 2: B, 3: C },
        { tickets: [[1, 2], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] },
      ),
    );
    r.breakdown.forEach((lines, seat) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(r.scores[seat]));
  });
});
