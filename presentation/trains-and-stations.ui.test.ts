import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type GameEvent } from '../engine/core/index.js';
import { TsActionSchema } from '../engine/games/trains-and-stations/actions.js';
import { trainsAndStations } from '../engine/games/trains-and-stations/index.js';
import type { TsState } from '../engine/games/trains-and-stations/state.js';
import { plainWords, type UiAction } from './game-ui.js';
import { renderBoard } from './index.js';
import { attrValues, EN } from './testkit.js';
import type { TsComponents } from './trains-and-stations.js';
import { trainsAndStationsUi } from './trains-and-stations.ui.js';
import { translate } from '../web/client/i18n.testkit.js';
import { LANGUAGES } from '../engine/core/languages.js';

const game = trainsAndStations;
/** The wording in every language of the web client; `ui` is the English one. */
const uis = LANGUAGES.map((lang) => [lang, trainsAndStationsUi(translate(lang))] as const);
const ui = trainsAndStationsUi(translate('en'));
const comps = game.components as TsComponents;
const ACTION_TYPES = TsActionSchema.options.map((o) => o.shape.type.value);
/** Every event type the engine emits (rules.ts, delivery.ts, tasks.ts, upgrade.ts, turn.ts, setup.ts). */
const EVENT_TYPES = [
  'setup_done',
  'turn_start',
  'specials_kept',
  'roll',
  'reroll',
  'strike',
  'recall',
  'train_placed',
  'built',
  'coins',
  'resolution_ended',
  'delivery_order',
  'delivery',
  'completion_vp',
  'majority',
  'bonus_vp',
  'bonus_special_card',
  'bonus_die',
  'bonus_lost',
  'goods_drawn',
  'goods_vp',
  'task_revealed',
  'tasks_committed',
  'upgrade',
  'space_dead',
  'speculation_committed',
  'speculation_revealed',
  'speculation_share',
  'game_over',
];

interface Step {
  state: TsState;
  seat: number;
  legal: UiAction[];
}

/** Random games (greedy bot mixed with uniform moves), recording every decision and every event. */
function games(): { steps: Step[]; events: GameEvent[] } {
  const steps: Step[] = [];
  const events: GameEvent[] = [];
  const runs: [string, number, number, boolean][] = [
    ['ui-a', 3, 900, false],
    ['ui-b', 4, 900, true],
    ['ui-c', 5, 700, false],
    ['ui-d', 3, 2500, true],
  ];
  for (const [seed, players, max, manualTasks] of runs) {
    let s = game.setup({ seed, players, options: game.options.parse({ manualTasks }) });
    const rng = new Rng(seedRng(`${seed}/ui`));
    for (let n = 0; n < max; n++) {
      const seat = game.toAct(s)[0];
      if (seat === undefined) break;
      const legal = game.legalActions(s, seat);
      steps.push({ state: s, seat, legal });
      const action = rng.int(3) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(s, seat), legal, rng });
      const applied = game.apply(s, seat, action);
      events.push(...applied.events);
      s = applied.state;
    }
  }
  return { steps, events };
}

describe('trains & stations UI', () => {
  const { steps, events } = games();

  it('describes every action type in words (ACT-1…ACT-17), for every legal action met in play', () => {
    const seen = new Set<string>();
    for (const st of steps) {
      // Every type met, and at most 12 actions of a decision (orders and offers come in hundreds).
      for (const a of st.legal.filter((x, i) => i < 12 || !seen.has(x.type))) {
        seen.add(a.type);
        for (const [lang, ui] of uis) {
          const text = ui.describeAction(a, comps);
          expect(text.length, `${lang} ${a.type}`).toBeGreaterThan(8);
          expect(text).not.toBe(
            plainWords(a.type, Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'type'))),
          );
          expect(text).not.toMatch(/undefined|NaN|\[object|\{\{/);
        }
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(12);
    // Types that random play may not reach still get their own sentence.
    const samples: UiAction[] = [
      { type: 'keep_special_cards', cards: ['S01', 'S03'] },
      { type: 'roll', bonus: 1, keep: [3] },
      { type: 'recall' },
      { type: 'reroll', dice: [0, 1] },
      { type: 'stop_rolling' },
      { type: 'place_train', die: 2, space: 'R02.1' },
      { type: 'build', building: 'MINE', dice: [0, 1, 40], city: 'DEN' },
      { type: 'take_coins', dice: [4] },
      { type: 'end_resolution', save: [5] },
      { type: 'order_deliveries', routes: ['R02', 'R03'] },
      { type: 'break_tie', route: 'R02', winner: 1 },
      { type: 'allocate_goods', route: 'R02', space: 'RANCH', buildings: [0, 2] },
      { type: 'reveal_tasks', cards: ['S03'] },
      { type: 'choose_upgrade', space: 'HOTEL', good: 'food' },
      { type: 'speculate', goods: { cattle: 2 }, specials: [] },
      { type: 'speculate_pass' },
      { type: 'allocate_speculation', shares: [3, 0, 4] },
    ];
    expect(samples.map((a) => a.type).sort()).toEqual([...ACTION_TYPES].sort());
    for (const a of samples) {
      expect(() => TsActionSchema.parse(a)).not.toThrow();
      for (const [lang, ui] of uis) {
        const text = ui.describeAction(a, comps);
        expect(text.length, lang).toBeGreaterThan(5);
        expect(text).not.toMatch(/undefined|NaN|\[object|\{\{/);
      }
    }
    expect(ui.describeAction({ type: 'build', building: 'MINE', dice: [0, 1, 40], city: 'DEN' }, comps)).toBe(
      'Build a mine in Denver with 3 dice (#0, #1, #40)',
    );
  });

  it('every target of every legal action is a data-target on the picture of that state (clicks reach every board action)', () => {
    let checked = 0;
    const keys = new Set<string>();
    let candidates = 0;
    for (const st of steps) {
      const targets = st.legal.flatMap((a) => ui.targets(a));
      // Every decision other than rolling and resolving (rare: tie, goods, order, upgrade), and every 8th of those.
      if (
        targets.length === 0 ||
        (['rolling', 'resolve', 'start'].includes(st.state.pending.kind) && candidates++ % 8 !== 0)
      )
        continue;
      const svg = renderBoard('trains-and-stations', comps, game.view(st.state, st.seat), { t: EN })!;
      const onPicture = new Set(attrValues(svg, 'data-target'));
      for (const t of targets) {
        expect(onPicture.has(t), `${t} in ${st.state.pending.kind}`).toBe(true);
        keys.add(t.split(':')[0]!);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
    // Places the actions point at: spaces (TS-6.3), cities (TS-6.9), dice (TS-5.3, TS-6.13, TS-6.14), routes (TS-7.3).
    for (const kind of ['space', 'city', 'die', 'route']) expect(keys.has(kind), kind).toBe(true);
  }, 120_000);

  it('targets name the board places of each action kind', () => {
    expect(ui.targets({ type: 'place_train', die: 7, space: 'R05.1' })).toEqual(['space:R05.1', 'die:7']);
    expect(ui.targets({ type: 'build', building: 'HOTEL', dice: [1, 2, 3], city: 'CHI' })).toEqual([
      'city:CHI',
      'die:1',
      'die:2',
      'die:3',
    ]);
    expect(ui.targets({ type: 'order_deliveries', routes: ['R07', 'R02'] })).toEqual(['route:R07']);
    expect(ui.targets({ type: 'break_tie', route: 'R07', winner: 2 })).toEqual(['route:R07', 'player:2']);
    expect(ui.targets({ type: 'allocate_goods', route: 'R07', space: 'MINE', buildings: [4] })).toEqual([
      'route:R07',
      'goods:MINE',
      'building:4',
    ]);
    expect(ui.targets({ type: 'choose_upgrade', space: 'HOTEL', good: 'silver' })).toEqual([
      'goods:HOTEL',
      'deck:silver',
    ]);
    expect(ui.targets({ type: 'stop_rolling' })).toEqual([]);
    expect(ui.targets({ type: 'speculate_pass' })).toEqual([]);
  });

  it('describes every event type the engine emits, public and redacted, without the fallback', () => {
    const seen = new Set(events.map((e) => e.type));
    expect(seen.size).toBeGreaterThanOrEqual(18);
    for (const t of seen) expect(EVENT_TYPES, t).toContain(t);
    const name = (seat: number) => ['Ann', 'Bo', 'Cy', 'Di', 'Ed'][seat] ?? `Player ${seat + 1}`;
    for (const e of events) {
      for (const ev of [e, ...(e.redacted ? [e.redacted] : [])]) {
        for (const [lang, ui] of uis) {
          const text = ui.describeEvent(ev, comps, name);
          expect(text).not.toBe(plainWords(ev.type, ev.data));
          expect(text, `${lang} ${ev.type}`).not.toMatch(/undefined|NaN|\[object|\{\{/);
        }
      }
    }
    // Event types random play may not reach (a strike, a dead space, a lost bonus…) still get words.
    for (const t of EVENT_TYPES)
      for (const [, ui] of uis)
        expect(ui.describeEvent({ type: t, data: { seat: 0 } }, comps, name)).not.toBe(plainWords(t, { seat: 0 }));
    expect(ui.describeEvent({ type: 'somethingNew', data: { x: 1 } }, comps, name)).toBe(
      plainWords('somethingNew', { x: 1 }),
    );
    // A redacted commitment names no card (TS-17.5).
    expect(ui.describeEvent({ type: 'specials_kept', data: { seat: 1 } }, comps, name)).toBe(
      'Bo chose their special cards',
    );
  });

  it("shows the viewer's own hand and sealed choices, never another seat's (TS-17.3, TS-17.5)", () => {
    expect(ui.privatePanel(game.view(steps[0]!.state, 'spectator'), comps)).toEqual([]);
    let compared = 0;
    for (const [i, st] of steps.entries()) {
      if (i % 25 !== 0) continue;
      const s = st.state;
      const me = 0;
      const panel = ui.privatePanel(game.view(s, me), comps);
      const text = JSON.stringify(panel);
      expect(panel.map((p) => p.title)).toContain('Special cards');
      for (const [, other] of uis) expect(other.privatePanel(game.view(s, me), comps)).toHaveLength(panel.length);
      for (const id of s.players[me]!.specials) expect(text).toContain(id);
      // Another seat's hidden cards never appear; changing them does not change the panel.
      for (let other = 1; other < s.players.length; other++)
        for (const id of [...s.players[other]!.specials, ...s.players[other]!.dealt])
          expect(text).not.toContain(`"${id} `);
      const changed = structuredClone(s);
      for (let other = 1; other < changed.players.length; other++) {
        const p = changed.players[other]!;
        p.goods = { workers: 9, coal: 9, cattle: 9, food: 9, silver: 9, gold: 9 };
        p.specials = ['S20', 'S19'];
        p.dealt = p.dealt.length > 0 ? ['S18', 'S17', 'S16'] : [];
      }
      if (changed.pending.kind === 'speculate')
        changed.pending.offers = changed.pending.offers.map((o, seat) =>
          seat === me ? o : { goods: { gold: 8 }, specials: [] },
        );
      expect(ui.privatePanel(game.view(changed, me), comps)).toEqual(panel);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
