/**
 * The Vlaky na trati table's decisions and drawings, on real games: what a tap on a card
 * of the hand or the market means at each step, when one tap takes it at once, the railway cards as
 * pictures, and the board leaving the market and hand to the table when the client has one.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../engine/core/index.js';
import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import { vlakyNaTratiGame } from '../engine/games/vlaky-na-trati/index.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import type { UiAction } from './game-ui.js';
import { assertWellFormed, attrValues, EN } from './testkit.js';
import { renderVlakyNaTrati } from './vlaky-na-trati.js';
import { vlakyNaTratiUi } from './vlaky-na-trati.ui.js';
import { railwayCardFace } from './vnt-cards.js';
import { cardKey, cardOffers, tapAction, type CardOffer } from './vnt-table.js';
import { translate } from '../web/client/i18n.testkit.js';

const game = vlakyNaTratiGame as AnyGame;
const data = vlakyNaTratiGame.components as VntData;
const ui = vlakyNaTratiUi(translate('en'));
/** The legal actions a tap on `key` may mean, as the game page finds them. */
const at = (legal: readonly UiAction[], key: string) => legal.filter((a) => ui.targets(a).includes(key));

interface Tap {
  where: 'hand' | 'market';
  offers: CardOffer[];
  taken: UiAction | undefined;
  placing: boolean;
}

/** Every card tap of the seat to act at every state of a bot game: what it offers and what one tap takes. */
function taps(seed: string, players: number): Tap[] {
  let state = game.setup({ seed, players, options: game.options.parse({}) });
  const rng = new Rng(seedRng(seed));
  const out: Tap[] = [];
  for (let n = 0; n < 300; n++) {
    const seat = (game.toAct(state) as number[])[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat) as UiAction[];
    const view = game.view(state, seat) as VntView;
    const placing = legal.some((a) => a.type === 'place_card');
    const cards = [
      ...view.you!.hand.map((id) => cardKey('hand', id)),
      ...view.market.map((id) => cardKey('market', id)),
    ];
    for (const key of cards) {
      const here = at(legal, key);
      out.push({
        where: key.startsWith('hand:') ? 'hand' : 'market',
        offers: cardOffers(here),
        taken: tapAction(here),
        placing,
      });
    }
    state = game.apply(state, seat, game.bot({ seat, view, legal, rng })).state;
  }
  return out;
}

describe('Vlaky na trati table: a tap on a card', () => {
  const seen = [...taps('vnt-table-2', 2), ...taps('vnt-table-3', 3)];

  it('at the placement (DP-3) every card of the hand and the market means exactly one thing, placing it, and one tap takes it (VNT-5.1, VNT-5.3)', () => {
    const placing = seen.filter((s) => s.placing);
    expect(placing.length).toBeGreaterThan(20);
    expect(placing.some((s) => s.where === 'hand') && placing.some((s) => s.where === 'market')).toBe(true);
    for (const s of placing) {
      expect(s.offers).toEqual(['place']);
      expect(s.taken?.type).toBe('place_card');
      expect(s.taken?.source).toBe(s.where === 'hand' ? 'HAND' : 'MARKET');
    }
  });

  it('after it (DP-6) a market card is only a second card and a hand card a second card or a discard; with both, the tap lists them instead of taking one (VNT-9.1, VNT-9.6, VNT-9.7)', () => {
    const free = seen.filter((s) => !s.placing && s.offers.length > 0);
    for (const s of free) {
      expect(s.offers.every((o) => (s.where === 'market' ? o === 'second' : o === 'second' || o === 'discard'))).toBe(
        true,
      );
      expect(s.taken === undefined).toBe(s.offers.length > 1 || s.offers[0] === 'discard');
    }
    expect(free.some((s) => s.where === 'hand' && s.offers.length === 2)).toBe(true);
    expect(free.some((s) => s.where === 'market' && s.offers[0] === 'second' && s.taken?.type === 'second_card')).toBe(
      true,
    );
  });

  it('a card whose only use is a discard (no coin for a second card) is listed to confirm, not discarded by one tap (VNT-9.7)', () => {
    const discard = { type: 'discard_a', cardId: 'a1' };
    expect(cardOffers([discard])).toEqual(['discard']);
    expect(tapAction([discard])).toBeUndefined();
    expect(
      seen.some(
        (s) => s.where === 'hand' && s.offers.length === 1 && s.offers[0] === 'discard' && s.taken === undefined,
      ),
    ).toBe(true);
  });

  it('a card means nothing while another decision is due (no second placement before the free action, VNT-9.1)', () => {
    expect(seen.some((s) => !s.placing && s.offers.length === 0 && s.taken === undefined)).toBe(true);
    expect(tapAction([])).toBeUndefined();
  });

  it('names a tapped card by its place and tracks for the list of its uses', () => {
    const id = data.railwayCards.find((c) => c.deck === 'A')!.id;
    expect(ui.placeName!(cardKey('hand', id), data)).toMatch(new RegExp(`^Your card ${id} \\(T→`));
    expect(ui.placeName!(cardKey('market', id), data)).toMatch(/^Market card /);
  });
});

describe('Vlaky na trati table: drawings', () => {
  it('a railway card is drawn as printed: its three tracks and every station symbol on them (VNT-1.2)', () => {
    for (const card of data.railwayCards) {
      const svg = railwayCardFace(EN, data, card.id);
      assertWellFormed(svg);
      expect(attrValues(svg, 'data-face')).toEqual([card.id]);
      expect(svg.match(/<path /g)).toHaveLength(3);
      expect(attrValues(svg, 'data-symbol')).toEqual(card.tracks.flatMap((t) => t.station?.symbols ?? []));
    }
  });

  it("a card's station symbols are coded in the reader's language (uhlí is Uh in Czech, Kohle Ko in German)", () => {
    const card = data.railwayCards.find((c) => c.tracks.some((t) => t.station?.symbols.includes('COAL')))!;
    expect(railwayCardFace(translate('cs'), data, card.id)).toContain('>Uh</text>');
    expect(railwayCardFace(translate('de'), data, card.id)).toContain('>Ko</text>');
    expect(railwayCardFace(EN, data, card.id)).toContain('>Co</text>');
  });

  it('deck B, the only draw pile (VNT-2.8), is drawn as its back', () => {
    const svg = railwayCardFace(EN, data, null);
    assertWellFormed(svg);
    expect(attrValues(svg, 'data-face')).toEqual(['back']);
    expect(attrValues(svg, 'data-symbol')).toEqual([]);
  });

  it('with the table the board leaves out the market and the hand, which the table draws; without it the board keeps them', () => {
    const state = game.setup({ seed: 'vnt-board', players: 2, options: game.options.parse({}) });
    const view = game.view(state, 0) as VntView;
    const plain = renderVlakyNaTrati(data, view, { t: EN });
    const tabled = renderVlakyNaTrati(data, view, { t: EN, table: true });
    assertWellFormed(tabled);
    expect(attrValues(plain, 'data-market-card')).toEqual(view.market);
    expect(attrValues(plain, 'data-hand-card')).toEqual(view.you!.hand);
    expect(attrValues(tabled, 'data-market-card')).toEqual([]);
    expect(attrValues(tabled, 'data-hand-card')).toEqual([]);
    expect(attrValues(tabled, 'data-sheet')).toEqual(attrValues(plain, 'data-sheet'));
  });
});
