/**
 * Set-up of the engine contract properties on the high-card fixture: arbitraries for setups and
 * play, and helpers that play games out, replay their logs and build a hidden-information twin.
 */
import fc from 'fast-check';
import { Rng, RuleError, seedRng, type GameEvent, type Seat } from '../../engine/core/index.js';
import type { EventRecord, GameMeta } from '../../functions/domain/game.js';
import { highCard } from '../../engine/fixtures/high-card.js';

type State = ReturnType<typeof highCard.setup>;
type Action = Parameters<typeof highCard.apply>[2];
type Options = ReturnType<typeof highCard.options.parse>;

// ---------------------------------------------------------------- arbitraries

interface Setup {
  seed: string;
  players: number;
  /** As a client would send them (possibly `{}`); parsed by the game's schema. */
  rawOptions: Record<string, number>;
}

const optionsArb: fc.Arbitrary<Record<string, number>> = fc.oneof(
  fc.constant({}),
  fc
    .integer({ min: 2, max: 5 })
    .chain((handSize) => fc.record({ handSize: fc.constant(handSize), rounds: fc.integer({ min: 1, max: handSize }) })),
  fc.integer({ min: 2, max: 5 }).map((handSize) => ({ handSize })),
);

export const setupArb: fc.Arbitrary<Setup> = fc.record({
  seed: fc.string({ maxLength: 24 }),
  players: fc.integer({ min: highCard.minPlayers, max: highCard.maxPlayers }),
  rawOptions: optionsArb,
});

/** Choices steer play: each picks one of all (seat, legal action) pairs at a step. */
export const choicesArb = (maxLength: number) => fc.array(fc.nat(), { maxLength });

// ---------------------------------------------------------------- helpers

export function options(setup: Setup): Options {
  return highCard.options.parse(setup.rawOptions);
}

export function start(setup: Setup): State {
  return highCard.setup({ seed: setup.seed, players: setup.players, options: options(setup) });
}

/** Recursively freezes plain data, so that any write to it throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

interface Step {
  before: State;
  seat: Seat;
  action: Action;
  after: State;
  events: GameEvent[];
}

/** Every (seat, action) pair `legalActions` offers now. */
function legalPairs(state: State): { seat: Seat; action: Action }[] {
  return highCard
    .toAct(state)
    .flatMap((seat) => highCard.legalActions(state, seat).map((action) => ({ seat, action })));
}

/**
 * Plays legal moves picked by `choices` from a frozen start state; every state on the way is
 * frozen before use, so a mutation anywhere throws.
 */
export function playOut(state: State, choices: readonly number[]): { steps: Step[]; final: State } {
  const steps: Step[] = [];
  let current = deepFreeze(state);
  for (const choice of choices) {
    const pairs = legalPairs(current);
    if (pairs.length === 0) break;
    const { seat, action } = pairs[choice % pairs.length]!;
    const { state: after, events } = highCard.apply(current, seat, action);
    steps.push({ before: current, seat, action, after: deepFreeze(after), events });
    current = after;
  }
  return { steps, final: current };
}

/** Enough steps for any high-card game: 5 rounds × (4 draw turns + 4 plays). */
export const MAX_STEPS = 5 * 2 * 4;

/**
 * Every action `apply` could ever be offered, concretely: draw, pass, and play of each card
 * number that exists (1..40) plus two that do not. Small enough to test exhaustively.
 */
export const ALL_ACTIONS: Action[] = [
  { type: 'draw' },
  { type: 'pass' },
  ...Array.from({ length: 42 }, (_, card) => ({ type: 'play' as const, card })),
];

export const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

export function tryApply(state: State, seat: Seat, action: Action): { ok: true } | { ok: false; error: RuleError } {
  try {
    highCard.apply(state, seat, action);
    return { ok: true };
  } catch (err) {
    if (err instanceof RuleError) return { ok: false, error: err };
    throw err;
  }
}

export function fakeMeta(setup: Setup): GameMeta {
  return {
    id: 'prop-game',
    game: highCard.id,
    options: setup.rawOptions,
    players: setup.players,
    seats: Array.from({ length: setup.players }, (_, i) => ({ playerId: `p${i}`, name: `P${i}`, bot: false })),
    status: 'active',
    createdAt: '2026-11-21T10:00:00.000Z',
    createdBy: 'p0',
    inviteCode: 'INVITE',
    seedCommitment: 'x',
    seed: setup.seed,
    revision: 2,
  };
}

export function logOf(steps: readonly Step[]): EventRecord[] {
  return steps.map((s, i) => ({
    version: i + 1,
    seat: s.seat,
    playerId: `p${s.seat}`,
    action: s.action,
    events: s.events,
    toAct: highCard.toAct(s.after),
    at: '2026-11-21T10:00:00.000Z',
  }));
}

/**
 * A state that differs from `s` only in what `viewer` may not see: the deck, the other seats'
 * hands and their committed (not yet revealed) plays get other cards (same sizes, same
 * who-has-committed), and the RNG state is replaced.
 */
export function hiddenTwin(s: State, viewer: Seat | 'spectator', twinSeed: string): State {
  const hidden = (seat: number) => viewer === 'spectator' || seat !== viewer;
  const visible = new Set([
    ...s.hands.flatMap((h, seat) => (hidden(seat) ? [] : h)),
    ...s.committed.filter((c, seat): c is number => c !== null && !hidden(seat)),
  ]);
  // Any card the viewer does not hold may be anywhere hidden, also one that left the game.
  const cards = new Rng(seedRng(twinSeed)).shuffle(
    Array.from({ length: 40 }, (_, i) => i + 1).filter((c) => !visible.has(c)),
  );
  let next = 0;
  const take = (n: number) => {
    const out = cards.slice(next, next + n);
    next += n;
    return out;
  };
  const hands = s.hands.map((h, seat) => (hidden(seat) ? take(h.length) : h));
  const committed = s.committed.map((c, seat) => (hidden(seat) && c !== null ? take(1)[0]! : c));
  const deck = take(s.deck.length);
  return { ...s, deck, hands, committed, rng: [...seedRng(`${twinSeed}/rng`)] as State['rng'] };
}
