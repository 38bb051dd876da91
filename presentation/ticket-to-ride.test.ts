import { describe, expect, it } from 'vitest';
import { ticketToRideEurope } from '../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../engine/games/ticket-to-ride-germany/index.js';
import type { TtrMap } from '../engine/games/ticket-to-ride/map.js';
import type { TtrState } from '../engine/games/ticket-to-ride/state.js';
import { renderBoard } from './index.js';
import { playerColour, playerLabel } from './players.js';
import { PLACES_BY_MAP } from './ttr-places.js';
import { attrValues, commonChecks, elementsWith, EVIL, play, EN } from './testkit.js';

describe.each([
  [ticketToRideEurope, 4, 'ttr-e'],
  [ticketToRideGermany, 5, 'ttr-g'],
] as const)('$id board', (game, players, seed) => {
  const map = game.components as TtrMap;
  const state = play<TtrState>(game, seed, players, 240);
  const view = game.view(state, 1);
  const svg = renderBoard(game.id, game.components, view, { t: EN, seatNames: [EVIL, 'Bob', null] })!;

  it('is a well-formed standalone SVG with escaped names, distinct colours and labelled marks', () => {
    commonChecks(svg, players);
    expect(svg).toContain(`<title id="title">${map.title} — turn ${view.turn}</title>`);
  });

  it('every place has real coordinates and is drawn once, with its name', () => {
    const places = [...map.cities, ...map.countries];
    for (const p of places) {
      const c = PLACES_BY_MAP[map.id]![p];
      expect(c, p).toBeDefined();
      expect(c!.lon).toBeGreaterThan(-10);
      expect(c!.lon).toBeLessThan(45);
      expect(c!.lat).toBeGreaterThan(36);
      expect(c!.lat).toBeLessThan(61);
    }
    expect(attrValues(svg, 'data-city').sort()).toEqual([...places].sort());
    expect(Object.keys(PLACES_BY_MAP[map.id]!).sort()).toEqual([...places].sort());
  });

  it('every route is drawn exactly once, as `length` cars in its colour', () => {
    const ids = attrValues(svg, 'data-route');
    expect(ids.sort((a, b) => Number(a) - Number(b))).toEqual(map.routes.map((r) => String(r.id)));
    for (const r of map.routes) {
      const [g] = elementsWith(svg, 'data-route', r.id);
      expect(attrValues(g!, 'data-car')).toHaveLength(r.length);
      expect(g).toContain(`data-route-colour="${r.colour}"`);
      expect(g!.includes('data-tunnel="1"')).toBe(r.tunnel);
      expect(attrValues(g!, 'data-loco')).toHaveLength(r.ferry);
    }
  });

  it('parallel routes of a group lie side by side, not on top of each other', () => {
    const firstCar = (id: number) => {
      const m = /data-route="\d+"[^>]*>.*?<rect x="([-\d.]+)" y="([-\d.]+)"/.exec(
        elementsWith(svg, 'data-route', id)[0]!,
      )!;
      return [Number(m[1]), Number(m[2])];
    };
    const groups = new Map<number, number[]>();
    for (const r of map.routes) groups.set(r.group, [...(groups.get(r.group) ?? []), r.id]);
    const multi = [...groups.values()].filter((g) => g.length > 1);
    expect(multi.length).toBeGreaterThan(5);
    for (const g of multi) {
      const cars = g.map(firstCar);
      for (let i = 1; i < cars.length; i++)
        expect(Math.hypot(cars[i]![0]! - cars[0]![0]!, cars[i]![1]! - cars[0]![1]!)).toBeGreaterThan(5);
    }
  });

  it("claimed routes are drawn in the owner's colour and pattern with the owner's label", () => {
    const owners = Object.entries(view.routeOwners);
    expect(owners.length).toBeGreaterThan(5);
    for (const [id, seat] of owners) {
      const [g] = elementsWith(svg, 'data-route', id);
      expect(g).toContain(`data-owner="${seat}"`);
      expect(g).toContain(`data-colour="${playerColour(seat)}"`);
      expect(g).toContain(`fill="url(#rp-pattern-${seat})"`);
      expect(g).toContain(`>${playerLabel(seat)}</text>`);
    }
    const unclaimed = map.routes.filter((r) => view.routeOwners[String(r.id)] === undefined);
    for (const r of unclaimed) expect(elementsWith(svg, 'data-route', r.id)[0]).not.toContain('data-owner');
  });

  it('stations (Europe) and waiting passengers (Germany) are drawn', () => {
    expect(elementsWith(svg, 'data-station')).toHaveLength(view.stations.length);
    for (const s of view.stations)
      expect(elementsWith(svg, 'data-station', s.city)[0]).toContain(`data-owner="${s.seat}"`);
    if (map.id === 'germany') {
      const waiting = Object.values(view.passengersAt)
        .flatMap((c) => Object.values(c))
        .reduce((a, b) => a + b, 0);
      expect(
        attrValues(svg, 'data-passengers')
          .map(Number)
          .reduce((a, b) => a + b, 0),
      ).toBe(waiting);
    }
  });

  it('is a pure function of its input', () => {
    expect(renderBoard(game.id, game.components, view, { t: EN, seatNames: [EVIL, 'Bob', null] })).toBe(svg);
    expect(
      renderBoard(
        game.id,
        game.components,
        game.view(game.setup({ seed: 'x', players: 2, options: game.options.parse({}) }), 'spectator'),
        { t: EN },
      ),
    ).toContain('data-route="1"');
  });
});

describe('Europe has stations on the board after a long game', () => {
  it('draws every station at its city', () => {
    const state = play<TtrState>(ticketToRideEurope, 'stations', 3, 400);
    const view = ticketToRideEurope.view(state, 'all');
    const svg = renderBoard(ticketToRideEurope.id, ticketToRideEurope.components, view, { t: EN })!;
    expect(view.stations.length).toBeGreaterThan(0);
    expect(elementsWith(svg, 'data-station')).toHaveLength(view.stations.length);
  });
});
