/**
 * Dice of one kind (own or white) showing one face are interchangeable (TS-0.2): naming die 3 or
 * die 5 when both are own HOTEL dice in play is the same choice. `legalActions` lists one spelling
 * per choice, the lowest ids of each kind; `canonicalAction` rewrites any other spelling to that
 * one, so `apply` accepts every equivalent spelling and the rules see one.
 */
import type { Seat } from '../../core/index.js';
import type { ActionOf, TsAction } from './actions.js';
import { dieClass, idsWhere, inPlay, isTrain } from './dice.js';
import type { TsState } from './state.js';

/** The dice an action may name at this moment and the key under which two of them are interchangeable. */
export interface DiceChoice {
  ids: number[];
  key: (id: number) => string;
}

/** Dice in play; the face is part of the key, so a set of one face maps only to dice of that face. */
export const playChoice = (s: TsState): DiceChoice => ({ ids: inPlay(s), key: (id) => dieClass(s.dice[id]) });

/** Train dice in play: once placed the face is lost (TS-6.4), so TRAIN and LOCKED_TRAIN are alike. */
export const trainChoice = (s: TsState): DiceChoice => ({
  ids: inPlay(s).filter((id) => isTrain(s.dice[id]?.face ?? null)),
  key: (id) => dieClass({ ...s.dice[id]!, face: 'TRAIN' }),
});

/** The seat's saved dice, whose faces roll may keep (TS-5.1). */
export const savedChoice = (s: TsState, seat: Seat): DiceChoice => ({
  ids: idsWhere(s, (d) => d.owner === seat && d.zone === 'saved'),
  key: (id) => dieClass(s.dice[id]),
});

/**
 * Rewrites the named ids: each die the choice offers becomes the lowest unused id of its kind. The
 * result is ordered kind by kind (kinds by their lowest id), ids ascending within a kind: the order
 * legalActions has always listed, which matters because reroll rolls its dice in the order named,
 * so stored games replay as they were played.
 */
function respell(named: readonly number[], choice: DiceChoice): number[] {
  // A die named twice is an error the rules report; rewriting could hide it.
  if (new Set(named).size !== named.length) return [...named];
  const byKey = new Map<string, number[]>();
  for (const id of [...choice.ids].sort((x, y) => x - y))
    byKey.set(choice.key(id), [...(byKey.get(choice.key(id)) ?? []), id]);
  const rank = new Map([...byKey.keys()].map((k, i) => [k, i]));
  const offered = new Set(choice.ids);
  const order = (id: number) => (offered.has(id) ? rank.get(choice.key(id))! : rank.size);
  return named
    .map((id) => (offered.has(id) ? byKey.get(choice.key(id))!.shift()! : id))
    .sort((x, y) => order(x) - order(y) || x - y);
}

type DiceAction = ActionOf<'roll' | 'reroll' | 'place_train' | 'build' | 'take_coins' | 'end_resolution'>;

/** Where each dice-naming action (ACT-2, 4, 6, 7, 8, 9) names dice, and from which choice. */
function rewrite(s: TsState, seat: Seat, a: DiceAction): TsAction {
  switch (a.type) {
    case 'roll':
      return { ...a, keep: respell(a.keep, savedChoice(s, seat)) };
    case 'place_train':
      return { ...a, die: respell([a.die], trainChoice(s))[0]! };
    case 'end_resolution':
      return { ...a, save: respell(a.save, playChoice(s)) };
    default:
      return { ...a, dice: respell(a.dice, playChoice(s)) };
  }
}

const DICE_ACTIONS: ReadonlySet<TsAction['type']> = new Set([
  'roll',
  'reroll',
  'place_train',
  'build',
  'take_coins',
  'end_resolution',
]);

/** The listed spelling of `action` in state `s` for `seat`; actions that name no dice are returned as they are. */
export function canonicalAction(s: TsState, seat: Seat, action: TsAction): TsAction {
  return DICE_ACTIONS.has(action.type) ? rewrite(s, seat, action as DiceAction) : action;
}
