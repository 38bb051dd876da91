import { get, type CatalogEntry, type CatalogGame } from './api.js';

/** The catalog and each game's components are static: fetched once per page load. */
let entries: Promise<CatalogEntry[]> | null = null;
const games = new Map<string, Promise<CatalogGame>>();

export const catalog = (): Promise<CatalogEntry[]> => (entries ??= get<CatalogEntry[]>('/v1/catalog'));

export function catalogGame(id: string): Promise<CatalogGame> {
  let g = games.get(id);
  if (!g) {
    g = get<CatalogGame>(`/v1/catalog/${encodeURIComponent(id)}`);
    games.set(id, g);
  }
  return g;
}

export async function titleOf(id: string): Promise<string> {
  return (await catalog()).find((g) => g.id === id)?.title ?? id;
}
