/**
 * ACT-6, TS-0.2: dice of one kind (own or white) and face are interchangeable, so every
 * spelling of a listed choice is accepted and has the listed spelling's effect. The equivalence is
 * restated here from the rules, not taken from spelling.ts.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, Rng, seedRng, type BotFn } from '../../core/index.js';
import type { TsAction } from './actions.js';
import { defaultBoard } from './board.js';
import { defineTrainsAndStations } from './definition.js';
import { A, game as fixtureGame, hold, inPlay, resolving, started } from './rules.testkit.js';
import type { TsState } from './state.js';

/** Dice the rules cannot tell from `id`: same zone, same owner (white: none), same face (any train face when placing, TS-6.4). */
function twins(s: TsState, id: number, placing: boolean): number[] {
  const face = (f: string | null) => (placing && (f === 'TRAIN' || f === 'LOCKED_TRAIN') ? 'TRAIN' : f);
  const d = s.dice[id]!;
  return s.dice.flatMap((e, other) =>
    e.zone === d.zone && e.owner === d.owner && face(e.face) === face(d.face) ? [other] : [],
  );
}

/** Another spelling of a listed action: each named die swapped for a random twin, the list shuffled. */
function respell(s: TsState, a: TsAction, rng: Rng): TsAction {
  const swap = (ids: readonly number[], placing = false) => {
    const used = new Set<number>();
    const out = ids.map((id) => {
      const pick = rng.pick(twins(s, id, placing).filter((t) => !used.has(t) && !ids.some((n) => n !== id && n === t)));
      used.add(pick);
      return pick;
    });
    return rng.shuffle(out);
  };
  switch (a.type) {
    case 'roll':
      return { ...a, keep: swap(a.keep) };
    case 'place_train':
      return { ...a, die: swap([a.die], true)[0]! };
    case 'end_resolution':
      return { ...a, save: swap(a.save) };
    case 'reroll':
    case 'build':
    case 'take_coins':
      return { ...a, dice: swap(a.dice) };
    default:
      return a;
  }
}

describe('interchangeable dice (TS-0.2, ACT-2/4/6/7/8/9)', () => {
  it('ACT-6: place_train accepts any train die in play, a LOCKED_TRAIN for a TRAIN too, with the same result', () => {
    const s = resolving(started());
    const [d1, d2, d3] = inPlay(s, ['TRAIN', 'TRAIN', 'LOCKED_TRAIN']) as [number, number, number];
    const listed = fixtureGame.apply(s, A, { type: 'place_train', die: d1, space: 'u1' }).state;
    expect(fixtureGame.apply(s, A, { type: 'place_train', die: d2, space: 'u1' }).state).toEqual(listed);
    expect(fixtureGame.apply(s, A, { type: 'place_train', die: d3, space: 'u1' }).state).toEqual(listed);
  });

  it('ACT-7/8/9: build, take_coins and end_resolution accept any dice of the kind and face, in any order; white dice stay apart from own', () => {
    const s = resolving(started());
    hold(s, A, 2);
    const [, h2, h3, h4, wh] = inPlay(s, ['HOTEL', 'HOTEL', 'HOTEL', 'HOTEL', 'W:HOTEL']) as number[];
    const [c1, c2] = inPlay(s, ['COIN', 'COIN']) as number[];
    const listedBuild = fixtureGame
      .legalActions(s, A)
      .find((a) => a.type === 'build' && a.city === 'DET' && a.dice.every((id) => s.dice[id]!.owner === A))!;
    expect(
      fixtureGame.apply(s, A, { type: 'build', building: 'HOTEL', dice: [h4!, h2!, h3!], city: 'DET' }).state,
    ).toEqual(fixtureGame.apply(s, A, listedBuild).state);
    const withWhite = fixtureGame.apply(s, A, {
      type: 'build',
      building: 'HOTEL',
      dice: [wh!, h3!, h4!],
      city: 'DET',
    }).state;
    expect(withWhite.dice[wh!]!.zone).toBe('supply');
    expect(fixtureGame.apply(s, A, { type: 'take_coins', dice: [c2!] }).state).toEqual(
      fixtureGame.apply(s, A, { type: 'take_coins', dice: [c1!] }).state,
    );
    const saveLast = fixtureGame.apply(s, A, { type: 'end_resolution', save: [h4!, c2!] }).state;
    expect(
      saveLast.dice
        .filter((d) => d.zone === 'saved')
        .map((d) => d.face)
        .sort(),
    ).toEqual(['COIN', 'HOTEL']);
  });

  it('every spelling of every listed dice action on the reconstructed board is accepted with the listed effect (random walks)', () => {
    const game = defineTrainsAndStations(defaultBoard);
    let respelled = 0;
    for (const seed of ['a', 'b', 'c']) {
      let s = game.setup({ seed, players: 4, options: game.options.parse({}) });
      const rng = new Rng(seedRng(`spelling/${seed}`));
      for (let step = 0; step < 250 && game.toAct(s).length > 0; step++) {
        const seat = game.toAct(s)[0]!;
        const legal = game.legalActions(s, seat);
        for (const a of legal
          .filter((x) => ['roll', 'reroll', 'place_train', 'build', 'take_coins', 'end_resolution'].includes(x.type))
          .slice(0, 6)) {
          const other = respell(s, a, rng);
          expect(game.apply(s, seat, other).state, JSON.stringify({ listed: a, other })).toEqual(
            game.apply(s, seat, a).state,
          );
          if (JSON.stringify(other) !== JSON.stringify(a)) respelled++;
        }
        const bot: BotFn = rng.int(3) === 0 ? randomBot : game.bot;
        s = game.apply(s, seat, bot({ seat, view: game.view(s, seat), legal, rng }) as TsAction).state;
      }
    }
    expect(respelled).toBeGreaterThan(50);
  });
});
