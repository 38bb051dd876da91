/** Two ways for the bot to get a game: make one against the platform's bots, or take a seat from the lobby. */
import type { components } from '../../api-spec/openapi.js';
import type { Api } from './client.js';

export type BotLevel = components['schemas']['BotLevel'];
export type GameId = components['schemas']['GameId'];

/** `name` as a game of the server's catalog (`GET /v1/catalog`): a command line names any string, the API takes only these. */
export async function catalogGame(api: Api, name: string): Promise<GameId> {
  const { data: catalog } = await api.GET('/v1/catalog');
  const game = catalog?.find((g) => g.id === name);
  if (!game) throw new Error(`no game ${name} in the catalog: ${catalog?.map((g) => g.id).join(', ')}`);
  return game.id;
}

/**
 * Creates a game of catalog game `game` (an id of `GET /v1/catalog`) with the bot in seat 0 and the
 * platform's bots at `level` in the others. A game whose every other seat is a bot starts at once.
 */
export async function createAgainstBots(api: Api, game: GameId, players: number, level: BotLevel): Promise<string> {
  const bots = Array.from({ length: players - 1 }, () => level);
  const { data, error } = await api.POST('/v1/games', { body: { game, players, bots } });
  if (!data) throw new Error(`no game created: ${JSON.stringify(error)}`);
  return data.id;
}

/** Joins the newest public game of `game` with a free seat (`GET /v1/lobby`); undefined when there is none. */
export async function joinFromLobby(api: Api, game: GameId): Promise<string | undefined> {
  const { data: lobby } = await api.GET('/v1/lobby', { params: { query: { game } } });
  for (const open of lobby?.games ?? []) {
    // Someone else may take the last seat first: then try the next game.
    const { data } = await api.POST('/v1/games/{id}/join', { params: { path: { id: open.id } }, body: {} });
    if (data) return data.id;
  }
  return undefined;
}
