import { DUE_SHARDS, keys } from '../keys.js';
import type { DigestStore, SheetEntry } from '../ports/digests.js';
import { copy, dueInShards, type MemoryState } from './state.js';

const DIGEST_SHARDS = Array.from({ length: DUE_SHARDS }, (_, shard) => keys.digestShardOf(shard));

/** Daily digests in memory, with the conditions of functions/store/digest-table.ts (no TTL: nothing expires). */
export class MemoryDigests implements DigestStore {
  constructor(private readonly state: MemoryState) {}

  async setDue(playerId: string, dueAt: Date | null): Promise<void> {
    if (dueAt) this.state.player(playerId).digestDueAt = dueAt.toISOString();
    else delete this.state.players.get(playerId)?.digestDueAt;
  }

  async due(now: Date): Promise<{ playerId: string; dueAt: string }[]> {
    const entries = [...this.state.players].flatMap(([playerId, p]) =>
      p.digestDueAt ? [{ playerId, dueAt: p.digestDueAt }] : [],
    );
    return dueInShards(entries, (e) => keys.digestShard(e.playerId), DIGEST_SHARDS, now);
  }

  async claimDay(playerId: string, day: string, _now: Date): Promise<boolean> {
    const { digestDays } = this.state.player(playerId);
    if (digestDays.has(day)) return false;
    digestDays.add(day);
    return true;
  }

  async putSheet(playerId: string, id: string, entries: readonly SheetEntry[], _expires: Date): Promise<boolean> {
    const { sheets } = this.state.player(playerId);
    if (sheets.has(id)) return false;
    sheets.set(id, copy([...entries]));
    return true;
  }

  async getSheet(playerId: string, id: string): Promise<SheetEntry[] | null> {
    return copy(this.state.players.get(playerId)?.sheets.get(id) ?? null);
  }
}
