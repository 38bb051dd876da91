/**
 * The Trains & Stations table's decisions and drawings, on bot games: every legal
 * action is reachable by picking dice on the table and tapping its button or a glowing board place;
 * picked dice narrow what glows to the places they mean and make one tap take one action; the dice,
 * goods cards and buildings are drawn; the board leaves the dice in play to the table.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../engine/core/index.js';
import { trainsAndStations } from '../engine/games/trains-and-stations/index.js';
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import type { UiAction } from './game-ui.js';
import { numbers } from './loose.js';
import { assertWellFormed, attrValues, EN } from './testkit.js';
import { renderTrainsAndStations, type TsComponents } from './trains-and-stations.js';
import { trainsAndStationsUi } from './trains-and-stations.ui.js';
import { buildingPicture, dieFace, goodsCard } from './ts-pieces.js';
import {
  glowingPlaces,
  keepAction,
  offerUnits,
  onTable,
  pickedActions,
  pickMode,
  speculateAction,
  tapChoices,
  usefulDice,
} from './ts-table.js';
import { translate } from '../web/client/i18n.testkit.js';

const game = trainsAndStations as AnyGame;
const comps = trainsAndStations.components as TsComponents;
const ui = trainsAndStationsUi(translate('en'));
const at = (legal: readonly UiAction[], key: string) => legal.filter((a) => ui.targets(a).includes(key));

interface Step {
  view: TsView;
  legal: UiAction[];
}

/** Every decision of the seat to act in bot games, with its view and legal actions. */
function steps(seed: string, players: number, max: number): Step[] {
  let state = game.setup({ seed, players, options: game.options.parse({}) });
  const rng = new Rng(seedRng(seed));
  const out: Step[] = [];
  for (let n = 0; n < max; n++) {
    const seat = (game.toAct(state) as number[])[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat) as UiAction[];
    const view = game.view(state, seat) as TsView;
    out.push({ view, legal });
    state = game.apply(state, seat, game.bot({ seat, view, legal, rng })).state;
  }
  return out;
}

/** The dice an action names (what the player picks for it). */
function diceOf(a: UiAction): number[] {
  if (a.type === 'roll') return numbers(a.keep);
  if (a.type === 'end_resolution') return numbers(a.save);
  if (a.type === 'place_train') return numbers([a.die]);
  return numbers(a.dice);
}

/** Another spelling of the same dice: each die swapped for a later die of its kind not named (TS-0.2). */
function respelled(view: TsView, ids: readonly number[], placing: boolean): number[] {
  const kind = (id: number) => {
    const d = view.dice[id]!;
    return `${d.owner === null ? 'w' : 'o'}:${d.zone}:${placing && (d.face === 'TRAIN' || d.face === 'LOCKED_TRAIN') ? 'T' : d.face}`;
  };
  const used = new Set(ids);
  return ids.map((id) => {
    const other = view.dice.findIndex((_, j) => j > id && !used.has(j) && kind(j) === kind(id));
    if (other < 0) return id;
    used.add(other);
    return other;
  });
}

describe('Trains & Stations table: dice picked, buttons and board taps', () => {
  const seen = [...steps('ts-table-3', 3, 500), ...steps('ts-table-4', 4, 400)];

  it('every legal action is reachable: a table button the picked dice mean, a keep of the dealt cards, or a glowing place whose one tap (with its dice picked) takes it', () => {
    const ways = new Map<string, number>();
    for (const { view, legal } of seen) {
      for (const a of legal) {
        const dice = diceOf(a);
        if (a.type === 'keep_special_cards') expect(keepAction(legal, a.cards as string[])).toEqual(a);
        else if (a.type === 'speculate')
          expect(
            speculateAction(legal, { goods: a.goods as Record<string, number>, specials: a.specials as string[] }),
          ).toEqual(a);
        else if (a.type === 'speculate_pass') expect(onTable(a)).toBe(true);
        else if (onTable(a) && a.type !== 'recall' && a.type !== 'stop_rolling')
          expect(pickedActions(legal, view, a.type, dice)).toContainEqual(a);
        else if (!onTable(a)) {
          const keys = ui.targets(a).filter((k) => !k.startsWith('die:'));
          const mode = pickMode(dice);
          const glow = glowingPlaces(legal, mode, view, ui.targets);
          // Actions with no place (speculation, task reveals, delivery order without a route) stay in the list of every action.
          if (keys.length === 0) continue;
          expect(keys.some((k) => glow.includes(k))).toBe(true);
          expect(
            keys.some((k) => tapChoices(at(legal, k), mode, view).some((x) => JSON.stringify(x) === JSON.stringify(a))),
          ).toBe(true);
        }
        ways.set(a.type, (ways.get(a.type) ?? 0) + 1);
      }
    }
    for (const type of [
      'keep_special_cards',
      'speculate',
      'speculate_pass',
      'roll',
      'reroll',
      'stop_rolling',
      'place_train',
      'build',
      'take_coins',
      'end_resolution',
    ])
      expect(ways.get(type) ?? 0, type).toBeGreaterThan(0);
  });

  it('a speculation offer may be made only with an even number of units, at least 2, a special goods card counting 2 (TS-9.2)', () => {
    let odd = 0;
    for (const { legal } of seen.filter((s) => s.legal.some((a) => a.type === 'speculate'))) {
      for (const a of legal.filter((x) => x.type === 'speculate')) {
        const offer = { goods: a.goods as Record<string, number>, specials: a.specials as string[] };
        expect(offerUnits(offer) % 2).toBe(0);
        expect(offerUnits(offer)).toBeGreaterThanOrEqual(2);
        const [good, n] = Object.entries(offer.goods).find(([, k]) => k > 0) ?? [];
        if (good && n) {
          expect(speculateAction(legal, { ...offer, goods: { ...offer.goods, [good]: n - 1 } })).toBeUndefined();
          odd++;
        }
      }
    }
    expect(odd).toBeGreaterThan(0);
  });

  it("dice of one kind are interchangeable: another spelling of an action's dice means the same action (TS-0.2, TS-6.4)", () => {
    let respells = 0;
    for (const { view, legal } of seen) {
      for (const a of legal.filter((x) =>
        ['reroll', 'take_coins', 'build', 'end_resolution', 'place_train'].includes(x.type),
      )) {
        const other = respelled(view, diceOf(a), a.type === 'place_train');
        if (other.join() !== diceOf(a).join()) respells++;
        expect(pickedActions(legal, view, a.type, other)).toContainEqual(a);
      }
    }
    expect(respells).toBeGreaterThan(20);
  });

  it('a train die picked: only the spaces it may go to glow (TS-6.3) and one tap on one places that die', () => {
    let checked = 0;
    for (const { view, legal } of seen) {
      for (const die of new Set(legal.flatMap((a) => (a.type === 'place_train' ? [a.die as number] : [])))) {
        const mode = pickMode([die]);
        const spaces = legal
          .filter((a) => a.type === 'place_train' && a.die === die)
          .map((a) => `space:${String(a.space)}`);
        expect(glowingPlaces(legal, mode, view, ui.targets).sort()).toEqual([...new Set(spaces)].sort());
        for (const key of spaces) {
          const taken = tapChoices(at(legal, key), mode, view);
          expect(taken).toHaveLength(1);
          expect(taken[0]).toMatchObject({ type: 'place_train', die, space: key.slice(6) });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('three like building dice picked: only the cities a building may go to glow (TS-6.9, TS-6.10) and one tap builds there', () => {
    let checked = 0;
    for (const { view, legal } of seen) {
      for (const a of legal.filter((x) => x.type === 'build')) {
        const mode = pickMode(diceOf(a));
        const cities = legal
          .filter((b) => b.type === 'build' && diceOf(b).join() === diceOf(a).join())
          .map((b) => `city:${String(b.city)}`);
        expect(glowingPlaces(legal, mode, view, ui.targets).sort()).toEqual([...new Set(cities)].sort());
        const taken = tapChoices(at(legal, `city:${String(a.city)}`), mode, view);
        expect(taken).toEqual([a]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('dice glow on the table, never on the board; every die a legal action names is worth a tap', () => {
    for (const { view, legal } of seen) {
      expect(glowingPlaces(legal, null, view, ui.targets).some((k) => k.startsWith('die:'))).toBe(false);
      const useful = usefulDice(legal, view);
      for (const a of legal) for (const id of diceOf(a)) expect(useful.has(id)).toBe(true);
      for (const id of useful) expect(['play', 'saved']).toContain(view.dice[id]!.zone);
    }
  });

  it("picked dice that mean no placement or building leave nothing glowing; a tap then lists all of the place's actions", () => {
    const step = seen.find(
      (s) => s.legal.some((a) => a.type === 'take_coins') && s.legal.some((a) => a.type === 'place_train'),
    )!;
    const coins = step.legal.find((a) => a.type === 'take_coins')!;
    const mode = pickMode(diceOf(coins));
    expect(glowingPlaces(step.legal, mode, step.view, ui.targets)).toEqual([]);
    const space = step.legal.find((a) => a.type === 'place_train')!;
    const here = at(step.legal, `space:${String(space.space)}`);
    expect(tapChoices(here, mode, step.view)).toEqual(here);
  });
});

describe('Trains & Stations table: drawings', () => {
  it("a die is drawn with its face as a symbol and its owner's number, or W for a white bonus die (TS-0.2)", () => {
    for (const face of ['TRAIN', 'LOCKED_TRAIN', 'RANCH', 'MINE', 'HOTEL', 'COIN', null]) {
      for (const owner of [0, 3, null]) {
        const svg = dieFace(face, owner);
        assertWellFormed(svg);
        expect(attrValues(svg, 'data-face')).toEqual([face ?? 'none']);
        expect(svg).toContain(owner === null ? '>W<' : `>${owner + 1}<`);
      }
    }
    // Each face has a symbol of its own.
    const symbols = ['TRAIN', 'LOCKED_TRAIN', 'RANCH', 'MINE', 'HOTEL', 'COIN'].map((f) =>
      dieFace(f, 0).replace(/data-face="[^"]*"/, ''),
    );
    expect(new Set(symbols).size).toBe(6);
  });

  it('goods cards and buildings are drawn with a letter as well as a colour', () => {
    for (const good of ['workers', 'coal', 'cattle', 'food', 'silver', 'gold']) {
      const svg = goodsCard(good);
      assertWellFormed(svg);
      expect(svg).toContain(`>${good[0]!.toUpperCase()}<`);
    }
    for (const type of ['RANCH', 'MINE', 'HOTEL']) {
      const svg = buildingPicture(type, 1);
      assertWellFormed(svg);
      expect(svg).toContain(`>${type[0]}<`);
    }
  });

  it('with the table the board leaves the dice in play to it; saved dice, spaces and cities stay', () => {
    const step = steps('ts-board', 3, 60).find((s) => s.view.dice.some((d) => d.zone === 'play'))!;
    const plain = renderTrainsAndStations(comps, step.view, { t: EN });
    const tabled = renderTrainsAndStations(comps, step.view, { t: EN, table: true });
    assertWellFormed(tabled);
    expect(attrValues(plain, 'data-zone')).toContain('play');
    expect(attrValues(tabled, 'data-zone')).not.toContain('play');
    expect(attrValues(tabled, 'data-space')).toEqual(attrValues(plain, 'data-space'));
    expect(attrValues(tabled, 'data-city')).toEqual(attrValues(plain, 'data-city'));
  });

  it("with the reader's wording the board speaks their language: goods spaces, decks, city bonuses, players and counters", () => {
    const step = steps('ts-words', 3, 60).find((s) => s.view.dice.some((d) => d.zone === 'play'))!;
    const english = renderTrainsAndStations(comps, step.view, { t: EN, table: true });
    const czech = renderTrainsAndStations(comps, step.view, { table: true, t: translate('cs') });
    assertWellFormed(czech);
    expect(english).toContain('Unused decks:');
    for (const words of ['Nepoužité balíčky:', '+1 VB', '+1 karta', 'Ranč (R)', 'dobytek', 'Zásoba VB', 'průvodčí'])
      expect(czech).toContain(words);
    for (const words of [
      'Unused decks',
      ' coins',
      'buildings left',
      'conductor',
      '+1 card',
      '+1 die',
      'of player',
      'White bonus die',
      '>TRAIN<',
      '>LOCK<',
    ])
      expect(czech).not.toContain(words);
  });
});
