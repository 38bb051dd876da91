import { defineGame, factsOf, type AnyGame, type CatalogEntry, type KitGame } from '../../core/index.js';
import {
  StreetcarActionSchema,
  StreetcarOptionsSchema,
  type StreetcarAction,
  type StreetcarOptions,
} from './actions.js';
import { greedyBot } from './bot.js';
import { StreetcarComponentsSchema, components } from './components.js';
import { determinize } from './determinize.js';
import { estimate } from './estimate.js';
import { outcome } from './outcome.js';
import { rules } from './rules.js';
import { searchActions } from './search-actions.js';
import { manifest } from './manifest.js';
import { searchLevels } from './search-levels.js';
import { streetcarSecrets } from './secrets.js';
import { StreetcarEventSchema, StreetcarViewSchema } from './schemas.js';
import { setup } from './setup.js';
import type { StreetcarState } from './state.js';
import { view, type StreetcarView } from './view.js';

export const streetcar: KitGame<StreetcarState, StreetcarAction, StreetcarOptions, StreetcarView> = defineGame({
  ...factsOf(manifest),
  components,
  options: StreetcarOptionsSchema,
  action: StreetcarActionSchema,
  schemas: { view: StreetcarViewSchema, event: StreetcarEventSchema, components: StreetcarComponentsSchema },
  checkOptions: (o, players) => {
    if (o.firstPlayer >= players) return `firstPlayer must be a seat from 0 to ${players - 1}`;
    if (o.handicap.length > players) return 'handicap lists more seats than there are players';
    return null;
  },
  setup: ({ seed, players, options }) => setup(seed, players, options),
  rules,
  view,
  concealed: (s) => s.stacks,
  outcome,
  bot: greedyBot,
  determinize,
  estimate,
  searchActions,
  searchLevels,
});

export const entry: CatalogEntry = { game: streetcar as AnyGame, secrets: streetcarSecrets() };
