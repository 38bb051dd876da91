/**
 * Property tests over random legal games, 2–5 players and every variant flag:
 * termination (or the SC-12.3 stalemate), apply accepts exactly legalActions (a sample of legal and of
 * generated candidate actions), apply never mutates, tile conservation (126), replay from the seed, and
 * no view or event showing another seat's hand, line card or route card before it is public.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot, Rng, RuleError, seedRng, type GameEvent } from '../../core/index.js';
import type { StreetcarAction } from './actions.js';
import { TILE_IDS, TILE_TYPES } from './data.js';
import { streetcar } from './index.js';
import { ownTerminals } from './schedule.js';
import type { StreetcarState } from './state.js';

/** Games per variant; raise it (STREETCAR_RUNS=20) for a longer local sweep. */
const RUNS = Number(process.env.STREETCAR_RUNS ?? 2);

const VARIANTS: Record<string, Record<string, unknown>> = {
  base: {},
  V1: { circuit: true },
  V2: { turnstile: true },
  V3: { exchangePass: true },
  V4: { handicap: [0, 2, 1] },
  V5: { centralSupply: true },
  'strict+V2–V5': {
    strictExtendable: true,
    turnstile: true,
    exchangePass: true,
    handicap: [1, 0, 2],
    centralSupply: true,
  },
};

/** Actions compared as the rules see them: a double exchange is a set of two, visited stops a set. */
function canon(a: StreetcarAction): string {
  if (a.type === 'double_exchange')
    return JSON.stringify([a.first, a.second].map((x) => [x.row, x.col, x.tile, x.rotation]).sort());
  if (a.type === 'move')
    return JSON.stringify({
      to: 'terminal' in a.to ? [a.to.terminal, a.to.exit] : [a.to.row, a.to.col, a.to.heading],
      v: [...a.visited].sort(),
    });
  if (a.type === 'step')
    return JSON.stringify({
      step: 'terminal' in a.to ? [a.to.terminal, a.to.exit] : [a.to.row, a.to.col, a.to.heading],
    });
  return JSON.stringify(Object.entries(a).sort());
}

/** Candidate actions, mostly illegal, near the shapes the current step takes. */
function candidates(s: StreetcarState, seat: number, rng: Rng): StreetcarAction[] {
  const tile = () => rng.pick(rng.int(2) ? TILE_IDS : s.players[seat]!.hand.length ? s.players[seat]!.hand : TILE_IDS);
  const at = () => ({
    row: rng.between(1, 12),
    col: rng.between(1, 12),
    rotation: rng.pick([0, 90, 180, 270] as const),
  });
  const heading = () => rng.pick(['N', 'E', 'S', 'W'] as const);
  return [
    { type: 'place', tile: tile(), ...at() },
    { type: 'place', tile: tile(), ...at() },
    { type: 'exchange', tile: tile(), ...at() },
    { type: 'double_exchange', first: { tile: tile(), ...at() }, second: { tile: tile(), ...at() } },
    { type: 'declare', terminal: rng.pick(ownTerminals(s.players[seat]!)) },
    { type: 'declare', terminal: rng.int(12) },
    { type: 'roll' },
    { type: 'restart', terminal: rng.int(12) },
    { type: 'move', to: { row: rng.between(1, 12), col: rng.between(1, 12), heading: heading() }, visited: [] },
    { type: 'take', tile: tile() },
    { type: 'pass', count: rng.int(4) },
    { type: 'return_tiles', tiles: [tile()] },
    { type: 'enter', terminal: rng.int(12) },
    { type: 'step', to: { row: rng.between(1, 12), col: rng.between(1, 12), heading: heading() } },
    { type: 'turn180' },
    { type: 'end_turn' },
  ];
}

function tileCounts(s: StreetcarState): Record<string, number> {
  const all = [
    ...s.board.flatMap((t) => (t ? [t.tile] : [])),
    ...s.players.flatMap((p) => p.hand),
    ...s.stacks.flat(),
    ...s.open,
    ...s.display,
    ...s.boxed,
  ];
  return Object.fromEntries(TILE_IDS.map((id) => [id, all.filter((t) => t === id).length]));
}
const TOTALS = Object.fromEntries(TILE_TYPES.map((t) => [t.id, t.drawPile + t.startTiles]));

/** SC-15: nothing secret of another seat in a view. */
function checkView(s: StreetcarState, viewer: number | 'spectator') {
  const v = streetcar.view(s, viewer);
  expect(v.you?.seat ?? 'spectator').toBe(viewer);
  if (v.you) expect([...v.you.hand].sort()).toEqual([...s.players[viewer as number]!.hand].sort());
  v.players.forEach((p, i) => {
    expect(p).not.toHaveProperty('hand');
    const truth = s.players[i]!;
    expect(p.handCount).toBe(truth.hand.length);
    expect(p.route).toBe(truth.revealed ? truth.route : null);
    expect(p.line).toBe(truth.revealed || truth.announced ? truth.line : null);
  });
  expect(v.stacks.every((n) => typeof n === 'number')).toBe(true);
}

/** SC-15.5: private draws are seen only by the drawer; no other event carries hidden tiles or cards. */
function checkEvents(events: readonly GameEvent[]) {
  for (const e of events) {
    if (e.visibleTo) {
      expect(e.visibleTo).toHaveLength(1);
      expect(e.redacted?.data).not.toHaveProperty('tiles');
      continue;
    }
    if (e.type !== 'display_refilled') expect(e.data ?? {}).not.toHaveProperty('tiles');
    if (e.type !== 'declare') expect(e.data ?? {}).not.toHaveProperty('route');
  }
}

interface Game {
  final: StreetcarState;
  actions: { seat: number; action: StreetcarAction }[];
}

/** Plays random legal actions (greedy ones for `greedySeats` and drivers), checking every state and every 8th in depth. */
function play(
  seed: string,
  players: number,
  options: Record<string, unknown>,
  maxActions: number,
  deep: boolean,
  greedySeats: readonly number[] = [],
): Game {
  let s = streetcar.setup({ seed, players, options: streetcar.options.parse(options) });
  const rng = new Rng(seedRng(`${seed}/test`));
  const actions: Game['actions'] = [];
  for (let n = 0; n < maxActions; n++) {
    const seat = streetcar.toAct(s)[0];
    if (seat === undefined) break;
    expect(tileCounts(s)).toEqual(TOTALS);
    const legal = streetcar.legalActions(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    for (const other of streetcar.toAct(s).length ? [0, 1, 2, 3, 4].filter((x) => x < players && x !== seat) : [])
      expect(streetcar.legalActions(s, other)).toEqual([]);
    const before = JSON.stringify(s);
    if (deep && n % 8 === 0) {
      const keys = new Set(legal.map(canon));
      for (const a of [...candidates(s, seat, rng), ...Array.from({ length: 3 }, () => rng.pick(legal))]) {
        let ok = true;
        try {
          streetcar.apply(s, seat, a);
        } catch (e) {
          if (!(e instanceof RuleError)) throw e;
          expect(e.rule).toMatch(/^(SC-\d|V\d-|AMB-)/);
          ok = false;
        }
        expect([canon(a), ok]).toEqual([canon(a), keys.has(canon(a))]);
      }
      checkView(s, seat);
      checkView(s, (seat + 1) % players);
      checkView(s, 'spectator');
    }
    // Drivers steer with the greedy bot: a uniformly random driver restarts two turns in three and may never arrive.
    const driving = s.players[seat]!.role === 'driver';
    const action =
      driving || greedySeats.includes(seat)
        ? streetcar.bot({ seat, view: streetcar.view(s, seat), legal, rng })
        : randomBot({ seat, view: null, legal, rng });
    const { state, events } = streetcar.apply(s, seat, action);
    expect(JSON.stringify(s)).toBe(before);
    checkEvents(events);
    actions.push({ seat, action });
    s = state;
  }
  return { final: s, actions };
}

const stats = { games: 0, stalemates: 0, withDrivers: 0, phaseB: 0 };
afterAll(() =>
  console.info(
    `[streetcar properties] ${stats.games} games: ${stats.stalemates} stalemates, ${stats.withDrivers} with drivers, ${stats.phaseB} reached V1 phase B`,
  ),
);

describe('properties over random legal games', () => {
  for (const [name, options] of Object.entries(VARIANTS)) {
    it(`${name}: SC-12 games end (winner or SC-12.3 stalemate); apply accepts exactly legalActions; SC-1.3 126 tiles conserved; SC-15 no leaks`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 1e9 }), (players, seed) => {
          // Seat 0 plays greedily so that routes get finished.
          const { final } = play(`${name}-${seed}`, players, options, 4000, true, [0]);
          expect(final.step.kind).toBe('over');
          const out = streetcar.outcome(final)!;
          expect(out.ranking.filter((r) => r === 1)).toHaveLength(final.winner === null ? players : 1);
          expect(out.noWinner).toBe(final.winner === null ? true : undefined);
          stats.games++;
          if (final.winner === null) stats.stalemates++;
          if (final.players.some((p) => p.role === 'driver')) stats.withDrivers++;
          if (final.circuit?.phase === 'B') stats.phaseB++;
        }),
        { numRuns: RUNS, seed: 11, endOnFailure: true },
      );
    });
  }

  it('SC-10 V1-3 the seeded games above reach the interesting parts: drivers, wins and V1 phase B', () => {
    expect(stats.withDrivers).toBeGreaterThan(0);
    expect(stats.stalemates).toBeLessThan(stats.games);
    expect(stats.phaseB).toBeGreaterThan(0);
  });

  it('SC-0.2 replaying the same seed and actions gives the same states', () => {
    for (const players of [2, 5]) {
      const { final, actions } = play(
        `replay-${players}`,
        players,
        { centralSupply: true, exchangePass: true },
        400,
        false,
      );
      let s = streetcar.setup({
        seed: `replay-${players}`,
        players,
        options: streetcar.options.parse({ centralSupply: true, exchangePass: true }),
      });
      for (const { seat, action } of actions) s = streetcar.apply(s, seat, action).state;
      expect(s).toEqual(final);
    }
  });
});
