import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame, type GameEvent } from '../engine/core/index.js';
import { streetcar } from '../engine/games/streetcar/index.js';
import type { StreetcarState } from '../engine/games/streetcar/state.js';
import type { StreetcarView } from '../engine/games/streetcar/view.js';
import { plainWords, type UiAction } from './game-ui.js';
import { renderBoard } from './index.js';
import { streetcarUi } from './streetcar.ui.js';
import { translate } from '../web/client/i18n.testkit.js';
import { LANGUAGES } from '../engine/core/languages.js';
import { attrValues, EN } from './testkit.js';

const game = streetcar as AnyGame;
const comps = streetcar.components;
const seatName = (seat: number) => `P${seat + 1}`;
/** The wording in every language of the web client; `ui` is the English one. */
const uis = LANGUAGES.map((lang) => [lang, streetcarUi(translate(lang))] as const);
const ui = streetcarUi(translate('en'));

interface Seen {
  actionTypes: Set<string>;
  eventTypes: Set<string>;
  targetKeys: number;
}

/**
 * Plays with the bot (and random moves) and checks at every state: each target key of each legal action is
 * a data-target of the acting seat's picture, descriptions are non-empty and distinct, and every event (as
 * its owner and as everyone else sees it) reads as a sentence rather than the fallback, in every language
 * (a message missing in one throws).
 */
function exercise(
  seed: string,
  players: number,
  steps: number,
  options: Record<string, unknown> = {},
  seen: Seen = { actionTypes: new Set(), eventTypes: new Set(), targetKeys: 0 },
  randomEvery = 8,
  renderEvery = 2,
  prefer: readonly string[] = [],
): Seen {
  let state = game.setup({ seed, players, options: game.options.parse(options) });
  const rng = new Rng(seedRng(seed));
  const checkEvent = (e: GameEvent | { type: string; data?: Record<string, unknown> }) => {
    for (const [lang, ui] of uis) {
      const line = ui.describeEvent(e, comps, seatName);
      expect(line, `${lang} ${e.type}`).not.toBe(plainWords(e.type, e.data));
      expect(line).not.toMatch(/undefined|NaN|\[object|\?|\{\{/);
    }
    seen.eventTypes.add(e.type);
  };
  for (let n = 0; n < steps; n++) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat) as UiAction[];
    // Thousands of placements a state: English words every state, the other languages every fourth.
    for (const [lang, ui] of uis.filter(([lang]) => lang === 'en' || n % 4 === 0)) {
      const texts = legal.map((a) => ui.describeAction(a, comps));
      // Plain checks first: expect() per action would dominate the run time.
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
    if (keys.length > 0 && n % renderEvery === 0) {
      const present = new Set(
        attrValues(renderBoard(game.id, comps, game.view(state, seat), { t: EN })!, 'data-target'),
      );
      const missing = keys.filter((k) => !present.has(k));
      if (missing.length > 0) expect(missing).toEqual([]);
      seen.targetKeys += keys.length;
    }
    const preferred = legal.filter((a) => prefer.includes(a.type) && a.count !== 0);
    const action =
      preferred.length > 0 && rng.int(2) === 0
        ? rng.pick(preferred)
        : rng.int(randomEvery) === 0
          ? rng.pick(legal)
          : game.bot({ seat, view: game.view(state, seat), legal, rng });
    const applied = game.apply(state, seat, action);
    for (const e of applied.events) {
      checkEvent(e);
      if (e.redacted) checkEvent(e.redacted);
    }
    state = applied.state;
  }
  return seen;
}

describe('Streetcar UI', () => {
  it('every legal board action is reachable by a click; descriptions are distinct; every event reads as words (SC-5.1, SC-6.1, SC-10.2, SC-11.3)', () => {
    const seen = exercise('c', 2, 300, {}, undefined, 8, 3);
    exercise('e', 3, 90, {}, seen, 8, 3);
    for (const t of ['place', 'exchange', 'declare', 'roll', 'move']) expect(seen.actionTypes.has(t), t).toBe(true);
    for (const t of ['place', 'draw', 'declare', 'roll', 'move']) expect(seen.eventTypes.has(t), t).toBe(true);
    expect(seen.targetKeys).toBeGreaterThan(1000);
  });

  it('variants: pass-and-swap (V3-1), central supply (V5-2), complete circuit (V1-4) and turnstile (V2-1)', () => {
    const seen = exercise('ui-v3', 3, 40, { exchangePass: true }, undefined, 8, 2, ['pass']);
    exercise('ui-v5', 3, 60, { centralSupply: true }, seen);
    exercise('c', 2, 80, { circuit: true }, seen, 8, 3);
    exercise('ui-v2', 2, 30, { turnstile: true }, seen);
    for (const t of ['pass', 'return_tiles', 'take', 'enter', 'step', 'end_turn'])
      expect(seen.actionTypes.has(t), t).toBe(true);
    for (const t of [
      'pass',
      'return_tiles',
      'take',
      'display_refilled',
      'line_connected',
      'circuit_phase_b',
      'enter',
      'step',
    ])
      expect(seen.eventTypes.has(t), t).toBe(true);
  });

  it('targets: squares for tiles (both of a double exchange), terminals, face-up tiles', () => {
    expect(ui.targets({ type: 'place', tile: 'curve', row: 3, col: 4, rotation: 90 })).toEqual(['square:3,4']);
    expect(
      ui.targets({
        type: 'double_exchange',
        first: { tile: 'curve', row: 1, col: 2, rotation: 0 },
        second: { tile: 'straight', row: 5, col: 6, rotation: 90 },
      }),
    ).toEqual(['square:1,2', 'square:5,6']);
    expect(ui.targets({ type: 'declare', terminal: 3 })).toEqual(['terminal:3']);
    expect(ui.targets({ type: 'move', to: { row: 2, col: 9, heading: 'N' }, visited: [] })).toEqual(['square:2,9']);
    expect(ui.targets({ type: 'step', to: { terminal: 5, exit: 1 } })).toEqual(['terminal:5']);
    expect(ui.targets({ type: 'take', tile: 'curve' })).toEqual(['supply:curve']);
    for (const type of ['roll', 'pass', 'return_tiles', 'turn180', 'end_turn'])
      expect(ui.targets({ type })).toEqual([]);
    expect(
      ui.describeAction({ type: 'place', tile: 'straight_plus_curve_left', row: 3, col: 4, rotation: 90 }, comps),
    ).toBe('Place a straight plus curve left on (3, 4) turned 90°');
    // Under the square's name in a turn email, a placement reads in a few words; other actions keep their sentence.
    expect(
      ui.choiceLabel!({ type: 'place', tile: 'straight_plus_curve_left', row: 3, col: 4, rotation: 90 }, comps),
    ).toBe('straight plus curve left 90°');
    expect(ui.choiceLabel!({ type: 'exchange', tile: 'curve', row: 3, col: 4, rotation: 90 }, comps)).toBeNull();
  });

  it('a redacted draw reads "drew 2 tiles" (SC-15.5)', () => {
    expect(ui.describeEvent({ type: 'draw', data: { seat: 1, count: 2, stacks: [0, 1] } }, comps, seatName)).toBe(
      'P2 drew 2 tiles',
    );
    expect(
      ui.describeEvent(
        { type: 'draw', data: { seat: 1, tiles: ['curve', 'curve', 'straight'], stacks: [0, 1, 2] } },
        comps,
        seatName,
      ),
    ).toBe('P2 drew 2 curve, 1 straight');
  });

  it("the private panel shows the own line, route card and hand, never another seat's secrets (SC-15.1, SC-15.2, SC-15.7)", () => {
    let state = game.setup({ seed: 'c', players: 3, options: game.options.parse({}) }) as StreetcarState;
    const rng = new Rng(seedRng('c'));
    let checked = 0;
    for (let n = 0; n < 150 && game.toAct(state).length > 0; n++) {
      if (n % 10 === 0) {
        for (let seat = 0; seat < 3; seat++) {
          const view = game.view(state, seat) as StreetcarView;
          const text = ui
            .privatePanel(view, comps)
            .map((p) => [p.title, ...p.lines].join('\n'))
            .join('\n');
          const me = state.players[seat]!;
          expect(text).toContain(`Line ${me.line}:`);
          expect(text).toContain(`route card ${me.route}`);
          expect(text).toContain(`Your tiles (${me.hand.length})`);
          for (const [, other] of uis) expect(other.privatePanel(view, comps)).toHaveLength(3);
          const counts = new Map<string, number>();
          for (const t of me.hand) counts.set(t, (counts.get(t) ?? 0) + 1);
          for (const [t, k] of counts) expect(text).toContain(`${k} ${t.replace(/_/g, ' ')}`);
          state.players.forEach((o, other) => {
            if (other === seat) return;
            expect(text).not.toContain(`Line ${o.line}:`);
            expect(text).not.toContain(`route card ${o.route}`);
          });
          checked++;
        }
        expect(ui.privatePanel(game.view(state, 'spectator'), comps)).toEqual([]);
      }
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
