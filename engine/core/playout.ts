import type { AnyGame, Seat } from './contract.js';
import { Rng, seedRng } from './rng.js';

export type BotFn = AnyGame['bot'];

export interface Playout {
  state: unknown;
  actions: { seat: Seat; action: { type: string } }[];
  finished: boolean;
}

export interface PlayoutHooks {
  /** Sees every decision point, e.g. to time legalActions and apply. */
  onStep?(state: unknown, seat: Seat, legal: readonly { type: string }[]): void;
}

/**
 * Plays a game to its end with one bot per seat (all due seats in turn, lowest first), as the
 * service would; stops after `maxActions` so that a broken game cannot loop forever.
 */
export function playout(
  game: AnyGame,
  seed: string,
  players: number,
  options: unknown,
  bots: readonly BotFn[],
  maxActions = 5000,
  hooks: PlayoutHooks = {},
): Playout {
  const parsed: unknown = game.options.parse(options);
  let state = game.setup({ seed, players, options: parsed });
  const rng = new Rng(seedRng(`${seed}/bots`));
  const actions: Playout['actions'] = [];
  while (actions.length < maxActions) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat);
    hooks.onStep?.(state, seat, legal);
    const bot = bots[seat] ?? game.bot;
    const action = bot({ seat, view: game.view(state, seat), legal, rng, options: parsed });
    state = game.apply(state, seat, action).state;
    actions.push({ seat, action });
  }
  return { state, actions, finished: game.toAct(state).length === 0 };
}
