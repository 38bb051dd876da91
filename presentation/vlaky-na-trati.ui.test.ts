import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame, type GameEvent } from '../engine/core/index.js';
import type { VntData } from '../engine/games/vlaky-na-trati/data.js';
import { vlakyNaTratiGame } from '../engine/games/vlaky-na-trati/index.js';
import type { VntState } from '../engine/games/vlaky-na-trati/state.js';
import type { VntView } from '../engine/games/vlaky-na-trati/view.js';
import { plainWords, type UiAction } from './game-ui.js';
import { renderBoard } from './index.js';
import { attrValues, EN, play } from './testkit.js';
import { presentation } from './vlaky-na-trati.game.js';
import { vlakyNaTratiUi } from './vlaky-na-trati.ui.js';
import { translate } from '../web/client/i18n.testkit.js';
import { LANGUAGES } from '../engine/core/languages.js';

const game = vlakyNaTratiGame as AnyGame;
const data = vlakyNaTratiGame.components as VntData;
const seatName = (seat: number) => `P${seat + 1}`;
/** The wording in every language of the web client; `ui` is the English one. */
const uis = LANGUAGES.map((lang) => [lang, vlakyNaTratiUi(translate(lang))] as const);
const ui = vlakyNaTratiUi(translate('en'));

interface Seen {
  actionTypes: Set<string>;
  eventTypes: Set<string>;
  targetKeys: number;
}

/**
 * Plays with the bot (and random moves) and checks at every state, for every seat that may act (DP-4/DP-5
 * are out of turn): each target key of each legal action is a data-target of that seat's picture,
 * descriptions are non-empty and distinct, and every event reads as a sentence rather than the fallback,
 * in every language (a message missing in one throws).
 */
function exercise(seed: string, players: number, options: Record<string, unknown>, seen: Seen, randomEvery = 3): void {
  let state = game.setup({ seed, players, options: game.options.parse(options) });
  const rng = new Rng(seedRng(seed));
  const checkEvent = (e: GameEvent | { type: string; data?: Record<string, unknown> }) => {
    for (const [lang, ui] of uis) {
      const line = ui.describeEvent(e, data, seatName);
      expect(line, `${lang} ${e.type}`).not.toBe(plainWords(e.type, e.data));
      expect(line).not.toMatch(/undefined|NaN|\[object|\?|\{\{/);
    }
    seen.eventTypes.add(e.type);
  };
  for (let n = 0; n < 400; n++) {
    const seats = game.toAct(state) as number[];
    if (seats.length === 0) break;
    for (const seat of seats) {
      const legal = game.legalActions(state, seat) as UiAction[];
      const view = game.view(state, seat);
      for (const [lang, ui] of uis) {
        const texts = legal.map((a) => ui.describeAction(a, data, view));
        const bad = texts.filter((t) => t.trim() === '' || /undefined|NaN|\[object|\?|\{\{/.test(t));
        if (bad.length > 0) expect(bad, lang).toEqual([]);
        if (new Set(texts).size !== texts.length)
          expect(
            texts.filter((t, i) => texts.indexOf(t) !== i),
            lang,
          ).toEqual([]);
      }
      legal.forEach((a) => seen.actionTypes.add(a.type));
      const keys = legal.flatMap((a) => ui.targets(a));
      if (keys.length > 0) {
        const present = new Set(
          attrValues(renderBoard(game.id, data, game.view(state, seat), { t: EN })!, 'data-target'),
        );
        const missing = keys.filter((k) => !present.has(k));
        if (missing.length > 0) expect(missing).toEqual([]);
        seen.targetKeys += keys.length;
      }
    }
    const seat = seats[0]!;
    const legal = game.legalActions(state, seat);
    const action =
      rng.int(randomEvery) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(state, seat), legal, rng });
    const applied = game.apply(state, seat, action);
    for (const e of applied.events) {
      checkEvent(e);
      if (e.redacted) checkEvent(e.redacted);
    }
    state = applied.state;
  }
}

describe('Vlaky na trati UI', () => {
  it('every legal board action is reachable by a click; descriptions are distinct; every event reads as words (DP-1–DP-7, VNT-5.1, VNT-9.3, VNT-9.8)', () => {
    const seen: Seen = { actionTypes: new Set(), eventTypes: new Set(), targetKeys: 0 };
    exercise('ui-3-I', 3, { sheet: 'I' }, seen);
    exercise('ui-2-II', 2, { sheet: 'II' }, seen);
    exercise('ui-3-II', 3, { sheet: 'II' }, seen, 2);
    for (const t of [
      'choose_start_side',
      'choose_track',
      'place_card',
      'second_card',
      'slow_move',
      'discard_a',
      'any_symbol',
      'end_turn',
      'pass',
      'resolve_gains',
      'curve_move',
      'curve_skip',
    ])
      expect(seen.actionTypes.has(t), t).toBe(true);
    for (const t of [
      'start_side',
      'track',
      'turn',
      'placed',
      'refill',
      'moved',
      'symbol',
      'slow_moved',
      'declined',
      'discard_a',
      'end_triggered',
      'game_over',
    ])
      expect(seen.eventTypes.has(t), t).toBe(true);
    expect(seen.targetKeys).toBeGreaterThan(500);
  });

  it('targets: the start card, start fields, market and hand cards, the slower locomotive, sheet rows', () => {
    expect(ui.targets({ type: 'choose_start_side', side: 1 })).toEqual(['start']);
    expect(ui.targets({ type: 'choose_track', lane: 'M' })).toEqual(['lane:M']);
    expect(ui.targets({ type: 'place_card', source: 'MARKET', cardId: 'B7' })).toEqual(['market:B7']);
    expect(ui.targets({ type: 'second_card', source: 'HAND', cardId: 'A2' })).toEqual(['hand:A2']);
    expect(ui.targets({ type: 'discard_a', cardId: 'A2' })).toEqual(['hand:A2']);
    expect(ui.targets({ type: 'slow_move', steps: 2 })).toEqual(['slow-loco']);
    expect(ui.targets({ type: 'any_symbol', row: 'COAL' })).toEqual(['row:COAL']);
    for (const type of ['resolve_gains', 'curve_skip', 'end_turn', 'pass']) expect(ui.targets({ type })).toEqual([]);
  });

  it('a redacted discard reads "discarded an A card" (H-1, H-2)', () => {
    expect(ui.describeEvent({ type: 'discard_a', data: { seat: 2 } }, data, seatName)).toBe(
      'P3 discarded an A card for a coin',
    );
  });

  it("the private panel shows the own hand and sheet, never another seat's hand; nothing for a spectator (H-1, H-4)", () => {
    let state = game.setup({ seed: 'panel', players: 3, options: game.options.parse({}) }) as VntState;
    const rng = new Rng(seedRng('panel'));
    let checked = 0;
    for (let n = 0; n < 120 && game.toAct(state).length > 0; n++) {
      if (n % 6 === 0) {
        for (let seat = 0; seat < 3; seat++) {
          const text = ui
            .privatePanel(game.view(state, seat), data)
            .map((p) => [p.title, ...p.lines].join('\n'))
            .join('\n');
          const hand = state.players[seat]!.hand;
          expect(text).toContain(`Your hand (${hand.length} A card`);
          for (const id of hand) expect(text).toContain(`${id} (`);
          state.players.forEach((o, other) => {
            if (other !== seat) for (const id of o.hand) expect(text).not.toMatch(new RegExp(`\\b${id}\\b`));
          });
          expect(text).toContain('Your sheet');
          for (const [, other] of uis)
            expect(other.privatePanel(game.view(state, seat), data).length).toBeGreaterThan(1);
          checked++;
        }
        expect(ui.privatePanel(game.view(state, 'spectator'), data)).toEqual([]);
      }
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("the turn email's score lines: every seat's running score as the public view has it (H-4)", () => {
    const scoresOf = presentation.ui(EN).scores!;
    const state = play<VntState>(game, 'scores', 3, 60);
    const view = game.view(state, 'spectator') as VntView;
    expect(view.players.some((p) => p.score > 0)).toBe(true);
    expect(scoresOf(view, seatName)).toEqual(
      view.players.map((p) => `P${p.seat + 1}: ${p.score} ${p.score === 1 ? 'point' : 'points'}`),
    );
  });
});
