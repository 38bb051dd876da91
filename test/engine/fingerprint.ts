/**
 * A behaviour fingerprint of a game: seeded games played to the end, hashing every
 * state, event batch, view (each seat's and a spectator's), legal-action list (order included),
 * refusal and outcome on the way. Two versions of a game with the same fingerprint behave the same
 * on these games, so an optimisation that keeps it kept the rules.
 */
import { createHash, type Hash } from 'node:crypto';
import { randomBot, Rng, RuleError, seedRng, type AnyGame, type Seat } from '../../engine/core/index.js';

/** Actions applied per game with default options before giving up; every catalog game ends well before. */
const MAX_ACTIONS = 5000;
/** Actions looked at per game with a variant, ended or not (random play in some variants wanders on for long). */
const VARIANT_ACTIONS = 300;
/** Besides the chosen action, this many other legal actions are applied (and thrown away) per step. */
const SIBLINGS = 3;

/** Frozen all the way down, so that a call that mutates its input throws instead of passing unseen. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const feed = (hash: Hash, label: string, value: unknown) =>
  hash.update(`${label}:${JSON.stringify(value) ?? 'undefined'}\n`);

/** What `apply` does with an action: its new state and events, or its refusal. */
function tryApply(game: AnyGame, state: unknown, seat: Seat, action: { type: string }): unknown {
  try {
    const { state: next, events } = game.apply(state, seat, action);
    return { state: next, events };
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { refused: e.code, message: e.message, rule: e.rule };
  }
}

/** Options beside the defaults that change what the engine does, per game: each is played too, at the smallest and largest table. */
const VARIANTS: Record<string, Record<string, unknown>[]> = {
  streetcar: [
    { strictExtendable: true },
    { circuit: true },
    { turnstile: true },
    { exchangePass: true },
    { centralSupply: true },
    { strictExtendable: true, turnstile: true, exchangePass: true, centralSupply: true },
  ],
  'trains-and-stations': [{ manualTasks: true }],
  'vlaky-na-trati': [{ sheet: 'II' }],
};

/** One seeded game with `bot` in every seat, fed into `hash`. */
function playInto(
  hash: Hash,
  game: AnyGame,
  players: number,
  seed: string,
  bot: AnyGame['bot'],
  options?: Record<string, unknown>,
): void {
  feed(hash, 'options', options);
  let state = deepFreeze(game.setup({ seed, players, options: game.options.parse(options ?? {}) }));
  const rng = new Rng(seedRng(`${seed}/bots`));
  const probe = new Rng(seedRng(`${seed}/probe`));
  const seats = Array.from({ length: players }, (_, s) => s);
  const limit = options ? VARIANT_ACTIONS : MAX_ACTIONS;
  for (let n = 0; n < limit; n++) {
    feed(hash, 'state', state);
    feed(hash, 'concealed', game.concealed?.(state));
    const due = game.toAct(state);
    feed(hash, 'toAct', due);
    for (const seat of seats) feed(hash, `legal ${seat}`, game.legalActions(state, seat));
    for (const viewer of [...seats, 'spectator' as const]) feed(hash, `view ${viewer}`, game.view(state, viewer));
    feed(hash, 'outcome', game.outcome(state));
    const seat = due[0];
    if (seat === undefined) {
      feed(hash, 'view all', game.view(state, 'all'));
      return;
    }
    const legal = game.legalActions(state, seat);
    for (let i = 0; i < SIBLINGS && legal.length > 1; i++)
      feed(hash, 'sibling', tryApply(game, state, seat, probe.pick(legal)));
    const idle = seats.find((s) => !due.includes(s));
    if (idle !== undefined && legal[0]) feed(hash, 'not due', tryApply(game, state, idle, legal[0]));
    feed(hash, 'unknown', tryApply(game, state, seat, { type: 'no-such-action' }));
    const action = bot({ seat, view: deepFreeze(game.view(state, seat)), legal: deepFreeze(legal), rng });
    feed(hash, 'action', action);
    const applied = game.apply(state, seat, action);
    feed(hash, 'events', applied.events);
    state = deepFreeze(applied.state);
  }
  if (!options)
    throw new Error(`${game.id} with ${players} players did not end in ${MAX_ACTIONS} actions (seed ${seed})`);
}

/** Options beside the defaults that change what the engine does, per game id. */
export const variantsOf = (game: AnyGame): Record<string, unknown>[] => VARIANTS[game.id] ?? [];

/**
 * The fingerprint of `game` at `players` seats: with default options (no `options`), two random
 * games and a greedy one, each to its end; with a variant's options, a random and a greedy game of
 * up to VARIANT_ACTIONS actions.
 */
export function fingerprint(game: AnyGame, players: number, options?: Record<string, unknown>): string {
  const hash = createHash('sha256');
  const name = `fingerprint-${game.id}-${players}${options ? `-${JSON.stringify(options)}` : ''}`;
  if (options) {
    playInto(hash, game, players, `${name}-random`, randomBot, options);
    playInto(hash, game, players, `${name}-greedy`, game.bot, options);
  } else {
    for (let i = 0; i < 2; i++) playInto(hash, game, players, `${name}-random-${i}`, randomBot);
    playInto(hash, game, players, `${name}-greedy`, game.bot);
  }
  return hash.digest('hex');
}
