import type { AnyGame } from '../../engine/core/index.js';
import type { NamedExample } from './game-examples.js';

/**
 * What the document spells out per game, for openapi-document.ts only: the games, and the request
 * examples played from seeded games. It is handed in rather than imported by the routes, so that a
 * serving bundle carries neither the examples nor the playouts that make them.
 */
export interface DocumentedGames {
  games: readonly AnyGame[];
  createExamples: Record<string, NamedExample>;
  actionExamples: Record<string, NamedExample>;
}
