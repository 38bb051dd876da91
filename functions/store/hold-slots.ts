/**
 * The views a token has held at once, counted in the limits table so that every process serving
 * it sees them (RP-WAIT-1): in AWS each Lambda instance holds one view, so a count in memory caps
 * nothing there. A token has one item with a slot per hold it may have (`s0`, `s1`, …), each the
 * time its hold ends (ms since the epoch). A hold takes a free slot with a conditional write and
 * gives it back when it ends; a slot whose hold ended more than SLOT_GRACE_MS ago is free again,
 * so a hold whose process died without giving it back counts only until its own end, not until
 * the token stops waiting. (A fixed-window counter would not do: its count resets while holds
 * started late in a window still run, and a give-back after a reset would take it below zero.)
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { SLOT_GRACE_MS, type HoldSlotStore, type SlotTaken } from './ports/hold-slots.js';
import { LIMITS_KEY, LIMITS_TTL_ATTRIBUTE, type limitsStoreClient } from './limits-table.js';

export class HoldSlots implements HoldSlotStore {
  constructor(
    private readonly client: ReturnType<typeof limitsStoreClient>,
    private readonly tableName: string,
    /** The longest a hold lasts: the item outlives every hold under way, however its slots were taken. */
    private readonly longestMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes a free one of `cap` slots of `token` for a hold that ends at `endsAt`. A write lost to
   * another hold of the token taking the same slot reads the item again: each loss means a slot
   * taken, so after `cap` of them in a row there is none left worth racing for.
   */
  async take(token: string, cap: number, endsAt: number): Promise<SlotTaken> {
    const key = { [LIMITS_KEY]: { S: keyOf(token) } };
    for (let attempt = 0; attempt <= cap; attempt++) {
      const item =
        (await this.client.getItem({ TableName: this.tableName, Key: key, ConsistentRead: true })).Item ?? {};
      const now = this.now();
      const ends = Array.from({ length: cap }, (_, i) =>
        item[`s${i}`]?.N === undefined ? undefined : Number(item[`s${i}`]!.N),
      );
      const slot = ends.findIndex((end) => end === undefined || end + SLOT_GRACE_MS < now);
      if (slot < 0) return { firstEndsAt: Math.min(...(ends as number[])) };
      const seen = ends[slot];
      try {
        await this.client.updateItem({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: 'SET #slot = :end, #expire = :expire',
          ConditionExpression: seen === undefined ? 'attribute_not_exists(#slot)' : '#slot = :seen',
          ExpressionAttributeNames: { '#slot': `s${slot}`, '#expire': LIMITS_TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':end': { N: String(endsAt) },
            ':expire': { N: String(Math.ceil((now + this.longestMs + SLOT_GRACE_MS) / 1000)) },
            ...(seen === undefined ? {} : { ':seen': { N: String(seen) } }),
          },
        });
        return { slot };
      } catch (err) {
        if (!lost(err)) throw err;
      }
    }
    // Every race lost: the token's other holds are taking the slots right now.
    return { firstEndsAt: this.now() + 1000 };
  }

  /** Gives back the slot of a hold that has ended; a slot another hold has taken since (this one ended long ago) stays. */
  async give(token: string, slot: number, endsAt: number): Promise<void> {
    try {
      await this.client.updateItem({
        TableName: this.tableName,
        Key: { [LIMITS_KEY]: { S: keyOf(token) } },
        UpdateExpression: 'REMOVE #slot',
        ConditionExpression: '#slot = :end',
        ExpressionAttributeNames: { '#slot': `s${slot}` },
        ExpressionAttributeValues: { ':end': { N: String(endsAt) } },
      });
    } catch (err) {
      if (!lost(err)) throw err;
    }
  }
}

const lost = (err: unknown) =>
  err instanceof ConditionalCheckFailedException || (err as Error).name === 'ConditionalCheckFailedException';

/** Apart from rate-limiter-flexible's keys, which start with an operation's name. */
const keyOf = (token: string) => `held-views:${token}`;
