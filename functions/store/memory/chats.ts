import type { ChatRecord } from '../../domain/game.js';
import type { ChatStore } from '../ports/chats.js';
import { byKey, copy, type MemoryState } from './state.js';

/** Table talk in memory, as functions/store/chat-table.ts keeps it. */
export class MemoryChats implements ChatStore {
  constructor(private readonly state: MemoryState) {}

  async put(m: ChatRecord): Promise<void> {
    const { chats } = this.state.game(m.gameId);
    // Ids are random: a clash is a bug, not something to overwrite (nor a conflict to retry).
    if (chats.has(m.id)) throw new Error(`chat message ${m.id} exists`);
    chats.set(m.id, copy(m));
  }

  async countMessage(gameId: string, playerId: string, cap: number): Promise<boolean> {
    const { chatQuotas } = this.state.game(gameId);
    const counted = chatQuotas.get(playerId) ?? 0;
    if (counted >= cap) return false;
    chatQuotas.set(playerId, counted + 1);
    return true;
  }

  async remove(gameId: string, id: string): Promise<void> {
    this.state.games.get(gameId)?.chats.delete(id);
  }

  async list(gameId: string, after: string | undefined, limit: number): Promise<ChatRecord[]> {
    const chats = this.state.games.get(gameId)?.chats ?? new Map<string, ChatRecord>();
    return byKey(chats)
      .filter((m) => after === undefined || m.id > after)
      .slice(0, limit)
      .map(copy);
  }
}
