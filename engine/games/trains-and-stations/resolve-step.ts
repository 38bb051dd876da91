/** Step 3 of a turn (TS-6): placing trains, building, taking coins, and ending it by saving dice (DP-4). */
import { ruleCheck } from '../../core/index.js';
import type { Board } from './board.js';
import { startDeliveries } from './delivery.js';
import { inPlay, isBuildingFace, isTrain, legalSpaces, sendBack } from './dice.js';
import { buildableCities, mustPlace, resolveActions } from './legal.js';
import type { TsState } from './state.js';
import { base, distinct, shown, type TsStep } from './step-kit.js';

export function resolveStep(b: Board) {
  const C = b.constants;

  /** Step 3 actions may open it from Step 2, which then ends (TS-6.1). */
  const resolving = (s: TsState) => {
    s.pending = { kind: 'resolve' };
  };

  const resolution: TsStep['on'] = {
    place_train: (d, a) => {
      const s = d.state;
      resolving(s);
      const die = s.dice[a.die];
      ruleCheck(
        die?.zone === 'play' && isTrain(die.face),
        'not_a_train',
        'Only a train die in play can be placed',
        'TS-6.2',
      );
      ruleCheck(
        legalSpaces(b, s).includes(a.space),
        'bad_space',
        'A train goes on an empty space next to a city or to an occupied space',
        'TS-6.3',
      );
      Object.assign(die, { zone: 'track', space: a.space, face: null, holder: null });
      d.emit('train_placed', { seat: d.seat, die: a.die, owner: die.owner, space: a.space });
    },
    build: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(
        a.dice.length === 3 && distinct(a.dice),
        'bad_set',
        'A building takes exactly 3 different dice',
        'TS-6.7',
      );
      ruleCheck(
        a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === a.building),
        'bad_set',
        'The 3 dice must show that building',
        'TS-6.7',
      );
      const p = s.players[d.seat]!;
      ruleCheck(p.buildings[a.building] > 0, 'no_building_left', 'You have no building of that type left', 'TS-6.7');
      const city = b.city.get(a.city);
      ruleCheck(city, 'unknown_city', 'No such city', 'TS-6.9');
      ruleCheck(
        s.buildings.filter((x) => x.city === a.city).length < city.sites,
        'city_full',
        'That city has no free building site',
        'TS-6.9',
      );
      ruleCheck(
        buildableCities(b, s).includes(a.city),
        'level_rule',
        'Build first in a city with the fewest buildings',
        'TS-6.10',
      );
      p.buildings[a.building] -= 1;
      s.buildings.push({ id: s.buildings.length, owner: d.seat, type: a.building, city: a.city });
      for (const id of a.dice) sendBack(s.dice[id]!);
      d.emit('built', { seat: d.seat, building: a.building, city: a.city });
    },
    take_coins: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-6.13');
      ruleCheck(
        a.dice.every((id) => s.dice[id]?.zone === 'play' && s.dice[id]?.face === 'COIN'),
        'not_coin',
        'Only dice showing COIN give coins',
        'TS-6.13',
      );
      const p = s.players[d.seat]!;
      const gain = Math.min(C.coinCap - p.coins, C.coinsPerCoinDie * a.dice.length, s.bank);
      p.coins += gain;
      s.bank -= gain;
      for (const id of a.dice) sendBack(s.dice[id]!);
      d.emit('coins', { seat: d.seat, coins: gain });
    },
    end_resolution: (d, a) => {
      const s = d.state;
      resolving(s);
      ruleCheck(!mustPlace(b, s), 'trains_unplaced', 'Every train die must be placed first', 'TS-6.2');
      ruleCheck(distinct(a.save), 'bad_dice', 'Name each die once', 'TS-6.14');
      for (const id of a.save) {
        const die = s.dice[id];
        ruleCheck(die?.zone === 'play', 'not_in_play', 'Only dice in play can be saved', 'TS-6.14');
        ruleCheck(die.owner === d.seat, 'bonus_not_saved', 'Bonus dice can never be saved', 'TS-6.15');
        ruleCheck(
          isBuildingFace(die.face) || die.face === 'COIN',
          'bad_face',
          'Only dice showing a building or COIN can be saved',
          'TS-6.14',
        );
      }
      for (const id of inPlay(s)) {
        const die = s.dice[id]!;
        if (a.save.includes(id)) die.zone = 'saved';
        else sendBack(die);
      }
      d.emit('resolution_ended', { seat: d.seat, saved: shown(s, a.save) });
      startDeliveries(b, d);
    },
  };
  /** DP-4, Step 3 (TS-6). */
  const resolve: TsStep = { ...base, rule: 'TS-6.1', actions: (s, seat) => resolveActions(b, s, seat), on: resolution };

  return { resolving, resolution, resolve };
}

export type ResolveStep = ReturnType<typeof resolveStep>;
