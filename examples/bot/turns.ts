/**
 * One look at a game: answer a take-back request waiting for the bot, then post moves for as long
 * as the bot is to act. The bot needs no rules of its own: the view lists its `legalActions`, and
 * it posts one back unchanged with the `version` it read as `expectedVersion`.
 */
import type { Api } from './client.js';

/** What the bot did, for its log (and the tests' figures). */
export interface Tally {
  moves: number;
  /** Moves refused with 409 stale_version: another move came first, so the bot read again. */
  conflicts: number;
  takebacks: number;
}

export const newTally = (): Tally => ({ moves: 0, conflicts: 0, takebacks: 0 });

export interface Look {
  finished: boolean;
  /** The game's version after the bot's moves: wait for the next one. */
  version: number;
}

/** The bot's policy for take-backs: a friendly bot lets people take a slip back. */
export type TakebackAnswer = 'accept' | 'refuse';

/** Any of `count` choices, at random: the simplest bot that can finish a game. */
const randomIndex = (count: number) => Math.floor(Math.random() * count);

export async function act(api: Api, id: string, tally: Tally, takeback: TakebackAnswer = 'accept'): Promise<Look> {
  const params = { path: { id } };
  const { data: game, error } = await api.GET('/v1/games/{id}', { params });
  if (!game) throw new Error(`game ${id}: ${JSON.stringify(error)}`);
  if (game.status !== 'active') return { finished: game.status !== 'open', version: game.version };
  if (game.takeback?.waitingFor.includes(game.yourSeat ?? -1)) {
    // Refused with a conflict when the request ended meanwhile: the view below is read afresh anyway.
    const answered = await api.POST(`/v1/games/{id}/takeback/${takeback}`, {
      params,
      body: { expectedVersion: game.version },
    });
    if (answered.data) tally.takebacks++;
  }
  let { data: view } = await api.GET('/v1/games/{id}/view', { params });
  while (view && view.legalActions.length > 0) {
    const posted = await api.POST('/v1/games/{id}/actions', {
      params,
      body: { action: view.legalActions[randomIndex(view.legalActions.length)]!, expectedVersion: view.version },
    });
    if (posted.data) {
      tally.moves++;
      view = posted.data;
    } else if (posted.response.status === 409 && posted.error.code === 'stale_version') {
      tally.conflicts++;
      view = (await api.GET('/v1/games/{id}/view', { params })).data;
    } else if (posted.response.status === 409) {
      // game_over: the game ended while the bot chose (another seat resigned, say).
      break;
    } else throw new Error(`game ${id}: move refused: ${JSON.stringify(posted.error)}`);
  }
  const { data: after } = await api.GET('/v1/games/{id}', { params });
  return { finished: after?.status === 'finished' || after?.status === 'aborted', version: after?.version ?? 0 };
}

/** Gives up a running game: ranked as a forfeit, and the platform's bot plays the seat on. */
export async function resign(api: Api, id: string): Promise<void> {
  const { error } = await api.POST('/v1/games/{id}/resign', { params: { path: { id } } });
  if (error) throw new Error(`game ${id}: resign refused: ${JSON.stringify(error)}`);
}
