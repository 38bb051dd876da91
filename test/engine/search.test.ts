/**
 * Search bots determinize from their own view only. For every game that can be
 * searched, over seeded games at several seat counts and option sets:
 * - a determinized state shows the seat exactly the view it was built from, and offers the seat
 *   the same legal actions as the true state;
 * - the hard bot, and the tree search kept beside it (at small iteration budgets and a one-action
 *   simulation horizon, to keep the file fast; the property does not depend on their size, and a
 *   short horizon also puts the game's `estimate` in play), picks the same action, with the same
 *   rng seed, when what the seat cannot see is reshuffled (the game's secrets.ts `perturb`).
 * How strong the levels play at their real budgets is measured by `npm run bench bots`.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { botFor, Rng, searchable, seedRng, type AnyGame, type SearchConfig } from '../../engine/core/index.js';
import { catalog, type CatalogEntry } from '../../engine/games/index.js';

const entries = Object.entries(catalog as Record<string, CatalogEntry>).filter(([, e]) => searchable(e.game));
const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

/** States along a seeded game, every `every` actions: half greedy, half random moves. */
function* statesOf(game: AnyGame, seed: string, players: number, options: unknown, every: number, limit: number) {
  let state = game.setup({ seed, players, options: game.options.parse(options) });
  const rng = new Rng(seedRng(`${seed}/moves`));
  for (let n = 0; n < limit && game.toAct(state).length > 0; n++) {
    if (n % every === 0) yield state;
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    const action = rng.int(2) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(state, seat), legal, rng });
    state = game.apply(state, seat, action).state;
  }
}

const seatCounts = (game: AnyGame) => [...new Set([game.minPlayers, game.maxPlayers])];

describe('determinization from the view only', () => {
  it.each(entries)(
    '%s: a determinized state shows the seat its view and offers the same actions',
    (id, { game, secrets }) => {
      let checked = 0;
      for (const players of seatCounts(game))
        for (const set of secrets.optionSets) {
          const options = game.options.parse(set.options(players));
          const rng = new Rng(seedRng(`det-${id}-${players}-${set.name}`));
          for (const state of statesOf(game, `det-${id}-${players}-${set.name}`, players, options, 7, 400))
            for (let seat = 0; seat < players; seat++) {
              const view = game.view(state, seat);
              const world = game.determinize!(view, seat, rng, options);
              expect(
                isDeepStrictEqual(plain(game.view(world, seat)), plain(view)),
                `${set.name}, ${players} players, seat ${seat}`,
              ).toBe(true);
              expect(game.legalActions(world, seat)).toEqual(game.legalActions(state, seat));
              checked++;
            }
        }
      expect(checked).toBeGreaterThan(50);
    },
  );

  // Small budgets keep the file fast where a step is dear (a Streetcar greedy step rates about 70
  // builds, and every tree iteration rates its legal builds again: the hard bot at 24 iterations
  // and 4 steps, the tree at 12 and 2, took 80 and 50 s there); the property does not depend on
  // them. Twelve iterations still run every round of the hard bot's sequential halving over its
  // six candidates (rollouts.ts). The tree search kept beside the levels' rollouts
  // (`algorithm: 'ismcts'`) must hold it too.
  const searches = {
    'the hard bot': { iterations: 12, rolloutDepth: 1 },
    'the tree search': { algorithm: 'ismcts', rollout: 'random', iterations: 6, rolloutDepth: 1 },
  } as const satisfies Record<string, Partial<SearchConfig>>;
  it.each(
    entries.flatMap(([id, entry]) =>
      Object.entries(searches).map(([name, budget]) => [id, name, entry, budget] as const),
    ),
  )(
    '%s: %s chooses the same when what it cannot see is reshuffled',
    (id, _name, { game, secrets }, budget) => {
      const hard = botFor(game, 'hard', undefined, budget);
      let checked = 0;
      for (const players of seatCounts(game))
        for (const set of secrets.optionSets) {
          const options = game.options.parse(set.options(players));
          const shuffle = new Rng(seedRng(`perturb-${id}-${players}-${set.name}`));
          for (const state of statesOf(game, `perturb-${id}-${players}-${set.name}`, players, options, 23, 400)) {
            const seat = game.toAct(state)[0]!;
            const legal = game.legalActions(state, seat);
            if (legal.length < 2) continue;
            const other = secrets.perturb(state, seat, shuffle);
            const choose = (s: unknown) =>
              hard({
                seat,
                view: game.view(s, seat),
                legal: game.legalActions(s, seat),
                rng: new Rng(seedRng(`choice-${checked}`)),
                options,
              });
            expect(choose(other)).toEqual(choose(state));
            checked++;
          }
        }
      expect(checked).toBeGreaterThan(5);
    },
    120_000,
  );
});
