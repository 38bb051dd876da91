const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random pause before the next round of an optimistic retry, growing with the round (at most 200 ms). */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
