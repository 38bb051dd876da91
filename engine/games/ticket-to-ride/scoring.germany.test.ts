/**
 * Ticket to Ride: Germany final scoring (TTRG-11/13/14): tickets to countries, the globetrotter,
 * passenger majorities.
 */
import { describe, expect, it } from 'vitest';
import type { TtrMap } from './map.js';
import { germanyMap } from './maps.js';
import { finalScoring } from './scoring.js';
import { board, input, A, B, C, type R } from './scoring.testkit.js';

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
    const r = finalScoring(
      input(
        map,
        3,
        { ...own(A, [1, 2, 3, 4, 5]), ...own(B, [6, 7, 8, 9, 10]), ...own(C, [11, 12, 13]) },
        {
          tickets: [
            [1, 2, 3, 4, 5],
            [6, 7, 8, 9, 10],
            [11, 12, 13],
          ],
        },
      ),
    );
    expect(r.players.map((p) => p.globetrotterBonus)).toEqual([15, 15, 0]);
  });

  it('TTRG-13.3/A8 (T29): failed tickets do not lower the count', () => {
    const map = ticketBoard(12);
    const r = finalScoring(
      input(
        map,
        2,
        { 1: A, 2: A, 3: A, 4: A, 8: B, 9: B, 10: B, 11: B, 12: B },
        {
          tickets: [
            [1, 2, 3, 4, 5, 6, 7],
            [8, 9, 10, 11, 12],
          ],
        },
      ),
    );
    expect(r.players.map((p) => p.ticketsCompleted)).toEqual([4, 5]);
    expect(r.players.map((p) => p.globetrotterBonus)).toEqual([0, 15]);
  });

  it('TTRG-13.3/A7 (T30): nobody completed a ticket → nobody gets the Globetrotter', () => {
    const map = ticketBoard(2);
    expect(finalScoring(input(map, 2, {}, { tickets: [[1], [2]] })).players.map((p) => p.globetrotterBonus)).toEqual([
      0, 0,
    ]);
  });

  const passengerBoard = { ...board(germanyMap, [[1, 'K', 'L', 1]], []), globetrotterBonus: 0 };
  const majority = (pools: Record<string, number>[]) =>
    finalScoring(input(passengerBoard, pools.length, {}, { passengers: pools })).players.map((p) => p.passengerPoints);

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
    const r = finalScoring(
      input(
        passengerBoard,
        2,
        {},
        {
          passengers: [
            { blue: 3, green: 2 },
            { blue: 1, green: 2 },
          ],
        },
      ),
    );
    expect(r.players.map((p) => p.passengerPoints)).toEqual([40, 30]);
    expect(r.breakdown[B]).toContainEqual({ item: 'passengers blue', points: 10, detail: 'second most with 1' });
  });

  it('TTRG-14.2 (T37): at equal scores, more completed tickets wins', () => {
    const map = {
      ...board(
        germanyMap,
        [
          [1, 'K', 'L', 2],
          [2, 'M', 'N', 2],
        ],
        [
          [1, 'K', 'L', 3],
          [2, 'K', 'L', 2],
          [3, 'M', 'N', 5],
        ],
      ),
      globetrotterBonus: 0,
    };
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
    const r = finalScoring(
      input(map, 2, owners, { tickets: [[1, 2, 3, 4], []], passengers: [{ red: 2, blue: 1 }, { blue: 2 }] }),
    );
    expect(r.players[A]!.routePoints).toBe(80);
    expect(r.scores[A]).toBe(143);
  });
});
