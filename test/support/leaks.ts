/**
 * Finds hidden numbers (cards) in an API answer. Every number found under a key that is not a
 * known public counter (version, round, seat, scores, ...) is treated as a card: if it is one the
 * viewer must not know, that is a leak. A card leaking under a new, unexpected key is caught too.
 */
const PUBLIC_NUMBER_KEYS = new Set([
  'version',
  'currentVersion',
  'status',
  'round',
  'rounds',
  'handSize',
  'current',
  'scores',
  'handCounts',
  'deckCount',
  'seat',
  'toAct',
  'yourSeat',
  'players',
  'minPlayers',
  'maxPlayers',
]);

/** Free text of problems; ids, timestamps and names are not searched (they hold digits by chance). */
const FREE_TEXT_KEYS = new Set(['title', 'detail', 'message']);

/** Paths (like `view.hand[2]`) where a number of `hidden` appears outside a public counter. */
export function hiddenNumbersIn(value: unknown, hidden: ReadonlySet<number>): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string, key: string | null): void => {
    if (typeof v === 'number') {
      if (hidden.has(v) && !(key !== null && PUBLIC_NUMBER_KEYS.has(key))) found.push(`${path} = ${v}`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, key));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) walk(item, path ? `${path}.${k}` : k, k);
    } else if (typeof v === 'string' && key !== null && FREE_TEXT_KEYS.has(key)) {
      // Messages meant for people must not spell a hidden card out either.
      for (const m of v.matchAll(/\d+/g)) if (hidden.has(Number(m[0]))) found.push(`${path} = "${v}"`);
    }
  };
  walk(value, '', null);
  return found;
}
