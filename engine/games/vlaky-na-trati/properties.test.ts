/**
 * Property tests over the reconstructed data, 2 and 3 players, both sheets, random seeds:
 * random legal play mixed with the greedy bot, answering open decisions in random seat order.
 *
 * (a) games terminate with an outcome; (b) apply accepts every legal action and rejects a sample of
 * others with a VNT- RuleError, never mutating its input; (c) replay from the seed is identical;
 * (d) the 37 railway cards are conserved and the specials are untouched; (e) scores recomputed from the
 * public sheets equal the engine's; (f) no view or public event shows another seat's A cards, the
 * boxed or discarded cards or the deck order; (g) state invariants (locomotives, ticks, coins, declines).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playout, randomBot, Rng, RuleError, seedRng, type GameEvent, type Seat } from '../../core/index.js';
import type { VntAction } from './actions.js';
import { LANES, SYMBOLS, type SheetId } from './data.js';
import { vlakyNaTratiGame as game } from './index.js';
import { vntData } from './reference.js';
import { outcomeOf } from './scoring.js';
import { coins } from './sheet.js';
import type { VntState } from './state.js';

const ALL_IDS = vntData.railwayCards.map((c) => c.id).sort();
const A_IDS = vntData.railwayCards.filter((c) => c.deck === 'A').map((c) => c.id);
const componentsBefore = JSON.stringify(game.components);

/** Actions of every type with plausible parameters: the universe the rejection sample is drawn from. */
const universe: VntAction[] = [
  { type: 'choose_start_side', side: 0 },
  { type: 'choose_start_side', side: 1 },
  ...LANES.map((lane) => ({ type: 'choose_track' as const, lane })),
  ...ALL_IDS.flatMap((cardId) =>
    (['HAND', 'MARKET'] as const).flatMap((source) => [
      { type: 'place_card' as const, source, cardId },
      { type: 'second_card' as const, source, cardId },
    ]),
  ),
  ...[[], [0], [1], [0, 1], [1, 0], [0, 0]].map((decline) => ({ type: 'resolve_gains' as const, decline })),
  ...[1, 2, 3, 4, 5].flatMap((steps) => [
    { type: 'slow_move' as const, steps },
    { type: 'curve_move' as const, steps },
    { type: 'curve_move' as const, steps, decline: true as const },
    ...SYMBOLS.slice(0, 3).map((symbol) => ({ type: 'slow_move' as const, steps, symbol })),
  ]),
  { type: 'curve_skip' },
  ...A_IDS.map((cardId) => ({ type: 'discard_a' as const, cardId })),
  ...SYMBOLS.map((row) => ({ type: 'any_symbol' as const, row })),
  { type: 'end_turn' },
  { type: 'pass' },
];

const key = (a: VntAction) => JSON.stringify(a);

function checkCards(s: VntState): void {
  const all = [
    ...s.line,
    ...s.market,
    ...s.deckB,
    ...s.boxA,
    ...s.discarded,
    ...s.players.flatMap((p) => p.hand),
  ].sort();
  if (JSON.stringify(all) !== JSON.stringify(ALL_IDS)) expect(all).toEqual(ALL_IDS);
}

function checkInvariants(s: VntState): void {
  const sheet = vntData.sheets[s.options.sheet];
  s.players.forEach((p, seat) => {
    const route = game.view(s, 'spectator').players[seat]?.route ?? [];
    const frontier = route.length - 1;
    const [slow, fast] = p.locos;
    const ok =
      slow <= fast &&
      (s.line.length === 0 ? fast === 0 : fast === frontier) &&
      coins(p.sheet) >= 0 &&
      p.sheet.declinesUsed <= (s.players.length === 3 ? 4 : 0) &&
      sheet.rows.every(
        (r) => p.sheet.ticks[r.symbol] <= r.boxes.length && p.sheet.gained[r.symbol] >= p.sheet.ticks[r.symbol],
      );
    if (!ok) expect({ seat, locos: p.locos, frontier, sheet: p.sheet }).toBe('consistent');
  });
}

/** (f): hidden ids must not appear in a viewer's view or in what that viewer sees of the events. */
function checkSecrets(s: VntState, events: GameEvent[]): void {
  const hidden = new Set([...s.deckB, ...s.boxA, ...s.discarded]);
  const viewers: (Seat | 'spectator')[] = ['spectator', ...s.players.map((_, i) => i)];
  for (const viewer of viewers) {
    const own = (e: GameEvent) => typeof viewer === 'number' && e.visibleTo?.includes(viewer) === true;
    // A seat may see its own discarded card in the event addressed to it.
    const ownIds = JSON.stringify(events.filter(own));
    const secret = new Set(
      [...hidden, ...s.players.flatMap((p, i) => (i === viewer ? [] : p.hand))].filter(
        (id) => !ownIds.includes(`"${id}"`),
      ),
    );
    const seen = events.map((e) => (e.visibleTo && !own(e) ? (e.redacted ?? null) : e));
    const text = JSON.stringify([game.view(s, viewer), seen]);
    const leaked = [...secret].filter((id) => text.includes(`"${id}"`));
    if (leaked.length > 0) expect({ viewer, leaked }).toEqual({ viewer, leaked: [] });
    if (text.includes('"rng"') || text.includes('deckB')) expect(text).not.toMatch(/"rng"|deckB/);
  }
}

/** (b): every legal action is accepted; a sample of the others is rejected by the rules. */
function checkLegality(s: VntState, rng: Rng): void {
  const before = JSON.stringify(s);
  for (let seat = 0; seat < s.players.length; seat++) {
    const legal = game.legalActions(s, seat);
    const legalKeys = new Set(legal.map(key));
    for (const a of legal) game.apply(s, seat, a);
    for (let i = 0; i < 6; i++) {
      const a = rng.pick(universe);
      if (legalKeys.has(key(a))) continue;
      let err: unknown = null;
      try {
        game.apply(s, seat, a);
      } catch (e) {
        err = e;
      }
      if (!(err instanceof RuleError) || !/^VNT-\d/.test(err.rule))
        expect({ seat, action: a, err: String(err) }).toBe('rejected with a VNT rule');
    }
  }
  if (JSON.stringify(s) !== before) expect(JSON.parse(JSON.stringify(s))).toEqual(JSON.parse(before));
}

interface Played {
  states: VntState[];
  log: { seat: Seat; action: VntAction }[];
}

/** One game: at each step a random seat among those to act, and either the greedy or the random bot. */
function play(seed: string, players: number, sheet: SheetId, deep: boolean): Played {
  const rng = new Rng(seedRng(`${seed}/driver`));
  let s = game.setup({ seed, players, options: game.options.parse({ sheet }) });
  const states = [s];
  const log: Played['log'] = [];
  for (let n = 0; n < 400 && game.toAct(s).length > 0; n++) {
    const seat = rng.pick(game.toAct(s));
    const legal = game.legalActions(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    if (deep) checkLegality(s, rng);
    const bot = rng.int(2) === 0 ? game.bot : randomBot;
    const action = bot({ seat, view: game.view(s, seat), legal, rng });
    const { state, events } = game.apply(s, seat, action);
    s = state;
    log.push({ seat, action });
    states.push(s);
    checkCards(s);
    checkInvariants(s);
    checkSecrets(s, events);
  }
  return { states, log };
}

const settings = [2, 3].flatMap((players) => (['I', 'II'] as const).map((sheet) => ({ players, sheet })));

describe.each(settings)('properties, $players players, sheet $sheet', ({ players, sheet }) => {
  it('(a)(d)(e)(f)(g) random legal games end, conserve cards, hide secrets, and score as the public sheets say', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
        const { states } = play(seed, players, sheet, false);
        const last = states.at(-1) as VntState;
        expect(game.toAct(last)).toEqual([]);
        const outcome = game.outcome(last);
        expect(outcome).not.toBeNull();
        const publicSheets = game.view(last, 'spectator').players.map((p) => p.sheet);
        expect(outcomeOf(vntData.sheets[sheet], publicSheets)).toEqual(outcome);
        outcome?.breakdown.forEach((lines, i) =>
          expect(lines.reduce((t, l) => t + l.points, 0)).toBe(outcome.scores[i]),
        );
        expect(JSON.stringify(game.components)).toBe(componentsBefore);
      }),
      { numRuns: 8 },
    );
  });

  it('(b)(c) apply accepts exactly the legal actions, never mutates, and replays identically from the seed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), (seed) => {
        const { states, log } = play(seed, players, sheet, true);
        let s = game.setup({ seed, players, options: game.options.parse({ sheet }) });
        expect(s).toEqual(states[0]);
        log.forEach(({ seat, action }, i) => {
          s = game.apply(s, seat, action).state;
          if (JSON.stringify(s) !== JSON.stringify(states[i + 1])) expect(s).toEqual(states[i + 1]);
        });
      }),
      { numRuns: 2 },
    );
  });
});

describe('bots', () => {
  it('VNT-11.9: greedy-only and random-only games finish with every seat scored', () => {
    for (const [i, bots] of [[], [randomBot, randomBot, randomBot]].entries()) {
      const r = playout(game as never, `bots${i}`, 3, { sheet: 'II' }, bots as never);
      expect(r.finished).toBe(true);
    }
  });
});
