/** Past its end a hold still counts this long: it is given back just after its timer fires, and clocks differ a little. */
export const SLOT_GRACE_MS = 5_000;

/** A slot taken, or when the first of the holds that fill them ends (ms since the epoch). */
export type SlotTaken = { slot: number } | { firstEndsAt: number };

/** A token's held views, counted where every process serving it sees them (RP-WAIT-1). */
export interface HoldSlotStore {
  /** Takes a free one of `cap` slots of `token` for a hold that ends at `endsAt`. */
  take(token: string, cap: number, endsAt: number): Promise<SlotTaken>;
  /** Gives back the slot of a hold that has ended. */
  give(token: string, slot: number, endsAt: number): Promise<void>;
}
