import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../engine/core/index.js';
import { trainsAndStations } from '../engine/games/trains-and-stations/index.js';
import type { TsState } from '../engine/games/trains-and-stations/state.js';
import { renderBoard } from './index.js';
import { playerColour, playerLabel } from './players.js';
import { attrValues, commonChecks, elementsWith, EVIL, EVIL_ESCAPED, play, EN } from './testkit.js';
import { boardLayout, type TsComponents } from './ts-layout.js';
import { translate } from '../web/client/i18n.testkit.js';

const game = trainsAndStations;
const comps = game.components as TsComponents;

/** Bot and random moves until `pred` holds (or the step budget runs out). */
function playUntil(
  seed: string,
  players: number,
  pred: (s: TsState) => boolean,
  steps = 2000,
  options: unknown = {},
): TsState {
  let s = game.setup({ seed, players, options: game.options.parse(options) });
  const rng = new Rng(seedRng(`${seed}/until`));
  for (let n = 0; n < steps && !pred(s); n++) {
    const seat = game.toAct(s)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(s, seat);
    const action = rng.int(4) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(s, seat), legal, rng });
    s = game.apply(s, seat, action).state;
  }
  return s;
}

describe('trains & stations board', () => {
  const players = 4;
  // Mid-game (the board's reference lengths end a game of these bots within about 200 steps).
  const state = play<TsState>(game, 'ts-render', players, 150);
  const view = game.view(state, 2);
  const svg = renderBoard('trains-and-stations', comps, view, { t: EN, seatNames: ['Ann', 'Bo', EVIL] })!;

  it('is a well-formed standalone SVG with escaped names, distinct colours and labelled marks', () => {
    commonChecks(svg, players);
  });

  it('draws every track space, route and city exactly once, each clickable (TS-1.1, TS-7.1)', () => {
    expect(attrValues(svg, 'data-space').sort()).toEqual(comps.trackSpaces.map((s) => s.id).sort());
    expect(attrValues(svg, 'data-route').sort()).toEqual(comps.routes.map((r) => r.id).sort());
    expect(attrValues(svg, 'data-city').sort()).toEqual(comps.cities.map((c) => c.id).sort());
    const targets = new Set(attrValues(svg, 'data-target'));
    for (const s of comps.trackSpaces) expect(targets.has(`space:${s.id}`)).toBe(true);
    for (const r of comps.routes) {
      expect(targets.has(`route:${r.id}`)).toBe(true);
      // The route's group holds exactly its spaces.
      const [g] = elementsWith(svg, 'data-route', r.id);
      expect(attrValues(g!, 'data-space').sort()).toEqual([...r.spaces].sort());
    }
    for (const c of comps.cities) {
      expect(targets.has(`city:${c.id}`)).toBe(true);
      // TS-6.9: one site per building site of the city, with its majority bonus (TS-7.6).
      const [g] = elementsWith(svg, 'data-city', c.id);
      expect(attrValues(g!, 'data-site')).toHaveLength(c.sites);
      expect(g).toContain(`data-bonus="${c.bonus.kind}"`);
    }
  });

  it('draws every die on the track on its space, own dice in the seat colour with its number, white dice white (TS-6.3, TS-6.4)', () => {
    const onTrack = view.dice.flatMap((d, id) => (d.zone === 'track' ? [{ d, id }] : []));
    expect(onTrack.length).toBeGreaterThan(5);
    expect(attrValues(svg, 'data-space').length).toBe(comps.trackSpaces.length);
    for (const { d, id } of onTrack) {
      const [g] = elementsWith(svg, 'data-space', d.space!);
      expect(g).toContain('data-occupied="1"');
      expect(g).toContain(`data-die="${id}"`);
      if (d.owner === null) expect(g).toContain('data-owner="white"');
      else {
        expect(g).toContain(`data-colour="${playerColour(d.owner)}"`);
        expect(g).toContain(`>${playerLabel(d.owner)}</text>`);
      }
    }
    expect(attrValues(svg, 'data-occupied').filter((v) => v === '1')).toHaveLength(onTrack.length);
  });

  it('draws every building in its city in the owner colour with its type (TS-6.7, TS-6.9)', () => {
    expect(view.buildings.length).toBeGreaterThan(3);
    expect(
      attrValues(svg, 'data-building')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(view.buildings.map((b) => b.id).sort((a, b) => a - b));
    for (const b of view.buildings) {
      const [city] = elementsWith(svg, 'data-city', b.city);
      const [g] = elementsWith(city!, 'data-building', b.id);
      expect(g).toContain(`data-type="${b.type}"`);
      expect(g).toContain(`data-colour="${playerColour(b.owner)}"`);
      expect(g).toContain(`>${b.type[0]}</text>`);
    }
  });

  it('draws the three goods spaces and the unused decks as the market (TS-2.2, TS-8.2)', () => {
    expect(attrValues(svg, 'data-goods-space').sort()).toEqual(['HOTEL', 'MINE', 'RANCH']);
    for (const [type, g] of Object.entries(view.goodsSpaces)) {
      const [box] = elementsWith(svg, 'data-goods-space', type);
      expect(box).toContain(`data-good="${g.good}" data-count="${g.count}"`);
    }
    expect(attrValues(svg, 'data-deck')).toEqual(view.unusedGoods);
    expect(svg).toContain(`VP supply ${view.vpSupply}`);
  });

  it('draws the dice in play with their faces and the saved dice in their owner’s row (TS-5.1, TS-6.14)', () => {
    const s = playUntil(
      'ts-in-play',
      3,
      (x) =>
        x.pending.kind === 'resolve' &&
        x.dice.some((d) => d.zone === 'play' && d.owner !== null) &&
        x.dice.some((d) => d.zone === 'saved'),
    );
    const v = game.view(s, 'spectator');
    const out = renderBoard('trains-and-stations', comps, v, { t: EN, seatNames: [EVIL] })!;
    commonChecks(out, 3);
    const inPlay = v.dice.flatMap((d, id) => (d.zone === 'play' ? [{ d, id }] : []));
    expect(inPlay.length).toBeGreaterThan(0);
    for (const { d, id } of inPlay) {
      const [g] = elementsWith(out, 'data-die', id);
      expect(g).toContain('data-zone="play"');
      expect(g).toContain(`data-face="${d.face}"`);
      expect(g).toContain(`data-target="die:${id}"`);
    }
    const saved = v.dice.flatMap((d, id) => (d.zone === 'saved' ? [{ d, id }] : []));
    expect(saved.length).toBeGreaterThan(0);
    for (const { d, id } of saved) {
      const [row] = elementsWith(out, 'data-legend', d.owner!);
      expect(row).toContain(`data-die="${id}" data-owner="${d.owner}"`);
      expect(row).toContain(`data-face="${d.face}"`);
    }
  });

  it('works for every viewer and after many random games, and is pure', () => {
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const out = renderBoard('trains-and-stations', comps, game.view(state, viewer), {
        t: EN,
        seatNames: [EVIL, 'Bo', 'Cy'],
      })!;
      commonChecks(out, players);
    }
    for (const [seed, n, steps] of [
      ['a', 3, 150],
      ['b', 5, 600],
      ['c', 4, 1200],
    ] as const) {
      const s = play<TsState>(game, seed, n, steps);
      const out = renderBoard('trains-and-stations', comps, game.view(s, 0), { t: EN, seatNames: [EVIL] })!;
      commonChecks(out, n);
      expect(attrValues(out, 'data-space')).toHaveLength(comps.trackSpaces.length);
    }
    expect(renderBoard('trains-and-stations', comps, view, { t: EN, seatNames: ['Ann', 'Bo', EVIL] })).toBe(svg);
  });

  it('renders the start board (TS-2.8: no dice on the track, no buildings) and a finished game with its outcome (TS-11)', () => {
    const start = game.view(game.setup({ seed: 's', players: 3, options: game.options.parse({}) }), 'spectator');
    const a = renderBoard('trains-and-stations', comps, start, { t: EN, seatNames: [EVIL] })!;
    commonChecks(a, 3);
    expect(attrValues(a, 'data-occupied').every((v) => v === '0')).toBe(true);
    expect(attrValues(a, 'data-building')).toEqual([]);
    const over = playUntil('ts-over', 3, (s) => s.pending.kind === 'over', 6000);
    if (over.pending.kind === 'over') {
      const v = game.view(over, 1);
      const out = renderBoard('trains-and-stations', comps, v, { t: EN, seatNames: [EVIL] })!;
      commonChecks(out, 3);
      expect(out).toContain('The game is over');
      for (let seat = 0; seat < 3; seat++)
        expect(elementsWith(out, 'data-legend', seat)[0]).toContain(
          `final ${v.outcome!.scores[seat]} (place ${v.outcome!.ranking[seat]})`,
        );
    }
  });

  it('says the dice in play in the reader’s language, and that there are none before the roll', () => {
    const start = game.view(game.setup({ seed: 's', players: 3, options: game.options.parse({}) }), 'spectator');
    const expected = {
      cs: ['Kostky ve hře (Ann):', 'žádné'],
      de: ['Würfel im Spiel (Ann):', 'keine'],
      ru: ['Кубики в игре (Ann):', 'нет'],
    } as const;
    for (const lang of ['cs', 'de', 'ru'] as const) {
      const [inPlay, none] = expected[lang];
      const out = renderBoard('trains-and-stations', comps, start, { t: translate(lang), seatNames: ['Ann'] })!;
      expect(out).toContain(`>${inPlay}</text>`);
      expect(out).toContain(`>${none}</text>`);
      expect(out).not.toMatch(/Dice in play|>none</);
    }
  });

  it('lays the board out with room for every space: spaces do not overlap and sit between their neighbours', () => {
    const L = boardLayout(comps);
    const pts = comps.trackSpaces.map((s) => L.space.get(s.id)!);
    let min = Infinity;
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++)
        min = Math.min(min, Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]));
    expect(min).toBeGreaterThan(8);
    for (const p of [...pts, ...L.city.values()]) {
      expect(p[0]).toBeGreaterThan(0);
      expect(p[1]).toBeGreaterThan(0);
      expect(p[0]).toBeLessThan(L.width);
      expect(p[1]).toBeLessThan(L.height);
    }
    expect(svg).not.toContain(EVIL);
    expect(svg).toContain(EVIL_ESCAPED);
  });
});
