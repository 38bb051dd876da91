/** The refusals every store implementation answers with, whatever it stores in. */

/** A conditional write lost: the slot is taken, the item changed, or it is not there. */
export class WriteConflict extends Error {
  override readonly name = 'WriteConflict';
}

/** Thrown when a player already has as many webhooks or push subscriptions as allowed. */
export class LimitReached extends Error {
  override readonly name = 'LimitReached';
  constructor(
    readonly what: 'webhooks' | 'pushSubscriptions',
    readonly limit: number,
  ) {
    super(`at most ${limit} ${what} per player`);
  }
}
