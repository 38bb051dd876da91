/**
 * What the Trains & Stations table in the web client decides from the legal actions and the viewer's
 * view: which dice may be picked, what the picked dice mean (a re-roll, coins, the
 * dice to save or keep, a building, a train's space), which board places glow for them, and what a
 * tap on a place means with them. Pure, so the client only draws.
 *
 * Dice of one kind (own or white) showing one face are interchangeable, and the engine lists one
 * spelling per choice (the lowest ids of each kind); so picked dice match an action when their kinds
 * match, not their ids. Once placed a train's face no longer matters (TS-6.4): for a placement TRAIN
 * and LOCKED_TRAIN are one kind.
 */
import type { TsView } from '../engine/games/trains-and-stations/view.js';
import type { UiAction } from './game-ui.js';
import { numbers } from './loose.js';

/** The table's step (GameUi.glowing's mode): the dice picked, as `dice:<id>,<id>`; null for none. */
export const pickMode = (ids: readonly number[]): string | null =>
  ids.length > 0 ? `dice:${[...ids].sort((a, b) => a - b).join(',')}` : null;

/** The dice picked in a mode. */
export function pickedDice(mode: string | null): number[] {
  return mode?.startsWith('dice:') ? numbers(mode.slice(5).split(',').map(Number)) : [];
}

/** Toggles one die in the picked set. */
export const togglePick = (ids: readonly number[], id: number): number[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

const isTrain = (face: string | null | undefined) => face === 'TRAIN' || face === 'LOCKED_TRAIN';

type Dice = Pick<TsView, 'dice'>;

/** A die's kind: its owner (own or white) and face; for a placement a train is a train (TS-6.4). */
function kind(view: Dice, id: number, placing: boolean): string {
  const d = view.dice[id];
  if (!d) return `?${id}`;
  return `${d.owner === null ? 'white' : 'own'}:${placing && isTrain(d.face) ? 'TRAIN' : (d.face ?? '-')}`;
}

/** The dice an action names, and whether it is a placement. */
function named(action: UiAction): { ids: number[]; placing: boolean } | null {
  switch (action.type) {
    case 'roll':
      return { ids: numbers(action.keep), placing: false };
    case 'end_resolution':
      return { ids: numbers(action.save), placing: false };
    case 'reroll':
    case 'take_coins':
    case 'build':
      return { ids: numbers(action.dice), placing: false };
    case 'place_train':
      return { ids: numbers([action.die]), placing: true };
    default:
      return null;
  }
}

const kinds = (view: Dice, ids: readonly number[], placing: boolean) =>
  ids
    .map((id) => kind(view, id, placing))
    .sort()
    .join('|');

/** True when `action` names dice of exactly the kinds of the picked ones. */
export function namesPicked(view: Dice, action: UiAction, picked: readonly number[]): boolean {
  const n = named(action);
  return (
    n !== null && n.ids.length === picked.length && kinds(view, n.ids, n.placing) === kinds(view, picked, n.placing)
  );
}

/** The legal actions of `type` the picked dice mean (a roll may mean several: one per number of white dice). */
export const pickedActions = (
  legal: readonly UiAction[],
  view: Dice,
  type: string,
  picked: readonly number[],
): UiAction[] => legal.filter((a) => a.type === type && namesPicked(view, a, picked));

/**
 * Dice worth a tap now: those of a kind some legal action names (the saved dice a roll may keep, the
 * dice a re-roll, coins, a building, a placement or the saving may use).
 */
export function usefulDice(legal: readonly UiAction[], view: Dice): Set<number> {
  const wanted = new Set<string>();
  for (const a of legal) {
    const n = named(a);
    if (n) for (const id of n.ids) wanted.add(kind(view, id, n.placing));
  }
  const out = new Set<number>();
  view.dice.forEach((d, id) => {
    if (
      (d.zone === 'play' || d.zone === 'saved') &&
      (wanted.has(kind(view, id, false)) || wanted.has(kind(view, id, true)))
    )
      out.add(id);
  });
  return out;
}

const boardKeys = (keys: readonly string[]) => keys.filter((k) => !k.startsWith('die:'));

/**
 * Board places that glow for the step due: with dice picked, only the places of the actions they
 * mean (a train die: its spaces, TS-6.3; three like building dice: the cities they may build in,
 * TS-6.9/6.10); with none, every place a legal action is about. Dice are on the table, not the board.
 */
export function glowingPlaces(
  legal: readonly UiAction[],
  mode: string | null,
  view: Dice | undefined,
  targets: (a: UiAction) => string[],
): string[] {
  const picked = pickedDice(mode);
  const wanted = picked.length > 0 && view ? legal.filter((a) => namesPicked(view, a, picked)) : legal;
  return [...new Set(wanted.flatMap((a) => boardKeys(targets(a))))];
}

/**
 * What a tap on a board place means with the dice picked: the actions there that use exactly them,
 * when there are any; otherwise all of that place's actions (listed by the page when several).
 */
export function tapChoices(actions: readonly UiAction[], mode: string | null, view: Dice | undefined): UiAction[] {
  const picked = pickedDice(mode);
  if (picked.length === 0 || !view) return [...actions];
  const mine = actions.filter((a) => namesPicked(view, a, picked));
  return mine.length > 0 ? mine : [...actions];
}

/** The actions the table offers as its own buttons (left out of the page's quick buttons; all stay in the full list). */
const ON_TABLE = new Set([
  'keep_special_cards',
  'roll',
  'recall',
  'reroll',
  'stop_rolling',
  'take_coins',
  'end_resolution',
  'speculate',
  'speculate_pass',
]);
export const onTable = (action: UiAction): boolean => ON_TABLE.has(action.type);

/** The special cards a keep action keeps, for the dealt cards chosen; undefined while that set may not be kept (TS-2.5). */
export function keepAction(legal: readonly UiAction[], chosen: readonly string[]): UiAction | undefined {
  const want = [...chosen].sort().join();
  return legal.find(
    (a) =>
      a.type === 'keep_special_cards' && Array.isArray(a.cards) && [...(a.cards as string[])].sort().join() === want,
  );
}

/** An offer as the table builds it: goods cards per good, and special goods cards (TS-9.2). */
export interface Offer {
  goods: Readonly<Record<string, number>>;
  specials: readonly string[];
}

const offerKey = (goods: unknown, specials: unknown): string => {
  const g =
    goods && typeof goods === 'object'
      ? Object.entries(goods as Record<string, unknown>).filter(([, n]) => typeof n === 'number' && n > 0)
      : [];
  const sp = Array.isArray(specials) ? specials.filter((x): x is string => typeof x === 'string') : [];
  return `${g
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}${String(n)}`)
    .join(',')}|${[...sp].sort().join(',')}`;
};

/** The legal speculation for exactly this offer; undefined while it may not be made (odd or fewer than 2 units, TS-9.2). */
export function speculateAction(legal: readonly UiAction[], offer: Offer): UiAction | undefined {
  const want = offerKey(offer.goods, offer.specials);
  return legal.find((a) => a.type === 'speculate' && offerKey(a.goods, a.specials) === want);
}

/** Units an offer holds: a goods card 1, a special goods card 2 (TS-9.2). */
export const offerUnits = (offer: Offer): number =>
  Object.values(offer.goods).reduce((a, n) => a + n, 0) + 2 * offer.specials.length;
