import { defineGame, factsOf, type KitGame } from '../../core/index.js';
import { TsActionSchema, TsOptionsSchema, type TsAction, type TsOptions } from './actions.js';
import * as z from 'zod';
import { BoardDataSchema, type Board } from './board.js';
import { createBot } from './bot.js';
import { createDeterminize } from './determinize.js';
import { createEstimate, ROLLOUT_DEPTH } from './estimate.js';
import { createRules } from './rules.js';
import { createSearchActions } from './search-actions.js';
import { TsEventSchema, TsViewSchema } from './schemas.js';
import { manifest } from './manifest.js';
import { finalScores } from './scoring.js';
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

const Ids = z.array(z.string());
const { cities, goods_spaces, goods_types, special_cards, constants } = BoardDataSchema.shape;

/** The published shape of componentsOf's answer, for the catalog's answer. */
export const TsComponentsSchema = z
  .strictObject({
    cities,
    routes: z.array(z.strictObject({ id: z.string(), name: z.string(), spaces: Ids, cities: Ids })),
    trackSpaces: z.array(z.strictObject({ id: z.string(), route: z.string(), neighbours: Ids, cities: Ids })),
    goodsSpaces: goods_spaces.meta({ description: 'Upgrade chains per goods space, tiers of goods' }),
    goods: goods_types,
    specialCards: special_cards,
    constants,
    reconstruction: z.literal(true).meta({ description: 'The board is a reconstruction, not the published one' }),
  })
  .meta({
    id: 'TsComponents',
    description: "Trains & Stations' board: cities, routes, track spaces, goods and special cards",
  });

/** The game on board `b`; `roundLimit` (RP-TS-1) is changed only by simulations measuring natural ends. */
export function defineTrainsAndStations(
  b: Board,
  { roundLimit = ROUND_LIMIT }: { roundLimit?: number | null } = {},
): KitGame<TsState, TsAction, TsOptions, TsView> {
  const rules = createRules(b, roundLimit);
  const view = createView(b, rules.toAct);
  return defineGame({
    ...factsOf(manifest),
    components: componentsOf(b),
    options: TsOptionsSchema,
    action: TsActionSchema,
    schemas: { view: TsViewSchema, event: TsEventSchema, components: TsComponentsSchema },
    checkOptions: (options, players) =>
      options.conductor !== 'random' && options.conductor >= players
        ? `conductor must be a seat from 0 to ${players - 1}`
        : null,
    setup: ({ seed, players, options }) => rules.setup(seed, players, options),
    rules,
    view,
    concealed: (s) => s.specialDeck,
    outcome: (s) => (s.pending.kind === 'over' ? finalScores(b, s) : null),
    bot: createBot(b),
    determinize: createDeterminize(b),
    estimate: createEstimate(b),
    searchActions: createSearchActions(b, view),
    // Both levels cut their simulations at the same horizon; see ROLLOUT_DEPTH.
    searchLevels: { medium: { rolloutDepth: ROLLOUT_DEPTH }, hard: { rolloutDepth: ROLLOUT_DEPTH } },
  });
}
