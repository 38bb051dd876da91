import { describe, expect, it } from 'vitest';
import type { Route, Ticket, TtrMap } from './map.js';
import { europeMap, germanyMap } from './maps.js';
import { finalScoring, type ScoringInput } from './scoring.js';

type R = [id: number, a: string, b: string, length: number];

/** A small hypothetical board with the rules of an edition (the specs' "(hyp.)" fixtures). */
function board(edition: TtrMap, routes: R[], tickets: [id: number, a: string, b: string, points: number][], countries: string[] = []): TtrMap {
  const places = [...new Set(routes.flatMap(([, a, b]) => [a, b]).concat(tickets.flatMap(([, a, b]) => [a, b])))];
  return {
    ...edition,
    cities: places.filter((p) => !countries.includes(p)),
    countries,
    routes: routes.map(([id, a, b, length]): Route => ({ id, a, b, length, colour: 'gray', tunnel: false, ferry: 0, group: id, toCountry: countries.includes(b) })),
    tickets: tickets.map(([id, a, b, points]): Ticket => ({ id, a, b, points, long: false })),
  };
}

function input(map: TtrMap, players: number, owners: Record<number, number>, fields: Partial<ScoringInput> = {}): ScoringInput {
  const routePoints = Array.from({ length: players }, (_, seat) =>
    map.routes.filter((r) => owners[r.id] === seat).reduce((n, r) => n + (map.routeScoring[r.length] ?? 0), 0),
  );
  return {
    map,
    players,
    routeOwners: owners,
    tickets: Array.from({ length: players }, () => []),
    stations: [],
    stationsLeft: Array.from({ length: players }, () => map.stationsPerPlayer),
    passengers: Array.from({ length: players }, () => ({})),
    routePoints,
    ...fields,
  };
}

const A = 0;
const B = 1;
const C = 2;

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
    const r = finalScoring(input(m, 2, { 1: A, 2: B }, { tickets: [[1], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
  });

  it('TTRE-14.5 (T35): one station borrows one route, chosen for the best ticket total', () => {
    const r = finalScoring(input(m, 3, { 1: A, 2: B, 3: C }, { tickets: [[1, 2], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] }));
    const a = r.players[A]!;
    expect(a.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
    expect(a.tickets.map((t) => t.completed)).toEqual([true, false]);
    expect(a.ticketsCompleted).toBe(1);
    expect(a.total - a.routePoints - a.stationPoints - a.longestPathBonus).toBe(10 - 8);
  });

  it('TTRE-14.3 (T36): a borrowed route that does not reach the ticket does not complete it', () => {
    const r = finalScoring(input(m, 2, { 4: B }, { tickets: [[1], []], stations: [{ city: 'Z', seat: A }], stationsLeft: [2, 3] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(false);
    expect(r.breakdown[A]).toContainEqual({ item: 'ticket P–R', points: -10, detail: 'not completed' });
  });

  it('TTRE-14.7 (T37): a star of three routes gives a longest path of the two longest arms', () => {
    const star = board(europeMap, [
      [1, 'X', 'A1', 4],
      [2, 'X', 'B1', 3],
      [3, 'X', 'C1', 2],
    ], []);
    expect(finalScoring(input(star, 2, { 1: A, 2: A, 3: A })).players[A]!.longestPath).toBe(7);
  });

  it('TTRE-14.7 (T38): a path may pass a city twice and use a loop, each route once', () => {
    const loop = board(europeMap, [
      [1, 'U', 'V', 2],
      [2, 'V', 'W', 2],
      [3, 'W', 'U', 2],
      [4, 'W', 'Z', 4],
    ], []);
    expect(finalScoring(input(loop, 2, { 1: A, 2: A, 3: A, 4: A })).players[A]!.longestPath).toBe(10);
  });

  it('TTRE-14.8 (T39): every player tied for the longest path gets the Express; borrowed routes do not count', () => {
    const lines = board(europeMap, [
      [1, 'A1', 'A2', 4],
      [2, 'B1', 'B2', 4],
      [3, 'C1', 'C2', 3],
      [4, 'A2', 'B1', 1],
    ], []);
    const r = finalScoring(input(lines, 3, { 1: A, 2: B, 3: C }, { stations: [{ city: 'B1', seat: A }], stationsLeft: [2, 3, 3] }));
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
    const ties = board(europeMap, [
      [1, 'A1', 'A2', 4],
      [2, 'B1', 'B2', 4],
      [3, 'B3', 'B4', 3],
      [4, 'C1', 'C2', 3],
      [5, 'C3', 'C4', 3],
      [6, 'C5', 'C6', 3],
      [7, 'C7', 'C8', 3],
      [8, 'D1', 'D2', 1],
    ], []);

    it('TTRE-15.3 (T41): equal scores and tickets → the player who built fewer stations wins', () => {
      // A: 7 + 2 unbuilt stations (8) + Express 10 = 25. B: 7 + 4 = 11, 1 unbuilt (4), Express 10 = 25.
      const r = finalScoring(
        input(ties, 2, { 1: A, 2: B, 3: B }, { stations: [{ city: 'D1', seat: A }, { city: 'D2', seat: B }, { city: 'C1', seat: B }], stationsLeft: [2, 1] }),
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
      const map = board(europeMap, [
        [1, 'A1', 'A2', 4],
        [2, 'B1', 'B2', 4],
      ], [
        [1, 'A1', 'A2', 5],
        [2, 'A1', 'A2', 2],
        [3, 'B1', 'B2', 7],
      ]);
      const r = finalScoring(input(map, 2, { 1: A, 2: B }, { tickets: [[1, 2], [3]] }));
      expect(r.scores[A]).toBe(r.scores[B]);
      expect(r.players.map((p) => p.ticketsCompleted)).toEqual([2, 1]);
      expect(r.ranking).toEqual([1, 2]);
    });
  });

  it('the breakdown lines add up to each total', () => {
    const r = finalScoring(input(m, 3, { 1: A, 2: B, 3: C }, { tickets: [[1, 2], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] }));
    r.breakdown.forEach((lines, seat) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(r.scores[seat]));
  });
});

describe('Germany final scoring (TTRG-11/13/14)', () => {
  const X = 'Frankreich';
  const countries = board(
    germanyMap,
    [
      [1, 'Freiburg', X, 2],
      [2, 'Saarbrücken', X, 2],
      [3, 'C1', 'Schweiz', 2],
      [4, 'C1', 'C2', 2],
      [5, 'C2', 'Dänemark', 2],
      [6, 'C3', 'Schweiz', 2],
      [7, 'C4', 'Schweiz', 2],
      [8, 'C4', 'Dänemark', 2],
    ],
    [
      [1, 'Freiburg', X, 5],
      [2, 'Freiburg', 'Saarbrücken', 6],
      [3, 'Schweiz', 'Dänemark', 9],
      [4, 'C3', 'Dänemark', 7],
    ],
    [X, 'Schweiz', 'Dänemark'],
  );
  const noPassengers = { ...countries, passengers: { ...germanyMap.passengers!, colours: {} } };

  it('TTRG-11.2 (T24): a ticket to a country is completed by reaching it', () => {
    const r = finalScoring(input(noPassengers, 2, { 1: A }, { tickets: [[1], []] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
  });

  it('TTRG-11.4/11.6 (T25): two routes into the same country do not connect their cities', () => {
    const r = finalScoring(input(noPassengers, 2, { 1: A, 2: A }, { tickets: [[2], []] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(false);
  });

  it('TTRG-11.5 (T26): a country–country ticket is completed by a path between the two countries', () => {
    const r = finalScoring(input(noPassengers, 2, { 3: A, 4: A, 5: A }, { tickets: [[3], []] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
  });

  it('TTRG-11.3 (T27): a path cannot pass through a country', () => {
    const r = finalScoring(input(noPassengers, 2, { 6: A, 7: A, 8: A }, { tickets: [[4], []] }));
    expect(r.players[A]!.tickets[0]!.completed).toBe(false);
  });

  /** n disjoint routes Ki–Li with a ticket each: owning route i completes ticket i. */
  function ticketBoard(n: number): TtrMap {
    const routes = Array.from({ length: n }, (_, i): R => [i + 1, `K${i}`, `L${i}`, 1]);
    const tickets = Array.from({ length: n }, (_, i): [number, string, string, number] => [i + 1, `K${i}`, `L${i}`, 2]);
    return { ...board(germanyMap, routes, tickets), passengers: { ...germanyMap.passengers!, colours: {} } };
  }

  it('TTRG-13.3 (T28): every player with the most completed tickets gets the Globetrotter', () => {
    const map = ticketBoard(13);
    const own = (seat: number, ids: number[]) => Object.fromEntries(ids.map((id) => [id, seat]));
    const r = finalScoring(input(map, 3, { ...own(A, [1, 2, 3, 4, 5]), ...own(B, [6, 7, 8, 9, 10]), ...own(C, [11, 12, 13]) }, { tickets: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13]] }));
    expect(r.players.map((p) => p.globetrotterBonus)).toEqual([15, 15, 0]);
  });

  it('TTRG-13.3/A8 (T29): failed tickets do not lower the count', () => {
    const map = ticketBoard(12);
    const r = finalScoring(input(map, 2, { 1: A, 2: A, 3: A, 4: A, 8: B, 9: B, 10: B, 11: B, 12: B }, { tickets: [[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12]] }));
    expect(r.players.map((p) => p.ticketsCompleted)).toEqual([4, 5]);
    expect(r.players.map((p) => p.globetrotterBonus)).toEqual([0, 15]);
  });

  it('TTRG-13.3/A7 (T30): nobody completed a ticket → nobody gets the Globetrotter', () => {
    const map = ticketBoard(2);
    expect(finalScoring(input(map, 2, {}, { tickets: [[1], [2]] })).players.map((p) => p.globetrotterBonus)).toEqual([0, 0]);
  });

  const passengerBoard = { ...board(germanyMap, [[1, 'K', 'L', 1]], []), globetrotterBonus: 0 };
  const majority = (pools: Record<string, number>[]) => finalScoring(input(passengerBoard, pools.length, {}, { passengers: pools })).players.map((p) => p.passengerPoints);

  it('TTRG-13.4 (T31): a tie for most → 20 each and nobody gets 10', () => {
    expect(majority([{ red: 4 }, { red: 4 }, { red: 2 }])).toEqual([20, 20, 0]);
  });

  it('TTRG-13.4 (T32): a single first gets 20 and every tied second 10', () => {
    expect(majority([{ red: 5 }, { red: 3 }, { red: 3 }, { red: 1 }])).toEqual([20, 10, 10, 0]);
  });

  it('TTRG-13.4/A6 (T33): players without the colour score nothing for it', () => {
    expect(majority([{ red: 2 }, {}, {}])).toEqual([20, 0, 0]);
  });

  it('TTRG-13.4 (T34): colours are scored separately; a colour nobody holds scores nothing', () => {
    const r = finalScoring(input(passengerBoard, 2, {}, { passengers: [{ blue: 3, green: 2 }, { blue: 1, green: 2 }] }));
    expect(r.players.map((p) => p.passengerPoints)).toEqual([40, 30]);
    expect(r.breakdown[B]).toContainEqual({ item: 'passengers blue', points: 10, detail: 'second most with 1' });
  });

  it('TTRG-14.2 (T37): at equal scores, more completed tickets wins', () => {
    const map = { ...board(germanyMap, [[1, 'K', 'L', 2], [2, 'M', 'N', 2]], [[1, 'K', 'L', 3], [2, 'K', 'L', 2], [3, 'M', 'N', 5]]), globetrotterBonus: 0 };
    const r = finalScoring(input(map, 2, { 1: A, 2: B }, { tickets: [[1, 2], [3]] }));
    expect(r.scores).toEqual([7, 7]);
    expect(r.ranking).toEqual([1, 2]);
  });

  it('TTRG-14.3/14.4 (T38, T39): then more passengers wins; still tied → shared', () => {
    const map = { ...board(germanyMap, [[1, 'K', 'L', 5]], []), globetrotterBonus: 0 };
    // C: most red (20). B: second red (10, 1 passenger). A: a length-5 route (10, no passengers).
    const r = finalScoring(input(map, 3, { 1: A }, { passengers: [{}, { red: 1 }, { red: 2 }] }));
    expect(r.scores).toEqual([10, 10, 20]);
    expect(r.ranking).toEqual([3, 2, 1]);
    const shared = finalScoring(input(map, 2, {}, { passengers: [{ red: 1 }, { blue: 1 }] }));
    expect(shared.scores).toEqual([20, 20]);
    expect(shared.ranking).toEqual([1, 1]);
  });

  it('TTRG-13.1–13.4 (T40): 80 route points, +30 −12 in tickets, Globetrotter, 1st in red and 2nd in blue = 143', () => {
    const routes: R[] = [
      [1, 'K1', 'K2', 7],
      [2, 'K2', 'K3', 7],
      [3, 'K3', 'K4', 7],
      [4, 'K4', 'K5', 7],
      [5, 'K5', 'K6', 4],
      [6, 'K6', 'K7', 1],
    ];
    const map = board(germanyMap, routes, [
      [1, 'K1', 'K7', 12],
      [2, 'K1', 'K5', 9],
      [3, 'K2', 'K6', 9],
      [4, 'K1', 'Z', 12],
      [5, 'Z', 'Y', 2],
    ]);
    const owners = Object.fromEntries(routes.map(([id]) => [id, A]));
    const r = finalScoring(input(map, 2, owners, { tickets: [[1, 2, 3, 4], []], passengers: [{ red: 2, blue: 1 }, { blue: 2 }] }));
    expect(r.players[A]!.routePoints).toBe(80);
    expect(r.scores[A]).toBe(143);
  });
});

describe('station borrowing and country areas (TTRE-14.4/14.5, A13–A15; TTRG-11)', () => {
  const addsUp = (r: ReturnType<typeof finalScoring>) =>
    r.breakdown.forEach((lines, seat) => expect(lines.reduce((n, l) => n + l.points, 0)).toBe(r.scores[seat]));

  it('TTRE-A13: a station borrows only a route an opponent claimed at its own city', () => {
    // P–Q is A's own, Q–R unclaimed, R–S B's but not at the station's city.
    const map = board(europeMap, [[1, 'P', 'Q', 2], [2, 'Q', 'R', 2], [3, 'R', 'S', 2]], [[1, 'P', 'R', 4], [2, 'P', 'S', 6]]);
    const r = finalScoring(input(map, 2, { 1: A, 3: B }, { tickets: [[1, 2], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3] }));
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: null }]);
    expect(r.players[A]!.ticketsCompleted).toBe(0);
    addsUp(r);
  });

  it('TTRE-A14: stations of two players may borrow the same route', () => {
    const map = board(europeMap, [[1, 'P', 'Q', 2], [2, 'Q', 'R', 3], [3, 'R', 'T', 2]], [[1, 'P', 'R', 5], [2, 'T', 'Q', 5]]);
    const r = finalScoring(
      input(map, 3, { 1: A, 2: B, 3: C }, { tickets: [[1], [], [2]], stations: [{ city: 'Q', seat: A }, { city: 'R', seat: C }], stationsLeft: [2, 3, 2] }),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
    expect(r.players[C]!.stationBorrows).toEqual([{ city: 'R', routeId: 2 }]);
    expect([r.players[A]!.ticketsCompleted, r.players[C]!.ticketsCompleted]).toEqual([1, 1]);
  });

  it('TTRE-14.5/A15: at an equal ticket total the choice completing more tickets wins', () => {
    // Borrowing Q–R: +6 −3 −3 = 0 with 1 ticket; borrowing Q–S: −6 +3 +3 = 0 with 2 tickets.
    const map = board(europeMap, [[1, 'P', 'Q', 2], [2, 'Q', 'R', 2], [3, 'Q', 'S', 2], [4, 'S', 'U', 2]], [[1, 'P', 'R', 6], [2, 'P', 'S', 3], [3, 'P', 'U', 3]]);
    const r = finalScoring(input(map, 3, { 1: A, 4: A, 2: B, 3: C }, { tickets: [[1, 2, 3], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] }));
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 3 }]);
    expect(r.players[A]!.ticketsCompleted).toBe(2);
    addsUp(r);
  });

  it('TTRE-14.5: the assignment is global; two stations together complete what neither does alone', () => {
    const map = board(europeMap, [[1, 'P', 'Q', 2], [2, 'Q', 'R', 2], [3, 'R', 'S', 2]], [[1, 'P', 'S', 9]]);
    const r = finalScoring(
      input(map, 2, { 1: A, 2: B, 3: B }, { tickets: [[1], []], stations: [{ city: 'Q', seat: A }, { city: 'R', seat: A }], stationsLeft: [1, 3] }),
    );
    expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }, { city: 'R', routeId: 3 }]);
    expect(r.players[A]!.tickets[0]!.completed).toBe(true);
    expect(r.breakdown[A]).toContainEqual({ item: 'station at R', points: 0, detail: 'borrows R–S (route 3, gray) from seat 1' });
    addsUp(r);
  });

  it('TTRE-14.5: on a double route held by two opponents, the breakdown says which route was borrowed (id, colour, owner)', () => {
    const plain = board(europeMap, [[1, 'P', 'Q', 2], [2, 'Q', 'R', 2], [3, 'Q', 'R', 2]], [[1, 'P', 'R', 7]]);
    const colours: Record<number, string> = { 1: 'gray', 2: 'red', 3: 'blue' };
    const map = { ...plain, routes: plain.routes.map((route) => ({ ...route, colour: colours[route.id]!, group: route.id === 3 ? 2 : route.id })) } as TtrMap;
    for (const [owners, borrowed] of [
      [{ 1: A, 2: B, 3: C }, 'borrows Q–R (route 2, red) from seat 1'],
      [{ 1: A, 2: C, 3: B }, 'borrows Q–R (route 2, red) from seat 2'],
    ] as const) {
      const r = finalScoring(input(map, 3, owners, { tickets: [[1], [], []], stations: [{ city: 'Q', seat: A }], stationsLeft: [2, 3, 3] }));
      expect(r.players[A]!.stationBorrows).toEqual([{ city: 'Q', routeId: 2 }]);
      expect(r.breakdown[A]).toContainEqual({ item: 'station at Q', points: 0, detail: borrowed });
      addsUp(r);
    }
  });

  it('TTRE-14.7 (T39): a borrowed route that would join two of A’s routes still does not lengthen A’s path', () => {
    // Counting B's K2–K3 for A would give A 12 (K1–K4) and take the Express from B.
    const map = board(europeMap, [[1, 'K1', 'K2', 4], [2, 'K2', 'K3', 4], [3, 'K3', 'K4', 4]], [[1, 'K1', 'K4', 12]]);
    const r = finalScoring(input(map, 2, { 1: A, 3: A, 2: B }, { tickets: [[1], []], stations: [{ city: 'K2', seat: A }], stationsLeft: [2, 3] }));
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
    const map = { ...germanyMap, tickets: [{ id: 1, a: 'Ulm', b: 'Österreich', points: 4, long: false }, { id: 2, a: 'Ulm', b: 'München', points: 4, long: false }] };
    const owners = { [route('Lindau', 'Ulm')]: A, [route('Lindau', 'Österreich')]: A, [route('München', 'Österreich')]: A };
    const r = finalScoring(input(map, 2, owners, { tickets: [[1, 2], []] }));
    expect(r.players[A]!.tickets.map((t) => t.completed)).toEqual([true, false]);
    addsUp(r);
  });
});
