import { TtrComponentsSchema } from './components-schema.js';
import {
  defineGame,
  factsOf,
  type AnyGame,
  type CatalogEntry,
  type GameManifest,
  type KitGame,
} from '../../core/index.js';
import { TtrActionSchema, TtrOptionsSchema, type TtrAction, type TtrOptions } from './actions.js';
import { createBot } from './bot.js';
import { createDeterminize } from './determinize.js';
import { createEstimate } from './estimate.js';
import { createSearchActions } from './search-actions.js';
import { searchLevels } from './search-levels.js';
import type { TtrMap } from './map.js';
import { createRules } from './rules.js';
import type { TtrState } from './state.js';
import { TtrEventSchema, TtrViewSchema, type TtrView } from './schemas.js';
import { ttrSecrets } from './secrets.js';
import { createView } from './view.js';

/** One Ticket to Ride game definition per map: the editions differ only in their map data. */
export function ticketToRide(manifest: GameManifest, map: TtrMap): KitGame<TtrState, TtrAction, TtrOptions, TtrView> {
  const rules = createRules(map);
  return defineGame({
    ...factsOf(manifest),
    components: map,
    schemas: { view: TtrViewSchema, event: TtrEventSchema, components: TtrComponentsSchema },
    options: TtrOptionsSchema,
    action: TtrActionSchema,
    checkOptions: (options, players) =>
      options.firstPlayer !== 'random' && options.firstPlayer >= players
        ? `firstPlayer must be a seat from 0 to ${players - 1}`
        : null,
    setup: ({ seed, players, options }) => rules.setup(seed, players, options),
    rules,
    view: createView(map),
    concealed: (s) => ({ deck: s.deck, tickets: s.ticketDecks }),
    outcome: (s) => s.result,
    bot: createBot(rules),
    determinize: createDeterminize(map),
    // Scored as if the game ended now, unfinished tickets by the trains they still need.
    estimate: createEstimate(map),
    searchActions: createSearchActions(map),
    searchLevels,
  });
}

/** An edition's catalog entry: its game and the hidden information of its map. */
export const ticketToRideEntry = (game: KitGame<TtrState, TtrAction, TtrOptions, TtrView>): CatalogEntry => ({
  game: game as AnyGame,
  secrets: ttrSecrets(game.components as TtrMap),
});
