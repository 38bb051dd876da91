/**
 * The tables' legends name every symbol the boards draw without words, in every language, with the
 * board's own drawings: Vlaky na trati's station symbols and curve marker (VNT-0.4, VNT-8.3), the Ticket
 * to Ride map's marks, Trains & Stations' goods (TS-1.7). The lists come from the games' data and the
 * rendered boards, so a new symbol without a legend entry fails here.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/core/index.js';
import { ticketToRideEurope } from '../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../engine/games/ticket-to-ride-germany/index.js';
import type { TtrMap } from '../engine/games/ticket-to-ride/map.js';
import { GOODS } from '../engine/games/trains-and-stations/board.js';
import { trainsAndStations } from '../engine/games/trains-and-stations/index.js';
import { SYMBOLS, type VntData } from '../engine/games/vlaky-na-trati/data.js';
import { vlakyNaTratiGame } from '../engine/games/vlaky-na-trati/index.js';
import { translate } from '../web/client/i18n.testkit.js';
import type { Translate } from './game-ui.js';
import type { LegendEntry } from './legend.js';
import { assertWellFormed, attrValues, EN, elementsWith, play } from './testkit.js';
import { renderTicketToRide } from './ticket-to-ride.js';
import { renderTrainsAndStations, type TsComponents } from './trains-and-stations.js';
import { tsLegend } from './ts-legend.js';
import { ttrLegend, ttrMarks, TTR_MARKS } from './ttr-legend.js';
import { renderVlakyNaTrati } from './vlaky-na-trati.js';
import { vntLegend } from './vnt-legend.js';

const LANGUAGES = ['en', 'cs', 'de', 'ru'] as const;
const keys = (entries: readonly LegendEntry[]) => entries.map((e) => e.key);

/** Every entry has a picture and a name of its own in every language (a missing word throws). */
function wordedEverywhere(legendOf: (t: Translate) => LegendEntry[]): void {
  for (const lang of LANGUAGES) {
    const entries = legendOf(translate(lang));
    for (const e of entries) {
      assertWellFormed(e.picture);
      expect(e.name.trim(), `${lang} ${e.key}`).not.toBe('');
    }
    expect(new Set(entries.map((e) => e.name)).size, lang).toBe(entries.length);
  }
}

describe('Vlaky na trati legend', () => {
  const data = vlakyNaTratiGame.components as VntData;
  const board = (seed: string) =>
    renderVlakyNaTrati(data, (vlakyNaTratiGame as AnyGame).view(play(vlakyNaTratiGame as AnyGame, seed, 3, 40), 0), {
      t: EN,
    });

  it('every recordable symbol (VNT-0.4) and the curve marker (VNT-8.3), with the code the board prints', () => {
    const legend = vntLegend(EN);
    expect(keys(legend)).toEqual([...SYMBOLS, 'CURVE_LOCO']);
    for (const s of SYMBOLS) expect(legend.find((e) => e.key === s)!.picture).toContain(`>${EN(`vnt.code.${s}`)}<`);
  });

  it('names every symbol a played board draws, and its curve marker', () => {
    const svg = board('legend-vnt');
    const legend = new Set(keys(vntLegend(EN)));
    expect(attrValues(svg, 'data-symbol').length).toBeGreaterThan(0);
    for (const s of attrValues(svg, 'data-symbol')) expect(legend).toContain(s);
    expect(attrValues(svg, 'data-turntable').length).toBeGreaterThan(0);
    expect(legend).toContain('CURVE_LOCO');
  });

  it('has its words in every language', () => wordedEverywhere(vntLegend));
});

describe('Ticket to Ride legend', () => {
  /** The marks a board at setup draws, found by the attributes the board gives them. */
  const drawn = (svg: string) =>
    TTR_MARKS.filter(
      (m) =>
        ({
          city: elementsWith(svg, 'class', 'city'),
          country: elementsWith(svg, 'class', 'country'),
          tunnel: attrValues(svg, 'data-tunnel'),
          ferry: attrValues(svg, 'data-loco'),
          passengers: attrValues(svg, 'data-passengers'),
        })[m].length > 0,
    );

  for (const game of [ticketToRideEurope, ticketToRideGermany] as AnyGame[]) {
    const map = game.components as TtrMap;
    it(`${map.id}: the legend has exactly the marks the board draws`, () => {
      const state = game.setup({ seed: `legend-${map.id}`, players: 2, options: game.options.parse({}) });
      const svg = renderTicketToRide(map, game.view(state, 0), { t: EN });
      expect(keys(ttrLegend(EN, map))).toEqual(drawn(svg));
      expect(ttrMarks(map)).toEqual(drawn(svg));
    });
  }

  it('the marks are drawn as on the board: the tunnel dashed, the ferry with its locomotive symbol, a count of passengers', () => {
    const europe = ttrLegend(EN, ticketToRideEurope.components as TtrMap);
    const germany = ttrLegend(EN, ticketToRideGermany.components as TtrMap);
    const picture = (entries: LegendEntry[], key: string) => entries.find((e) => e.key === key)!.picture;
    expect(picture(europe, 'tunnel')).toContain('stroke-dasharray');
    expect(picture(europe, 'ferry')).toContain('data-loco');
    expect(picture(europe, 'ferry')).not.toContain('stroke-dasharray');
    expect(attrValues(picture(germany, 'passengers'), 'data-passengers')).toEqual(['2']);
  });

  it('has its words in every language', () => {
    for (const game of [ticketToRideEurope, ticketToRideGermany])
      wordedEverywhere((t) => ttrLegend(t, game.components as TtrMap));
  });
});

describe('Trains & Stations legend', () => {
  const comps = trainsAndStations.components as TsComponents;

  it('has every good of the game (TS-1.7)', () => expect(keys(tsLegend(EN, comps))).toEqual([...GOODS]));

  it('names every good the board and the special goods cards show (TS-1.7), as its goods card', () => {
    const legend = tsLegend(EN, comps);
    const named = new Set(keys(legend));
    const game = trainsAndStations as AnyGame;
    const svg = renderTrainsAndStations(comps, game.view(play(game, 'legend-ts', 3, 30), 0), { t: EN });
    const shown = [...attrValues(svg, 'data-good'), ...attrValues(svg, 'data-deck')];
    expect(shown.length).toBeGreaterThan(0);
    for (const g of shown) expect(named).toContain(g);
    for (const card of comps.specialCards)
      if (card.kind === 'GOODS') for (const g of card.goods) expect(named).toContain(g);
    for (const e of legend) expect(attrValues(e.picture, 'data-good')).toEqual([e.key]);
  });

  it('has its words in every language', () => wordedEverywhere((t) => tsLegend(t, comps)));
});
