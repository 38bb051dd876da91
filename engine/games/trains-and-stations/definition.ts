import type { GameDefinition } from '../../core/index.js';
import { TsActionSchema, TsOptionsSchema, type TsAction, type TsOptions } from './actions.js';
import type { Board } from './board.js';
import { createBot } from './bot.js';
import { legalActions } from './legal.js';
import { createRules, toAct } from './rules.js';
import { TsEventSchema, TsViewSchema } from './schemas.js';
import { canonicalAction } from './spelling.js';
import { finalScores } from './scoring.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './setup.js';
import type { TsState } from './state.js';
import { ROUND_LIMIT } from './turn.js';
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

/** The game on board `b`; `roundLimit` (RP-TS-1) is changed only by simulations measuring natural ends. */
export function defineTrainsAndStations(b: Board, { roundLimit = ROUND_LIMIT }: { roundLimit?: number | null } = {}): GameDefinition<TsState, TsAction, TsOptions, TsView> {
  const rules = createRules(b, roundLimit);
  // Any spelling of a choice is accepted; the rules see the listed one (spelling.ts, TS-0.2).
  const apply = (s: TsState, seat: number, action: TsAction) => rules.apply(s, seat, canonicalAction(s, seat, action));
  return {
    id: 'trains-and-stations',
    title: 'Trains & Stations',
    minPlayers: MIN_PLAYERS,
    maxPlayers: MAX_PLAYERS,
    listed: true,
    components: componentsOf(b),
    options: TsOptionsSchema,
    action: TsActionSchema,
    schemas: { view: TsViewSchema, event: TsEventSchema },
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
