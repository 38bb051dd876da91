/**
 * The end of a game in one shape for every game (docs/api.md, "Status and result"): whether it runs,
 * and once finished who placed where, so that a client knows the end and the winners without
 * reading any game's own view.
 */
import type { Outcome, Seat } from '../../engine/core/index.js';
import type { GameStatus } from '../domain/game.js';
import { outcomeOf, statusOf, type Loaded } from './game-state.js';

export interface GameResult {
  /** Each seat's place, by seat (1 = first); tied seats share a place. */
  places: number[];
  /** The seats placed first; none when the game ended without a winner. */
  winners: Seat[];
  /** First place is shared: more than one seat placed first (a game without a winner too). */
  draw?: true;
  /** The game ended without a winner (a Streetcar stalemate, SC-12.3): every seat placed first, none won. */
  noWinner?: true;
}

export interface GameEnd {
  status: GameStatus;
  /** Only once the game is finished. */
  result?: GameResult;
}

export function resultOf(outcome: Outcome): GameResult {
  const places = [...outcome.ranking];
  const first = places.flatMap((place, seat) => (place === 1 ? [seat] : []));
  return {
    places,
    winners: outcome.noWinner ? [] : first,
    ...(first.length > 1 ? { draw: true as const } : {}),
    ...(outcome.noWinner ? { noWinner: true as const } : {}),
  };
}

/** The status of a loaded game and, when it has finished, its result (forfeits counted). */
export function endOf(l: Loaded): GameEnd {
  const status = statusOf(l);
  const outcome = status === 'finished' ? outcomeOf(l) : null;
  return { status, ...(outcome ? { result: resultOf(outcome) } : {}) };
}
