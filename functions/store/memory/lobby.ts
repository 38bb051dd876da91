import type { LobbyEntry, SeekPool, SeekRecord } from '../../domain/lobby.js';
import { WriteConflict } from '../ports/errors.js';
import type { LobbyStore } from '../ports/lobby.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Where an entry sorts in its game's lobby (functions/store/keys.ts `lobbyEntry`). */
const entryKey = (e: LobbyEntry) => `${e.createdAt}#${e.gameId}`;

/** The lobby and the seek pools in memory, with the conditions of functions/store/lobby-table.ts. */
export class MemoryLobby implements LobbyStore {
  constructor(private readonly state: MemoryState) {}

  async putEntry(e: LobbyEntry): Promise<void> {
    const entries = this.state.lobby.get(e.game) ?? new Map<string, LobbyEntry>();
    entries.set(entryKey(e), { game: e.game, gameId: e.gameId, createdAt: e.createdAt });
    this.state.lobby.set(e.game, entries);
  }

  async removeEntry(e: LobbyEntry): Promise<void> {
    this.state.lobby.get(e.game)?.delete(entryKey(e));
  }

  async entries(game: string, limit: number, before?: string): Promise<LobbyEntry[]> {
    const entries = this.state.lobby.get(game) ?? new Map<string, LobbyEntry>();
    const listed = before === undefined ? byKey(entries, true) : byKey(entries).filter((e) => entryKey(e) < before);
    return listed.slice(0, limit).map(copy);
  }

  async readPool(key: string, of: Pick<SeekPool, 'game' | 'players' | 'pace'>): Promise<SeekPool> {
    const stored = this.state.pools.get(key);
    if (!stored) return { key, ...of, waiting: [], revision: 0 };
    return {
      key,
      ...of,
      waiting: copy(stored.waiting),
      ...(stored.match ? { match: copy(stored.match) } : {}),
      revision: stored.revision,
    };
  }

  async writePool(pool: SeekPool): Promise<void> {
    if ((this.state.pools.get(pool.key)?.revision ?? 0) !== pool.revision) throw new WriteConflict('pool changed');
    this.state.pools.set(pool.key, {
      waiting: copy(pool.waiting),
      ...(pool.match ? { match: copy(pool.match) } : {}),
      revision: pool.revision + 1,
    });
  }

  async getSeek(playerId: string): Promise<SeekRecord | null> {
    const seek = this.state.players.get(playerId)?.seek;
    return seek ? { ...copy(seek.rec), playerId } : null;
  }

  async putSeek(rec: SeekRecord, now: string): Promise<void> {
    const partition = this.state.player(rec.playerId);
    if (partition.seek && partition.seek.waitingUntil > now) throw new WriteConflict('a seek is waiting');
    partition.seek = { rec: withoutPlayer(rec), waitingUntil: rec.status === 'waiting' ? rec.expiresAt : '' };
  }

  /** Marks the seek matched, if it is still the one with this id (the player may have sought again since). */
  async matchSeek(playerId: string, seekId: string, gameId: string): Promise<void> {
    const seek = this.state.players.get(playerId)?.seek;
    if (seek?.rec.id !== seekId) return;
    seek.rec = { ...seek.rec, status: 'matched', gameId };
    seek.waitingUntil = '';
  }

  async deleteSeek(playerId: string, seekId: string): Promise<void> {
    const partition = this.state.players.get(playerId);
    if (partition?.seek?.rec.id === seekId) delete partition.seek;
  }
}

function withoutPlayer(rec: SeekRecord): Omit<SeekRecord, 'playerId'> {
  const { playerId: _, ...rest } = copy(rec);
  return rest;
}
