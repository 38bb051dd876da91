/**
 * Every registered game sits on the game kit, and in every state a seeded game reaches,
 * each action a step lists has its effect in that same step (legality and effect cannot drift apart).
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame, type KitGame } from '../../engine/core/index.js';
import { fixtures } from '../../engine/fixtures/index.js';
import { catalog } from '../../engine/games/index.js';

const registered: [string, AnyGame][] = [
  ...Object.entries(catalog).map(([id, e]): [string, AnyGame] => [id, e.game]),
  ...Object.entries(fixtures),
];
const isKitGame = (g: AnyGame): g is KitGame<unknown, { type: string }, unknown, unknown> => 'kit' in g;

describe('the games are written on the kit', () => {
  it.each(registered)('%s: every listed action is handled by the step that lists it', (_id, game) => {
    expect(isKitGame(game)).toBe(true);
    if (!isKitGame(game)) return;
    const unhandled = new Set<string>();
    const steps = new Set<string>();
    for (const players of new Set([game.minPlayers, game.maxPlayers])) {
      let state = game.setup({ seed: `kit-${players}`, players, options: game.options.parse({}) });
      const rng = new Rng(seedRng(`kit-bots-${players}`));
      for (let n = 0; n < 1500; n++) {
        const step = game.kit.step(state);
        const due = game.toAct(state);
        if (step === null || due.length === 0) {
          expect([step, due]).toEqual([null, []]);
          break;
        }
        steps.add(step);
        const handled = new Set(game.kit.handles(step));
        for (const seat of due)
          for (const a of game.legalActions(state, seat)) if (!handled.has(a.type)) unhandled.add(`${step}: ${a.type}`);
        const seat = due[0]!;
        const legal = game.legalActions(state, seat);
        state = game.apply(state, seat, game.bot({ seat, view: game.view(state, seat), legal, rng })).state;
      }
    }
    expect([...unhandled]).toEqual([]);
    expect(steps.size).toBeGreaterThan(0);
  });
});
