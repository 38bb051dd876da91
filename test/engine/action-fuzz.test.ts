/**
 * Engine-level fuzzing over every catalog game (and the fixture): at states reached by random
 * play, actions made by mutating legal ones (other values, other seats' actions, missing or extra
 * fields) are accepted by `apply` exactly when they are in `legalActions` up to the game's stated
 * equivalence (EQUIVALENCE below; the identity for most games), and refused with a RuleError
 * otherwise — never another exception. FUZZ_GAMES raises the number of games played.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, RuleError, seedRng, type AnyGame, type Seat } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import {
  canonicalAction as tsCanonicalAction,
  trainsAndStations,
} from '../../engine/games/trains-and-stations/index.js';
import type { TsAction } from '../../engine/games/trains-and-stations/actions.js';
import type { TsState } from '../../engine/games/trains-and-stations/state.js';
import { highCard } from '../../engine/fixtures/high-card.js';

const GAMES = Number(process.env.FUZZ_GAMES ?? 3);
const MUTANTS_PER_STATE = 12;
const MAX_STEPS = 400;

type Action = { type: string } & Record<string, unknown>;

/** JSON with sorted keys: two actions are the same action when this is equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

type Spelling = (state: unknown, seat: Seat, action: Action) => Action;

/**
 * Actions a game declares to be the same choice, rewritten to the spelling legalActions lists.
 * Trains & Stations: dice of one kind and face are interchangeable (TS-0.2), so any
 * spelling of a listed choice must be accepted, and an accepted action must still be one of them.
 */
const EQUIVALENCE: Record<string, Spelling> = {
  [trainsAndStations.id]: (state, seat, action) =>
    tsCanonicalAction(state as TsState, seat, action as TsAction) as Action,
};
const asListed = (game: AnyGame): Spelling => EQUIVALENCE[game.id] ?? ((_, __, action) => action);

/** Values seen in any legal action, so mutants use the game's own vocabulary (ids, colours, squares). */
function vocabulary(actions: readonly Action[]): unknown[] {
  const out: unknown[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    out.push(v);
  };
  actions.forEach(walk);
  return out;
}

function mutate(action: Action, words: unknown[], rng: Rng): Action {
  const copy = structuredClone(action) as Record<string, unknown>;
  const keys = Object.keys(copy).filter((k) => k !== 'type');
  switch (rng.int(5)) {
    case 0:
      if (keys.length) copy[rng.pick(keys)] = rng.pick(words);
      break;
    case 1:
      if (keys.length) delete copy[rng.pick(keys)];
      break;
    case 2: {
      const key = keys.length ? rng.pick(keys) : null;
      const v = key ? copy[key] : null;
      if (key && typeof v === 'number') copy[key] = v + rng.pick([-1, 1, 7, -100]);
      if (key && Array.isArray(v)) copy[key] = rng.int(2) ? v.slice(1) : [...v, rng.pick(words)];
      break;
    }
    case 3:
      copy[rng.pick(['extra', 'seat', 'card'])] = rng.pick(words);
      break;
    default:
      copy.type = rng.pick(words.filter((w): w is string => typeof w === 'string').concat(['nope']));
  }
  return copy as Action;
}

function checkState(game: AnyGame, state: unknown, rng: Rng): number {
  const due = game.toAct(state);
  const seats = Array.from({ length: 8 }, (_, s) => s).filter((s) => s < 8);
  let checked = 0;
  for (const seat of due) {
    const legal = game.legalActions(state, seat) as Action[];
    const listedSpelling = asListed(game);
    const legalSet = new Set(legal.map(canonical));
    // The equivalence may only merge spellings: every listed action is its own listed spelling.
    for (const a of legal) expect(canonical(listedSpelling(state, seat, a))).toBe(canonical(a));
    const others = seats
      .filter((s) => s !== seat)
      .flatMap((s) => (due.includes(s) ? (game.legalActions(state, s) as Action[]) : []));
    const words = vocabulary([...legal, ...others]);
    const candidates = [
      ...others,
      ...Array.from({ length: MUTANTS_PER_STATE }, () => mutate(rng.pick(legal.length ? legal : others), words, rng)),
    ];
    for (const candidate of candidates) {
      const parsed = game.action.safeParse(candidate);
      if (!parsed.success) continue; // the API refuses it with 400 before the engine sees it
      const isLegal = legalSet.has(canonical(listedSpelling(state, seat, parsed.data as Action)));
      let accepted = true;
      try {
        game.apply(state, seat, parsed.data);
      } catch (err) {
        if (!(err instanceof RuleError))
          throw new Error(`${game.id}: ${canonical(parsed.data)} threw ${(err as Error).stack}`);
        accepted = false;
      }
      expect(
        accepted,
        `${game.id} seat ${seat}: ${canonical(parsed.data)} is ${isLegal ? '' : 'not '}in legalActions`,
      ).toBe(isLegal);
      checked++;
    }
  }
  return checked;
}

const games: AnyGame[] = [...catalogGames, highCard as AnyGame];

describe.each(games.map((g) => [g.id, g] as const))(
  '%s: apply accepts exactly legalActions under fuzzing',
  (_, game) => {
    it('mutated and foreign actions are refused with a RuleError, legal ones accepted', () => {
      let checked = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1_000_000 }),
          fc.integer({ min: game.minPlayers, max: game.maxPlayers }),
          (seedNo, players) => {
            const rng = new Rng(seedRng(`fuzz-${game.id}-${seedNo}`));
            let state = game.setup({ seed: `fuzz-${seedNo}`, players, options: game.options.parse({}) });
            for (let step = 0; step < MAX_STEPS; step++) {
              const due = game.toAct(state);
              if (due.length === 0) break;
              if (step % 7 === 0) checked += checkState(game, state, rng);
              const seat = rng.pick(due);
              state = game.apply(state, seat, rng.pick(game.legalActions(state, seat))).state;
            }
          },
        ),
        { numRuns: GAMES },
      );
      expect(checked).toBeGreaterThan(0);
    }, 60_000);
  },
);
