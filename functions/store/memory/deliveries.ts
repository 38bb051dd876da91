import type { DeliveryStore } from '../ports/deliveries.js';
import type { MemoryState } from './state.js';

/**
 * Deliveries in memory, with the conditions of functions/store/delivery-log.ts: one map of sent
 * messages under the game or the player, each a claim (count 0) or a count (no TTL: nothing expires).
 */
export class MemoryDeliveries implements DeliveryStore {
  constructor(private readonly state: MemoryState) {}

  async claim(gameId: string, playerId: string, key: string, _now: Date): Promise<boolean> {
    return claimed(this.state.game(gameId).sent, `${playerId}#${key}`);
  }

  async claimForPlayer(playerId: string, key: string, _now: Date): Promise<boolean> {
    return claimed(this.state.player(playerId).sent, `${playerId}#${key}`);
  }

  async count(gameId: string | null, playerId: string, key: string, limit: number, _now: Date): Promise<boolean> {
    const sent = gameId === null ? this.state.player(playerId).sent : this.state.game(gameId).sent;
    const name = `${playerId}#${key}`;
    const counted = sent.get(name) ?? 0;
    if (counted >= limit) return false;
    sent.set(name, counted + 1);
    return true;
  }
}

function claimed(sent: Map<string, number>, name: string): boolean {
  if (sent.has(name)) return false;
  sent.set(name, 0);
  return true;
}
