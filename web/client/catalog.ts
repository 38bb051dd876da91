import type { TFunction } from 'i18next';
import { api, dataOf, type CatalogEntry, type CatalogGame, type GameId } from './api.js';
import { tOr } from './i18n.js';

/** The catalog and each game's components are static: fetched once per page load. */
let entries: Promise<CatalogEntry[]> | null = null;
const games = new Map<string, Promise<CatalogGame>>();

export const catalog = (): Promise<CatalogEntry[]> => (entries ??= api.GET('/v1/catalog').then(dataOf));

/** `id` (from a link or a form) as the catalog names it; undefined for a game the catalog does not have. */
export const catalogId = async (id: string): Promise<GameId | undefined> =>
  (await catalog()).find((g) => g.id === id)?.id;

export function catalogGame(id: GameId): Promise<CatalogGame> {
  let g = games.get(id);
  if (!g) {
    g = api.GET('/v1/catalog/{game}', { params: { path: { game: id } } }).then(dataOf);
    games.set(id, g);
  }
  return g;
}

/**
 * A game's name as its edition in the reader's language calls it (Linie 1, Zug um Zug…); the
 * catalog's English title for a game the translations do not name.
 */
export function gameTitle(t: TFunction, id: string, fallback?: string): string {
  return tOr(t, `gameNames.${id}`, fallback ?? id);
}
