/**
 * The engine contract (docs/architecture.md, "A game is a pure state machine") as properties, checked on the fixture game
 * "high card" (engine/fixtures/high-card.ts, rules HC-1..HC-4) over random seeds, seat counts,
 * options and play sequences. Every game must pass the same kind of suite.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankByScore, Rng, RuleError, seedRng, type AnyGame } from '../../engine/core/index.js';
import { initialState, replay } from '../../functions/service/replay.js';
import { highCard } from '../../engine/fixtures/high-card.js';
import {
  setupArb,
  choicesArb,
  options,
  start,
  deepFreeze,
  playOut,
  MAX_STEPS,
  ALL_ACTIONS,
  same,
  tryApply,
  fakeMeta,
  logOf,
  hiddenTwin,
} from './fixture-properties.testkit.js';

// ---------------------------------------------------------------- the properties

describe('high-card fixture: engine contract properties', () => {
  it('options: {} parses to defaults; out-of-range options are rejected by the schema', () => {
    expect(highCard.options.parse({})).toEqual({ rounds: 2, handSize: 3 });
    for (const bad of [
      { rounds: 0 },
      { handSize: 6 },
      { rounds: 4, handSize: 3 },
      { rounds: 1.5 },
      { handSize: 'x' },
    ]) {
      expect(highCard.options.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('(a) apply accepts an action iff legalActions lists it; every refusal is a RuleError with an HC rule ID', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), (setup, choices) => {
        const { steps, final } = playOut(start(setup), choices);
        const reached = [...steps.map((s) => s.before), final];
        // Normal play never empties the deck in a draw phase (at most 4 × 5 cards are dealt and
        // 4 × 5 drawn), so HC-2's "empty deck: pass only" is checked on crafted copies too.
        const crafted = reached.filter((s) => s.phase === 'draw').map((s) => deepFreeze({ ...s, deck: [] }));
        for (const state of [...reached, ...crafted]) {
          const due = highCard.toAct(state);
          for (let seat = 0; seat < setup.players; seat++) {
            const legal = highCard.legalActions(state, seat);
            if (!due.includes(seat)) expect(legal).toEqual([]);
            for (const action of legal) expect(highCard.action.safeParse(action).success).toBe(true);
            // Plain checks in the hot loop (hundreds of thousands of applies), one expect at the end.
            const wrong: string[] = [];
            for (const action of ALL_ACTIONS) {
              const result = tryApply(state, seat, action);
              const listed = legal.some((l) => same(l, action));
              if (result.ok !== listed)
                wrong.push(
                  `seat ${seat} ${JSON.stringify(action)} in ${state.phase}: accepted ${result.ok}, listed ${listed}`,
                );
              if (
                !result.ok &&
                !(
                  /^HC-[1-4]$/.test(result.error.rule) &&
                  /^[a-z_]+$/.test(result.error.code) &&
                  result.error.message.length > 0
                )
              ) {
                wrong.push(
                  `seat ${seat} ${JSON.stringify(action)}: bad RuleError ${result.error.code} / ${result.error.rule} / ${result.error.message}`,
                );
              }
            }
            expect(wrong).toEqual([]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('(a) an empty deck allows only a pass; drawing from it is refused with deck_empty (HC-2)', () => {
    const state = deepFreeze({ ...start({ seed: 'empty', players: 3, rawOptions: {} }), deck: [] });
    expect(highCard.legalActions(state, 0)).toEqual([{ type: 'pass' }]);
    const result = tryApply(state, 0, { type: 'draw' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error.code, result.error.rule]).toEqual(['deck_empty', 'HC-2']);
    expect(highCard.apply(state, 0, { type: 'pass' }).state.current).toBe(1);
  });

  it('(a) a seat that is not to act gets RuleError not_your_turn (game_over once HC-4 has ended the game), even with an action legal for the seat that is', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), (setup, choices) => {
        const { final } = playOut(start(setup), choices);
        const due = highCard.toAct(final);
        const others = due.flatMap((seat) => highCard.legalActions(final, seat));
        for (let seat = 0; seat < setup.players; seat++) {
          if (due.includes(seat)) continue;
          for (const action of [...others, { type: 'draw' as const }, { type: 'pass' as const }]) {
            const result = tryApply(final, seat, action);
            expect(result.ok).toBe(false);
            if (!result.ok && due.length === 0)
              expect([result.error.code, result.error.rule]).toEqual(['game_over', 'HC-4']);
            else if (!result.ok) {
              expect(result.error.code).toBe('not_your_turn');
              expect(['HC-2', 'HC-3']).toContain(result.error.rule);
            }
          }
        }
      }),
    );
  });

  it('(b) apply never mutates its input (deep-frozen states) and the state stays plain JSON', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), (setup, choices) => {
        const initial = start(setup);
        const snapshot = structuredClone(initial);
        // playOut freezes every state before apply sees it: a write anywhere would throw.
        const { steps } = playOut(initial, choices);
        expect(initial).toEqual(snapshot);
        for (const step of steps) {
          expect(JSON.parse(JSON.stringify(step.after))).toEqual(step.after);
          expect(JSON.parse(JSON.stringify(step.events))).toEqual(step.events);
          // Refused actions leave the state alone as well.
          for (const action of ALL_ACTIONS.slice(0, 6)) tryApply(step.before, step.seat, action);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('(b) cards are conserved: deck, hands and pending plays never duplicate a card or invent one', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), (setup, choices) => {
        const { steps, final } = playOut(start(setup), choices);
        const opts = options(setup);
        for (const state of [...steps.map((s) => s.before), final]) {
          const cards = [
            ...state.deck,
            ...state.hands.flat(),
            ...state.committed.filter((c): c is number => c !== null),
          ];
          expect(new Set(cards).size).toBe(cards.length);
          expect(cards.filter((c) => !(Number.isInteger(c) && c >= 1 && c <= 40))).toEqual([]);
          expect(state.hands).toHaveLength(setup.players);
        }
        const first = steps[0]?.before ?? final;
        expect(first.hands.every((h) => h.length === opts.handSize)).toBe(true);
        expect(first.deck.length).toBe(40 - setup.players * opts.handSize);
      }),
    );
  });

  it('(c) determinism: the same seed and actions give identical states, also when replayed from the log', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), fc.nat(), (setup, choices, cut) => {
        const meta = fakeMeta(setup);
        expect(initialState(highCard as AnyGame, meta)).toEqual(start(setup));
        const { steps, final } = playOut(start(setup), choices);
        // Replay the actions on a fresh setup.
        let again = start(setup);
        steps.forEach((s, i) => {
          const applied = highCard.apply(again, s.seat, s.action);
          expect(applied.state).toEqual(s.after);
          expect(applied.events).toEqual(s.events);
          again = applied.state;
          expect(i).toBeLessThan(MAX_STEPS);
        });
        expect(again).toEqual(final);
        // The platform's replay: from setup, and from a JSON-stored commit's state in the middle plus the tail.
        const log = logOf(steps);
        expect(replay(highCard as AnyGame, meta, null, log)).toEqual({
          state: final,
          version: steps.length,
          forfeited: [],
        });
        const at = steps.length ? cut % (steps.length + 1) : 0;
        const stored = at === 0 ? start(setup) : steps[at - 1]!.after;
        const commit = { version: at, state: JSON.parse(JSON.stringify(stored)), forfeited: [] };
        expect(replay(highCard as AnyGame, meta, commit, log)).toEqual({
          state: final,
          version: steps.length,
          forfeited: [],
        });
      }),
      { numRuns: 80 },
    );
  });

  it('(c) different seeds deal differently', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        const deal = (seed: string) => highCard.setup({ seed, players: 2, options: highCard.options.parse({}) });
        expect([deal(a).hands, deal(a).deck]).not.toEqual([deal(b).hands, deal(b).deck]);
      }),
    );
  });

  it("(d) a seat's view holds its own hand and play but nothing of other seats' hands, plays, the deck or the RNG (HC-1, HC-3)", () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), fc.string(), (setup, choices, twinSeed) => {
        const { steps, final } = playOut(start(setup), choices);
        for (const state of [...steps.map((s) => s.before), final]) {
          for (let seat = 0; seat < setup.players; seat++) {
            const view = highCard.view(state, seat);
            expect(view.hand).toEqual(state.hands[seat]);
            expect(view.myPlay).toBe(state.committed[seat]);
            expect(view).not.toHaveProperty('hands');
            expect(view).not.toHaveProperty('deck');
            expect(view).not.toHaveProperty('rng');
            expect(view.handCounts).toEqual(state.hands.map((h) => h.length));
            expect(view.committed).toEqual(state.committed.map((c) => c !== null));
            // Non-interference: whatever the hidden cards are, the view is the same.
            expect(highCard.view(hiddenTwin(state, seat, twinSeed), seat)).toEqual(view);
          }
        }
      }),
      { numRuns: 80 },
    );
  });

  it('(d) the spectator view has no hand, no play and does not depend on any hidden card', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), fc.string(), (setup, choices, twinSeed) => {
        const { steps, final } = playOut(start(setup), choices);
        for (const state of [...steps.map((s) => s.before), final]) {
          const view = highCard.view(state, 'spectator');
          for (const key of ['hand', 'hands', 'myPlay', 'deck', 'rng']) expect(view).not.toHaveProperty(key);
          expect(highCard.view(hiddenTwin(state, 'spectator', twinSeed), 'spectator')).toEqual(view);
        }
      }),
    );
  });

  it('(d) log entries with a drawn or committed card are visible only to that seat, with a card-free public twin', () => {
    fc.assert(
      fc.property(setupArb, choicesArb(MAX_STEPS), (setup, choices) => {
        const { steps } = playOut(start(setup), choices);
        for (const step of steps) {
          for (const e of step.events) {
            if (e.type === 'reveal') {
              // Only once every seat has committed (HC-3/HC-4).
              expect(step.before.committed.filter((c) => c === null)).toEqual([null]);
              continue;
            }
            if (e.data && 'card' in e.data) {
              expect(e.visibleTo).toEqual([step.seat]);
              expect(e.redacted).toBeDefined();
              expect(JSON.stringify(e.redacted)).not.toContain('card');
            }
          }
        }
      }),
    );
  });

  it('(e) every game ends after exactly rounds × 2 × players moves; toAct empty and outcome set only then', () => {
    fc.assert(
      fc.property(
        setupArb,
        choicesArb(MAX_STEPS).map((c) => [...c, ...new Array<number>(MAX_STEPS).fill(7)]),
        (setup, choices) => {
          const { steps, final } = playOut(start(setup), choices);
          const opts = options(setup);
          expect(steps).toHaveLength(opts.rounds * 2 * setup.players);
          for (const step of steps) {
            expect(highCard.toAct(step.before).length).toBeGreaterThan(0);
            expect(highCard.outcome(step.before)).toBeNull();
          }
          expect(highCard.toAct(final)).toEqual([]);
          for (let seat = 0; seat < setup.players; seat++) expect(highCard.legalActions(final, seat)).toEqual([]);
          expect(highCard.outcome(final)).not.toBeNull();
        },
      ),
    );
  });

  it('(e) the outcome ranks by score: higher score, better place; ties share; breakdowns add up', () => {
    fc.assert(
      fc.property(setupArb, fc.array(fc.nat(), { minLength: MAX_STEPS, maxLength: MAX_STEPS }), (setup, choices) => {
        const { final } = playOut(start(setup), choices);
        const outcome = highCard.outcome(final)!;
        const { rounds } = options(setup);
        const { scores, ranking, breakdown } = outcome;
        expect(scores).toHaveLength(setup.players);
        expect(ranking).toHaveLength(setup.players);
        expect(ranking).toEqual(rankByScore(scores));
        for (let i = 0; i < scores.length; i++) {
          for (let j = 0; j < scores.length; j++) {
            if (scores[i]! > scores[j]!) expect(ranking[i]!).toBeLessThan(ranking[j]!);
            if (scores[i] === scores[j]) expect(ranking[i]).toBe(ranking[j]);
          }
          expect(ranking[i]).toBe(1 + scores.filter((s) => s > scores[i]!).length);
          expect(breakdown[i]!.reduce((sum, line) => sum + line.points, 0)).toBe(scores[i]);
        }
        expect(ranking).toContain(1);
        // HC-4: each round gives at least one point (ties give several), never more than one per seat.
        const total = scores.reduce((a, b) => a + b, 0);
        expect(total).toBeGreaterThanOrEqual(rounds);
        expect(total).toBeLessThanOrEqual(rounds * setup.players);
        // After the end everyone may see everything.
        expect(highCard.view(final, 'all').hands).toEqual(final.hands);
      }),
    );
  });

  it('(f) the bot only ever returns a legal action, and bots alone finish every game', () => {
    fc.assert(
      fc.property(setupArb, fc.string(), (setup, botSeed) => {
        const rng = new Rng(seedRng(botSeed));
        let state = deepFreeze(start(setup));
        for (let step = 0; step <= MAX_STEPS && highCard.toAct(state).length > 0; step++) {
          const due = highCard.toAct(state);
          for (const seat of due) {
            const legal = highCard.legalActions(state, seat);
            const choice = highCard.bot({ seat, view: highCard.view(state, seat), legal, rng });
            expect(
              legal.some((l) => same(l, choice)),
              JSON.stringify(choice),
            ).toBe(true);
          }
          const seat = due[0]!;
          const action = highCard.bot({
            seat,
            view: highCard.view(state, seat),
            legal: highCard.legalActions(state, seat),
            rng,
          });
          state = deepFreeze(highCard.apply(state, seat, action).state);
        }
        expect(highCard.toAct(state)).toEqual([]);
        expect(highCard.outcome(state)).not.toBeNull();
      }),
    );
  });
});
