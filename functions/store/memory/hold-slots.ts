import { SLOT_GRACE_MS, type HoldSlotStore, type SlotTaken } from '../ports/hold-slots.js';

/** A token's held views in memory, slot by slot as functions/store/hold-slots.ts counts them (RP-WAIT-1). */
export class MemoryHoldSlots implements HoldSlotStore {
  /** Per token, when the hold in each slot ends (ms since the epoch; absent: free). */
  private readonly slots = new Map<string, (number | undefined)[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(token: string, cap: number, endsAt: number): Promise<SlotTaken> {
    const ends = Array.from({ length: cap }, (_, i) => this.slots.get(token)?.[i]);
    const now = this.now();
    const slot = ends.findIndex((end) => end === undefined || end + SLOT_GRACE_MS < now);
    if (slot < 0) return { firstEndsAt: Math.min(...(ends as number[])) };
    const taken = this.slots.get(token) ?? [];
    taken[slot] = endsAt;
    this.slots.set(token, taken);
    return { slot };
  }

  /** A slot another hold has taken since (this one ended long ago) stays. */
  async give(token: string, slot: number, endsAt: number): Promise<void> {
    const taken = this.slots.get(token);
    if (taken?.[slot] === endsAt) taken[slot] = undefined;
  }
}
