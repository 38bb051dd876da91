/**
 * The published view and event schemas describe exactly what the engine returns. Seeded
 * games over 2–5 players and the five variants check every view (each seat, 'spectator', 'all') at
 * every state and every event with its redacted form; scenarios cover the events random play misses.
 */
import * as z from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedEvent, randomBot, Rng, seedRng, type GameEvent, type Viewer } from '../../core/index.js';
import { streetcar } from './index.js';
import { StreetcarDrawRedactedSchema, StreetcarEventSchema, StreetcarViewSchema } from './schemas.js';
import type { StreetcarState } from './state.js';
import {
  act,
  C_SW,
  driver,
  DUESSELDORFER,
  fresh,
  hand,
  p3,
  P3,
  PFEILSTRASSE,
  place,
  S_EW,
  S_NS,
  tram,
} from './testkit.js';

/**
 * Each variant and each player count at least once; seat 0 builds greedily where the game should reach
 * declarations and driving (random builders rarely complete a route), randomly elsewhere, to stay fast.
 */
const GAMES: { variant: string; players: number; options: Record<string, unknown>; greedy: boolean }[] = [
  { variant: 'base', players: 2, options: {}, greedy: true },
  { variant: 'base', players: 5, options: {}, greedy: true },
  { variant: 'circuit', players: 3, options: { circuit: true }, greedy: false },
  { variant: 'circuit', players: 4, options: { circuit: true }, greedy: false },
  { variant: 'turnstile', players: 5, options: { turnstile: true }, greedy: false },
  { variant: 'exchangePass', players: 2, options: { exchangePass: true }, greedy: false },
  { variant: 'handicap', players: 4, options: { handicap: [2, 0, 1, 3] }, greedy: true },
  { variant: 'centralSupply', players: 3, options: { centralSupply: true }, greedy: false },
  {
    variant: 'all but circuit',
    players: 3,
    options: { turnstile: true, exchangePass: true, handicap: [0, 1, 2], centralSupply: true },
    greedy: true,
  },
];

const DECLARED = StreetcarEventSchema.options.map((o) => o.shape.type.value);
const emitted = new Set<string>();
let viewsChecked = 0;
afterAll(() =>
  console.info(`[streetcar schemas] ${viewsChecked} views checked; events emitted: ${[...emitted].sort().join(', ')}`),
);

function checkViews(s: StreetcarState): void {
  const viewers: Viewer[] = [...s.players.keys(), 'spectator', 'all'];
  for (const viewer of viewers) StreetcarViewSchema.parse(streetcar.view(s, viewer));
  viewsChecked += viewers.length;
}

function checkEvents(events: readonly GameEvent[]): void {
  for (const e of events) {
    StreetcarEventSchema.parse(publishedEvent(e));
    emitted.add(e.type);
    if (!e.redacted) continue;
    StreetcarEventSchema.parse(publishedEvent(e.redacted));
    StreetcarDrawRedactedSchema.parse(publishedEvent(e.redacted));
  }
}

/** Greedy drivers (a random one rarely arrives), random builders but for a greedy seat 0; every state checked. */
function play(seed: string, players: number, options: Record<string, unknown>, greedySeat0: boolean): StreetcarState {
  let s = streetcar.setup({ seed, players, options: streetcar.options.parse(options) });
  const rng = new Rng(seedRng(`${seed}/schemas`));
  for (let n = 0; n < 4000 && streetcar.toAct(s).length > 0; n++) {
    checkViews(s);
    const seat = streetcar.toAct(s)[0]!;
    const legal = streetcar.legalActions(s, seat);
    const action =
      (greedySeat0 && seat === 0) || s.players[seat]!.role === 'driver'
        ? streetcar.bot({ seat, view: streetcar.view(s, seat), legal, rng })
        : randomBot({ seat, view: null, legal, rng });
    const { state, events } = streetcar.apply(s, seat, action);
    checkEvents(events);
    s = state;
  }
  checkViews(s);
  return s;
}

/** Applies actions in order, checking the events and the views after each. */
function run(s: StreetcarState, ...steps: [action: Parameters<typeof act>[1], seat?: number][]): StreetcarState {
  for (const [a, seat] of steps) {
    const next = act(s, a, seat);
    checkEvents(next.events);
    checkViews(next.state);
    s = next.state;
  }
  return s;
}

describe('published schemas', () => {
  for (const { variant, players, options, greedy } of GAMES) {
    it(`SC-15 ${variant}, ${players} players: every view for every seat, spectator and 'all', and every event and redacted form parse strictly`, () => {
      const final = play(`schemas-${variant}-${players}`, players, options, greedy);
      expect(streetcar.toAct(final)).toEqual([]);
    });
  }

  it('SC-12.3 a stalemate event parses (two empty-handed builders, empty stacks)', () => {
    const s = hand(fresh(2), 0, ['curve']);
    s.stacks = [[], [], [], []];
    hand(s, 1, []);
    expect(run(s, [place(C_SW, 9, 9)]).step.kind).toBe('over');
  });

  it('SC-11.5 SC-11.10 a failed trip (arrival without every stop), the forced and a voluntary restart parse', () => {
    const s = driver(p3(), 0, tram(10, 11, 'E'), PFEILSTRASSE, DUESSELDORFER, ['M']);
    s.step = { kind: 'move', roll: 2 };
    const failed = run(s, [{ type: 'move', to: { terminal: DUESSELDORFER, exit: 1 }, visited: ['M'] }]);
    expect(failed.step).toEqual({ kind: 'forcedRestart' });
    const after = run(failed, [{ type: 'restart', terminal: PFEILSTRASSE }]);
    after.current = 0;
    after.step = { kind: 'roll', restarted: false };
    run(after, [{ type: 'restart', terminal: DUESSELDORFER }]);
  });

  it('SC-7.4 a take from the open tiles parses (stacks empty, a choice to make)', () => {
    const s = hand(fresh(3), 0, ['straight', 'straight', 'straight', 'curve', 'curve']);
    driver(s, 2, tram(6, 6, 'E'), 0, 1);
    s.open = ['curve', 'straight_plus_curve_left', 'double_curve_y', 'tree_crossing'];
    s.stacks = [[], [], [], []];
    const after = run(s, [place(S_NS, 6, 2)], [place(S_NS, 9, 10)], [{ type: 'take', tile: 'tree_crossing' }]);
    expect(after.players[0]!.hand).toContain('tree_crossing');
  });

  it('V1-2–V1-10 the complete circuit: line announced, phase B, enter, credit, return leg, 180° turn and win parse', () => {
    const connecting = hand(p3({ circuit: true }, P3.slice(0, -1)), 1, [
      'straight',
      'straight',
      'straight',
      'curve',
      'curve',
    ]);
    connecting.current = 1;
    run(connecting, [place(S_EW, 10, 12), 1], [place(S_NS, 6, 10), 1]);

    const phaseB = (): StreetcarState => {
      const s = hand(p3({ circuit: true }), 0, ['straight', 'straight', 'straight', 'curve', 'curve']);
      s.circuit = { phase: 'B', pendingB: false };
      return s;
    };
    const withTram = (
      s: StreetcarState,
      seat: number,
      pos: ReturnType<typeof tram>,
      leg: 'out' | 'return',
      visited: string[],
    ) => {
      Object.assign(s.players[seat]!, { tram: pos, start: PFEILSTRASSE, end: DUESSELDORFER, leg, visited });
      return s;
    };
    run(
      phaseB(),
      [{ type: 'enter', terminal: PFEILSTRASSE }],
      [{ type: 'step', to: { row: 3, col: 1, heading: 'E' } }],
    );
    run(withTram(phaseB(), 0, tram(3, 5, 'E'), 'out', []), [{ type: 'step', to: { row: 3, col: 6, heading: 'E' } }]);
    run(withTram(withTram(phaseB(), 0, tram(3, 3, 'E'), 'out', []), 1, tram(3, 4, 'E'), 'out', []), [
      { type: 'turn180' },
    ]);
    run(withTram(phaseB(), 0, tram(10, 12, 'E'), 'out', ['M']), [
      { type: 'step', to: { terminal: DUESSELDORFER, exit: 1 } },
    ]);
    const home = run(withTram(phaseB(), 0, tram(3, 1, 'W'), 'return', ['D', 'M']), [
      { type: 'step', to: { terminal: PFEILSTRASSE, exit: 0 } },
    ]);
    expect(home.winner).toBe(0);
  });

  it('every declared event type is emitted by the games and scenarios above (no dead union members)', () => {
    expect([...emitted].sort()).toEqual([...DECLARED].sort());
  });

  it('SC-15 the view schema is closed: a hand in a public player entry, or an unknown step, is rejected', () => {
    const v = streetcar.view(fresh(3), 1);
    expect(
      StreetcarViewSchema.safeParse({ ...v, players: v.players.map((p) => ({ ...p, hand: ['curve'] })) }).success,
    ).toBe(false);
    expect(StreetcarViewSchema.safeParse({ ...v, step: { kind: 'dance' } }).success).toBe(false);
    expect(
      StreetcarEventSchema.safeParse({ type: 'draw', data: { seat: 0, count: 1, stacks: [0], tiles: ['curve'] } })
        .success,
    ).toBe(false);
  });

  it('the schemas convert to JSON Schema with Streetcar-prefixed component ids', () => {
    const view = z.toJSONSchema(StreetcarViewSchema) as { $defs?: Record<string, unknown> };
    const event = z.toJSONSchema(StreetcarEventSchema) as { $defs?: Record<string, unknown> };
    const ids = [...Object.keys(view.$defs ?? {}), ...Object.keys(event.$defs ?? {})];
    expect(ids).toEqual(
      expect.arrayContaining([
        'StreetcarStep',
        'StreetcarPlayer',
        'StreetcarTram',
        'StreetcarPathNode',
        'StreetcarDrawEvent',
        'StreetcarDrawRedacted',
      ]),
    );
    expect(ids.every((id) => id.startsWith('Streetcar'))).toBe(true);
  });
});
