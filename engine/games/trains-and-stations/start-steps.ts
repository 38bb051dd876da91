/**
 * The steps before Step 3: keeping special cards at setup (DP-1), starting a turn by rolling or
 * recalling (DP-2), and Step 2's paid re-rolls (DP-3).
 */
import { awaiting, ruleCheck } from '../../core/index.js';
import type { TsAction } from './actions.js';
import type { Board } from './board.js';
import { bonusSupply, heldBonus, idsWhere, inPlay, ownOnTrack, rerollable, roll, sendBack } from './dice.js';
import type { TsDraft } from './draft.js';
import { bonusRange, canReroll, classPicks, combinations, ownToRoll, resolveActions } from './legal.js';
import type { ResolveStep } from './resolve-step.js';
import { closeKeep } from './setup.js';
import { playChoice, savedChoice } from './spelling.js';
import { base, complete, distinct, pendingOf, shown, type TsStep } from './step-kit.js';
import { endOfTurn } from './upgrade.js';
import { loseVP } from './vp.js';

export function startSteps(b: Board, { resolving, resolution }: ResolveStep) {
  const C = b.constants;

  /** Rolls the dice in the order named (stored games replay as played), then the strike check: Step 2 goes on only if a re-roll is possible (TS-5.2/5.5/5.6). */
  function rollDice(d: TsDraft, ids: readonly number[], type: 'roll' | 'reroll'): void {
    const s = d.state;
    for (const id of ids) {
      const die = s.dice[id];
      if (die) die.face = roll(d.rng);
    }
    d.emit(type, { seat: d.seat, dice: shown(s, inPlay(s)) });
    const locked = inPlay(s).filter((id) => s.dice[id]?.face === 'LOCKED_TRAIN').length;
    if (!s.strike && locked >= C.strikeLockedTrains) {
      s.strike = true;
      s.stats.strikes += 1;
      d.emit('strike', { seat: s.active, vp: loseVP(s, s.active, C.strikePenaltyVP) });
    }
    s.pending = canReroll(b, s) ? { kind: 'rolling' } : { kind: 'resolve' };
  }

  /** DP-1 (TS-2.5): every seat secretly keeps two of its dealt special cards. */
  const keep: TsStep = {
    ...base,
    rule: 'TS-2.5',
    actors: (s) => awaiting(pendingOf(s, 'keep').kept),
    actions: (s, seat) =>
      combinations(s.players[seat]!.dealt, C.specialKept).map((cards) => ({ type: 'keep_special_cards', cards })),
    on: {
      keep_special_cards: (d, a) => {
        const p = pendingOf(d.state, 'keep');
        const dealt = d.state.players[d.seat]!.dealt;
        ruleCheck(
          a.cards.length === C.specialKept && distinct(a.cards) && a.cards.every((id) => dealt.includes(id)),
          'bad_keep',
          `Keep exactly ${C.specialKept} of your dealt cards`,
          'TS-2.5',
        );
        p.kept[d.seat] = [...a.cards];
        d.emitSecret({ type: 'specials_kept', data: { seat: d.seat, cards: a.cards } }, [d.seat], {
          type: 'specials_kept',
          data: { seat: d.seat },
        });
        if (complete(p.kept)) closeKeep(d, p.kept);
      },
    },
  };

  /** DP-2 (TS-3.1, TS-4): roll, with held bonus dice and kept saved faces, or recall. */
  const start: TsStep = {
    ...base,
    rule: 'TS-3.1',
    actions: (s, seat) => {
      const [lo, hi] = bonusRange(b, s, seat);
      const rolls: TsAction[] = [];
      for (let bonus = lo; bonus <= hi; bonus++)
        for (const keep of classPicks(savedChoice(s, seat))) rolls.push({ type: 'roll', bonus, keep });
      return ownOnTrack(s, seat) >= C.recallMinDiceOnBoard ? [...rolls, { type: 'recall' }] : rolls;
    },
    on: {
      roll: (d, a) => {
        const { state: s, seat } = d;
        const saved = idsWhere(s, (x) => x.owner === seat && x.zone === 'saved');
        ruleCheck(
          distinct(a.keep) && a.keep.every((id) => saved.includes(id)),
          'not_saved',
          'Only saved dice can keep their faces',
          'TS-5.1',
        );
        const [lo, hi] = bonusRange(b, s, seat);
        ruleCheck(a.bonus <= hi, 'bonus_not_held', 'You do not hold that many bonus dice', 'TS-4.3');
        ruleCheck(
          a.bonus >= lo,
          'bonus_too_few',
          bonusSupply(s).length === 0
            ? 'The common bonus supply is empty: roll every held bonus die'
            : 'Use bonus dice to reach 5 dice',
          'TS-4.3',
        );
        const own = ownToRoll(b, s, seat);
        const pool = idsWhere(s, (x) => x.owner === seat && x.zone === 'pool').slice(0, own - saved.length);
        const bonus = heldBonus(s, seat).slice(0, a.bonus);
        for (const id of [...saved, ...pool, ...bonus]) {
          const die = s.dice[id];
          if (die) die.zone = 'play';
        }
        rollDice(d, [...saved.filter((id) => !a.keep.includes(id)), ...pool, ...bonus], 'roll');
      },
      recall: (d) => {
        const { state: s, seat } = d;
        ruleCheck(
          ownOnTrack(s, seat) >= C.recallMinDiceOnBoard,
          'too_few_on_board',
          `Recall needs ${C.recallMinDiceOnBoard} or more of your dice on the board`,
          'TS-4.1',
        );
        for (const die of s.dice) if (die.owner === seat && die.zone === 'track') sendBack(die);
        s.stats.recalls += 1;
        d.emit('recall', { seat });
        endOfTurn(b, d);
      },
    },
  };

  /** DP-3, Step 2 (TS-5.3–5.6): paid re-rolls, stopping, or Step 3 at once. */
  const rolling: TsStep = {
    ...base,
    rule: 'TS-5.3',
    actions: (s, seat) => {
      const rerolls: TsAction[] = canReroll(b, s)
        ? classPicks({ ...playChoice(s), ids: rerollable(s) })
            .filter((x) => x.length > 0)
            .map((dice) => ({ type: 'reroll', dice }))
        : [];
      return [...rerolls, { type: 'stop_rolling' }, ...resolveActions(b, s, seat)];
    },
    on: {
      ...resolution,
      reroll: (d, a) => {
        const s = d.state;
        ruleCheck(a.dice.length > 0 && distinct(a.dice), 'bad_dice', 'Name one or more different dice', 'TS-5.3');
        ruleCheck(
          a.dice.every((id) => s.dice[id]?.zone === 'play'),
          'not_in_play',
          'Only dice in play can be re-rolled',
          'TS-5.3',
        );
        ruleCheck(
          a.dice.every((id) => s.dice[id]?.face !== 'LOCKED_TRAIN'),
          'locked',
          'A locked train can never be re-rolled',
          'TS-5.4',
        );
        s.players[d.seat]!.coins -= C.rerollCost;
        s.bank += C.rerollCost;
        rollDice(d, a.dice, 'reroll');
      },
      stop_rolling: (d) => resolving(d.state),
    },
  };

  return { keep, start, rolling };
}
