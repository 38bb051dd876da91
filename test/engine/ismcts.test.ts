/**
 * The kit's information-set tree search (SO-ISMCTS, `algorithm: 'ismcts'`), kept beside
 * the flat rollouts the levels use (docs/playing.md "Bot levels"), still searches. Tally (TA-1 to TA-3) is a
 * race to a target in steps of 1 or 2, and with two seats the seat to move wins exactly when it
 * can leave the other a multiple of 3 short of the target. Random play to the end is informative
 * there, so a tree of a few hundred iterations must find the winning step.
 */
import { describe, expect, it } from 'vitest';
import { Rng, searchBot, seedRng, type AnyGame } from '../../engine/core/index.js';
import { tally } from '../../engine/fixtures/tally.js';

// Nothing in tally is hidden: a determinization is the view itself.
const game = {
  ...tally,
  determinize: (view: unknown) => structuredClone(view),
  estimate: () => [0, 0],
} as unknown as AnyGame;
const TARGET = 10;

function position(total: number) {
  const s = tally.setup({ seed: 'ismcts', players: 2, options: tally.options.parse({ target: TARGET }) });
  return { ...s, total };
}

const tree = searchBot(game, { algorithm: 'ismcts', iterations: 400, rollout: 'random' });
const choose = (total: number, seed = 'tree') => {
  const s = position(total);
  return tree({
    seat: 0,
    view: game.view(s, 0),
    legal: game.legalActions(s, 0),
    rng: new Rng(seedRng(seed)),
    options: { target: TARGET },
  });
};

describe('the tree search (SO-ISMCTS) finds the winning step in tally (TA-2, TA-3)', () => {
  it.each([
    [8, 2, 'reaches the target at once'],
    [6, 1, 'leaves the other seat 3 short'],
    [5, 2, 'leaves the other seat 3 short'],
    [3, 1, 'leaves the other seat 6 short'],
  ])('at %i of 10 it adds %i: %s', (total, n) => {
    expect(choose(total)).toEqual({ type: 'add', n });
  });

  it('chooses the same with the same rng: the iteration budget makes a move reproducible', () => {
    for (const total of [0, 1, 2, 4, 7])
      expect(choose(total, `again-${total}`)).toEqual(choose(total, `again-${total}`));
  });
});
