import { ruleCheck, type GameDefinition } from '../../core/index.js';
import { TsActionSchema, TsOptionsSchema, type TsAction, type TsOptions } from './actions.js';
import type { Board } from './board.js';
import { createBot } from './bot.js';
import { legalActions } from './legal.js';
import { createRules, toAct } from './rules.js';
import { finalScores } from './scoring.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './setup.js';
import type { TsState } from './state.js';
import { createView, type TsView } from './view.js';

/** Public static components a client draws: cities, routes, track spaces, special cards, goods. */
export const componentsOf = (b: Board) => ({
  cities: b.cities,
  routes: b.routes,
  trackSpaces: [...b.spaces.values()],
  goodsSpaces: b.chains,
  goods: b.goods,
  specialCards: b.specials,
  constants: b.constants,
  reconstruction: true,
});

/** The actions that name dice (ACT-2, 4, 6, 7, 8, 9). */
const DICE_ACTIONS: ReadonlySet<string> = new Set(['ROLL', 'REROLL', 'PLACE_TRAIN', 'BUILD', 'TAKE_COINS', 'END_RESOLUTION']);

/** Key order does not make two actions different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${k}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

export function defineTrainsAndStations(b: Board): GameDefinition<TsState, TsAction, TsOptions, TsView> {
  const rules = createRules(b);
  /**
   * Dice of one kind and face are interchangeable, and legalActions names one representative per
   * choice. Only that spelling is accepted (refused citing TS-0.2), so that apply accepts exactly legalActions;
   * the rules' own checks run first, so an illegal action still cites the rule it breaks.
   */
  const apply = (s: TsState, seat: number, action: TsAction) => {
    const applied = rules.apply(s, seat, action);
    // Only actions that name dice have other spellings; the rest need no second look.
    if (!DICE_ACTIONS.has(action.type)) return applied;
    const spelled = canonical(action);
    ruleCheck(
      legalActions(b, s, seat).some((a) => canonical(a) === spelled),
      'not_as_listed',
      'Name the dice as legalActions does: dice of one kind and face are interchangeable, and the lowest ids stand for them',
      'TS-0.2',
    );
    return applied;
  };
  return {
    id: 'trains-and-stations',
    title: 'Trains & Stations',
    minPlayers: MIN_PLAYERS,
    maxPlayers: MAX_PLAYERS,
    listed: true,
    components: componentsOf(b),
    options: TsOptionsSchema,
    action: TsActionSchema,
    checkOptions: (options, players) => (options.conductor !== 'random' && options.conductor >= players ? `conductor must be a seat from 0 to ${players - 1}` : null),
    setup: ({ seed, players, options }) => rules.setup(seed, players, options),
    toAct,
    legalActions: (s, seat) => legalActions(b, s, seat),
    apply,
    view: createView(b, toAct),
    outcome: (s) => (s.pending.kind === 'over' ? finalScores(b, s) : null),
    bot: createBot(b),
  };
}
