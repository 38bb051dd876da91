/**
 * Keyset pagination of a listing sorted newest first: the cursor names the last item a page
 * showed (its creation time and id), so a page never repeats or skips an item when items are
 * added or change status between two pages. Cursors are opaque to clients (base64url JSON).
 */

type Key = readonly [createdAt: string, id: string];

/** A cursor naming a key; listings the store pages itself (finished games) use these too. */
export const encodeCursor = (key: Key) => Buffer.from(JSON.stringify(key)).toString('base64url');
const encode = encodeCursor;

/** The key a cursor names, or null for a string that is not a cursor. */
export function decodeCursor(cursor: string): Key | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(key) && key.length === 2 && key.every((part) => typeof part === 'string')
      ? (key as unknown as Key)
      : null;
  } catch {
    return null;
  }
}

/** Whether a string is a cursor this module wrote (the query schema refuses others: 400 invalid_query). */
export const isCursor = (cursor: string): boolean => decodeCursor(cursor) !== null;

/** Newest first; items created in the same millisecond by id, also descending. */
const newestFirst = (a: Key, b: Key) =>
  a[0] === b[0] ? (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0) : a[0] < b[0] ? 1 : -1;

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/** One page of `items` after `cursor` (from the first without it), at most `limit` long. */
export function pageOf<T extends { createdAt: string; id: string }>(
  items: readonly T[],
  limit: number,
  cursor: string | undefined,
): Page<T> {
  const key = (t: T): Key => [t.createdAt, t.id];
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const sorted = [...items].sort((a, b) => newestFirst(key(a), key(b)));
  const rest = after ? sorted.filter((t) => newestFirst(key(t), after) > 0) : sorted;
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return { items: page, next: rest.length > limit && last ? encode(key(last)) : null };
}
