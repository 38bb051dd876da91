import type { AnyGame } from '../core/contract.js';

/** Every game in the public catalog. Each game's folder exports one GameDefinition. */
export const catalogGames: readonly AnyGame[] = [];
