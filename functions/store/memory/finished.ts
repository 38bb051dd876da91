import type { FinishedGameRecord } from '../../domain/ratings.js';
import type { FinishedKey, FinishedPage, FinishedStore } from '../ports/finished.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Where a game sorts in an index: by when it finished, then id (functions/store/keys.ts `finishedAt`). */
const sortKey = (finishedAt: string, gameId: string) => `${finishedAt}#${gameId}`;

/** Finished public games in memory, newest first, paged as functions/store/finished-table.ts pages them. */
export class MemoryFinished implements FinishedStore {
  constructor(private readonly state: MemoryState) {}

  async put(g: FinishedGameRecord): Promise<void> {
    const record: FinishedGameRecord = copy({
      gameId: g.gameId,
      game: g.game,
      finishedAt: g.finishedAt,
      seats: g.seats,
      ...(g.rated === undefined ? {} : { rated: g.rated }),
    });
    const key = sortKey(g.finishedAt, g.gameId);
    for (const index of [g.game, '*']) {
      const games = this.state.finished.get(index) ?? new Map<string, FinishedGameRecord>();
      games.set(key, record);
      this.state.finished.set(index, games);
    }
    for (const seat of g.seats) if (seat.playerId) this.state.player(seat.playerId).played.set(key, record);
  }

  async search(...[game, name, limit, after]: Parameters<FinishedStore['search']>): Promise<FinishedPage> {
    const wanted = name?.toLowerCase();
    return page(this.state.finished.get(game ?? '*'), limit, after, (g) => !wanted || namesOf(g).includes(wanted));
  }

  async playedBy(playerId: string, limit: number, after: FinishedKey | null): Promise<FinishedPage> {
    return page(this.state.players.get(playerId)?.played, limit, after, () => true);
  }
}

function page(
  games: Map<string, FinishedGameRecord> | undefined,
  limit: number,
  after: FinishedKey | null,
  shown: (g: FinishedGameRecord) => boolean,
): FinishedPage {
  const upper = after ? sortKey(after[0], after[1]) : undefined;
  const items = byKey(games ?? new Map<string, FinishedGameRecord>(), true)
    .filter((g) => (upper === undefined || sortKey(g.finishedAt, g.gameId) < upper) && shown(g))
    .slice(0, limit + 1)
    .map(copy);
  if (items.length <= limit) return { items, next: null };
  const last = items[limit - 1]!;
  return { items: items.slice(0, limit), next: [last.finishedAt, last.gameId] };
}

/** Every seat's name, lower-cased, with a separator no name has between them. */
function namesOf(g: FinishedGameRecord): string {
  return g.seats.map((seat) => (seat.name ?? '').toLowerCase()).join('\n');
}
