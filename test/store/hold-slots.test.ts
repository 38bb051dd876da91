/**
 * RP-WAIT-1: a token's held views counted across processes, in the limits table
 * (functions/store/hold-slots.ts) and in its in-memory twin (functions/store/memory/hold-slots.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedStore, type EmbeddedStore } from '../../functions/local/embedded-store.js';
import { HoldSlots } from '../../functions/store/hold-slots.js';
import { ensureLimitsTable, limitsStoreClient } from '../../functions/store/limits-table.js';
import { MemoryHoldSlots } from '../../functions/store/memory/hold-slots.js';
import { SLOT_GRACE_MS, type HoldSlotStore } from '../../functions/store/ports/hold-slots.js';

const TABLE = 'hold-slots-limits';
let store: EmbeddedStore;
let clock = Date.parse('2030-01-01T00:00:00Z');
/** Every process's view of the one shared count in memory. */
const inMemory = new MemoryHoldSlots(() => clock);

/** How each backend gives a process its handle on the count. */
const backends: { name: string; slots: () => HoldSlotStore }[] = [
  {
    name: 'the limits table',
    slots: () => new HoldSlots(limitsStoreClient(store.client()), TABLE, 25_000, () => clock),
  },
  { name: 'memory', slots: () => inMemory },
];

beforeAll(async () => {
  store = await startEmbeddedStore();
  await ensureLimitsTable(store.client(), TABLE);
});
afterAll(() => store.close());

describe.each(backends)('RP-WAIT-1: the shared count of held views, in $name', ({ slots }) => {
  it('gives out the cap in slots, each process its own; refused past it with the first end, and given back a slot is taken again', async () => {
    const [one, two] = [slots(), slots()];
    const ends = [clock + 20_000, clock + 10_000, clock + 25_000];
    expect(await one.take('t', 3, ends[0]!)).toEqual({ slot: 0 });
    expect(await two.take('t', 3, ends[1]!)).toEqual({ slot: 1 });
    expect(await one.take('t', 3, ends[2]!)).toEqual({ slot: 2 });
    expect(await two.take('t', 3, clock + 25_000)).toEqual({ firstEndsAt: ends[1] });
    // Another token has its own slots.
    expect(await two.take('u', 3, clock + 25_000)).toEqual({ slot: 0 });
    await two.give('t', 1, ends[1]!);
    expect(await two.take('t', 3, clock + 25_000)).toEqual({ slot: 1 });
  });

  it('a hold never given back (its process died) counts only until a little past its own end, however busy its token stays', async () => {
    const held = slots();
    const end = clock + 25_000;
    expect(await held.take('crashed', 1, end)).toEqual({ slot: 0 });
    clock = end;
    expect(await held.take('crashed', 1, clock + 25_000)).toEqual({ firstEndsAt: end });
    clock = end + SLOT_GRACE_MS + 1;
    expect(await held.take('crashed', 1, clock + 25_000)).toEqual({ slot: 0 });
    // The late give-back of the dead hold leaves the slot to the hold that took it since.
    await held.give('crashed', 0, end);
    expect(await held.take('crashed', 1, clock + 25_000)).toMatchObject({ firstEndsAt: expect.any(Number) });
  });
});
