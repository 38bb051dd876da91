/**
 * Ticket to Ride: station borrowing and country areas in final scoring (TTRE-14.4/14.5, A13–A15;
 * TTRG-11).
 */
import { describe, expect, it } from 'vitest';
import type { TtrMap } from './map.js';
import { europeMap, germanyMap } from './maps.js';
import { finalScoring } from './scoring.js';
import { board, input, A, B, C } from './scoring.testkit.js';

describe('station borrowing and country areas (TTRE-14.4/14.5, A13–A15; TTRG-11)', () => {
  const addsUp = (r: ReturnType<typeof finalScoring>) =>
    r.breakdown.forEach((lines, seat) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(r.scores[seat]));

  it('TTRE-A13: a station borrows only a route an opponent claimed at its own city', () => {
    // P–Q is A's own, Q–R unclaimed, R–S B's but not at the station's city.
    const map = board(
      europeMap,
      [
        [1, 'P', 'Q', 2],
        [2, 'Q', 'R', 2],
        [3, 'R', 'S', 2],
      ],
      [
        [1, 'P', 'R', 4],
        [2, 'P', 'S', 6],
      ],
    );
    const r = finalScoring(
      input(
        map,
        2,
        { 1: A, 3: B },
        { tickets: [[1, 2], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3] },
      ),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: null }]);
    expect(r.players[A]!.ticketsCompleted).toBe(0);
    addsUp(r);
  });

  it('TTRE-A14: stations of two players may borrow the same route', () => {
    const map = board(
      europeMap,
      [
        [1, 'P', 'Q', 2],
        [2, 'Q', 'R', 3],
        [3, 'R', 'T', 2],
      ],
      [
        [1, 'P', 'R', 5],
        [2, 'T', 'Q', 5],
      ],
    );
    const r = finalScoring(
      input(
        map,
        3,
        { 1: A, 2: B, 3: C },
        {
          tickets: [[1], [], [2]],
          stations: [
            { city: 'Q', seat: A },
            { city: 'R', seat: C },
          ],
          stationsLeft: [2, 3, 2],
        },
      ),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
    expect(r.players[C]!.stationBorrows).toEqual([{ city: 'R', routeId: 2 }]);
    expect([r.players[A]!.ticketsCompleted, r.players[C]!.ticketsCompleted]).toEqual([1, 1]);
  });

  it('TTRE-14.5/A15: at an equal ticket total the choice completing more tickets wins', () => {
    // Borrowing Q–R: +6 −3 −3 = 0 with 1 ticket; borrowing Q–S: −6 +3 +3 = 0 with 2 tickets.
    const map = board(
      europeMap,
      [
        [1, 'P', 'Q', 2],
        [2, 'Q', 'R', 2],
        [3, 'Q', 'S', 2],
        [4, 'S', 'U', 2],
      ],
      [
        [1, 'P', 'R', 6],
        [2, 'P', 'S', 3],
        [3, 'P', 'U', 3],
      ],
    );
    const r = finalScoring(
      input(
        map,
        3,
        { 1: A, 4: A, 2: B, 3: C },
        { tickets: [[1, 2, 3], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] },
      ),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 3 }]);
    expect(r.players[A]!.ticketsCompleted).toBe(2);
    addsUp(r);
  });

  it('TTRE-14.5: the assignment is global; two stations together complete what neither does alone', () => {
    const map = board(
      europeMap,
      [
        [1, 'P', 'Q', 2],
        [2, 'Q', 'R', 2],
        [3, 'R', 'S', 2],
      ],
      [[1, 'P', 'S', 9]],
    );
    const r = finalScoring(
      input(
        map,
        2,
        { 1: A, 2: B, 3: B },
        {
          tickets: [[1], []],
          stations: [
            { city: 'Q', seat: A },
            { city: 'R', seat: A },
          ],
          stationsLeft: [1, 3],
        },
      ),
    );
    expect(r.players[A]!.stationBorrows).toEqual([
      { city: 'Q', routeId: 2 },
      { city: 'R', routeId: 3 },
    ]);
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
    expect(r.breakdown[A]).toContainEqual({
      item: 'station at R',
      points: 0,
      detail: 'borrows R–S (route 3, gray) from seat 1',
    });
    addsUp(r);
  });

  it('TTRE-14.5: on a double route held by two opponents, the breakdown says which route was borrowed (id, colour, owner)', () => {
    const plain = board(
      europeMap,
      [
        [1, 'P', 'Q', 2],
        [2, 'Q', 'R', 2],
        [3, 'Q', 'R', 2],
      ],
      [[1, 'P', 'R', 7]],
    );
    const colours: Record<number, string> = { 1: 'gray', 2: 'red', 3: 'blue' };
    const map = {
      ...plain,
      routes: plain.routes.map((route) => ({
        ...route,
        colour: colours[route.id]!,
        group: route.id === 3 ? 2 : route.id,
      })),
    } as TtrMap;
    for (const [owners, borrowed] of [
      [{ 1: A, 2: B, 3: C }, 'borrows Q–R (route 2, red) from seat 1'],
      [{ 1: A, 2: C, 3: B }, 'borrows Q–R (route 2, red) from seat 2'],
    ] as const) {
      const r = finalScoring(
        input(map, 3, owners, { tickets: [[1], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] }),
      );
      expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
      expect(r.breakdown[A]).toContainEqual({ item: 'station at Q', points: 0, detail: borrowed });
      addsUp(r);
    }
  });

  it('TTRE-14.7 (T39): a borrowed route that would join two of A’s routes still does not lengthen A’s path', () => {
    // Counting B's K2–K3 for A would give A 12 (K1–K4) and take the Express from B.
    const map = board(
      europeMap,
      [
        [1, 'K1', 'K2', 4],
        [2, 'K2', 'K3', 4],
        [3, 'K3', 'K4', 4],
      ],
      [[1, 'K1', 'K4', 12]],
    );
    const r = finalScoring(
      input(
        map,
        2,
        { 1: A, 3: A, 2: B },
        { tickets: [[1], []], stations: [{ city: 'K2', seat: A }], stationsLeft: [2, 3] },
      ),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'K2', routeId: 2 }]);
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
    expect(r.players.map((p) => p.longestPath)).toEqual([4, 4]);
    expect(r.players.map((p) => p.longestPathBonus)).toEqual([10, 10]);
  });

  const route = (a: string, b: string) => germanyMap.routes.find((r) => r.a === a && r.b === b)!.id;

  it('TTRG-11.6 on the real board: Freiburg–Frankreich and Saarbrücken–Frankreich do not join Freiburg and Saarbrücken', () => {
    const map = { ...germanyMap, tickets: [{ id: 1, a: 'Freiburg', b: 'Saarbrücken', points: 5, long: false }] };
    const owners = { [route('Freiburg', 'Frankreich')]: A, [route('Saarbrücken', 'Frankreich')]: A };
    const r = finalScoring(input(map, 2, owners, { tickets: [[1], []] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(false);
    addsUp(r);
  });

  it('TTRG-11.2: Österreich is reached through either of its areas (here the small one by Lindau), but not crossed', () => {
    const map = {
      ...germanyMap,
      tickets: [
        { id: 1, a: 'Ulm', b: 'Österreich', points: 4, long: false },
        { id: 2, a: 'Ulm', b: 'München', points: 4, long: false },
      ],
    };
    const owners = {
      [route('Lindau', 'Ulm')]: A,
      [route('Lindau', 'Österreich')]: A,
      [route('München', 'Österreich')]: A,
    };
    const r = finalScoring(input(map, 2, owners, { tickets: [[1, 2], []] }));
    expect(r.players[A]!.tickets.map((t) => t.completed)).toEqual([true, false]);
    addsUp(r);
  });
});
