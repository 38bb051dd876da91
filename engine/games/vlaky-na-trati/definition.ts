import { defineGame, factsOf, type KitGame } from '../../core/index.js';
import { VntActionSchema, VntOptionsSchema, type VntAction, type VntOptions } from './actions.js';
import { createBot } from './bot.js';
import { VntComponentsSchema, type VntData } from './data.js';
import { createDeterminize } from './determinize.js';
import { createEstimate } from './estimate.js';
import { manifest } from './manifest.js';
import { createRules } from './rules.js';
import { VntEventSchema, VntViewSchema, type VntView } from './schemas.js';
import type { VntState } from './state.js';
import { createView } from './view.js';

/** The game over any §17 data set (the reconstruction in production, fixtures in tests). */
export function vlakyNaTrati(data: VntData): KitGame<VntState, VntAction, VntOptions, VntView> {
  const rules = createRules(data);
  return defineGame({
    ...factsOf(manifest),
    components: data,
    options: VntOptionsSchema,
    action: VntActionSchema,
    schemas: { view: VntViewSchema, event: VntEventSchema, components: VntComponentsSchema },
    checkOptions: (options, players) =>
      options.startingPlayer !== 'random' && options.startingPlayer >= players
        ? `startingPlayer must be a seat from 0 to ${players - 1}`
        : null,
    setup: ({ seed, players, options }) => rules.setup(seed, players, options),
    rules,
    view: createView(rules),
    concealed: (s) => s.deckB,
    outcome: (s) => s.result,
    bot: createBot(data),
    determinize: createDeterminize(data),
    estimate: createEstimate(data),
  });
}
