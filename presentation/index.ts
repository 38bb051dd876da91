/**
 * Board pictures as standalone SVG documents, pure functions of a game's public `components` and a
 * viewer's `view` (shared by the API's `GET /v1/games/{id}/board.svg` and the web client). Which
 * game draws how is named by its manifest (games.ts, written by `npm run games`).
 */
import type { RenderBoardOptions } from './board-options.js';
import { webGame, webGames } from './games.js';

export type { RenderBoardOptions } from './board-options.js';

/** Game ids that have a board picture. */
export const renderableGames: readonly string[] = Object.entries(webGames).flatMap(([id, g]) => (g.board ? [id] : []));

/** The board of `gameId` as a complete SVG document, or null for a game without a picture. */
export function renderBoard(
  gameId: string,
  components: unknown,
  view: unknown,
  options: RenderBoardOptions,
): string | null {
  const render = webGame(gameId)?.board;
  if (!render || components === null || typeof components !== 'object' || view === null || typeof view !== 'object')
    return null;
  return render(components, view, options);
}
