/**
 * Where moves show on the board: the board keys of a log entry, from its action where
 * the log gives it (the viewer's own, and everyone's after the end) and else from its events.
 */
import type { GameUi } from '../../../presentation/game-ui.js';
import type { LogEntry } from '../api.js';

export function entryTargets(ui: GameUi, entry: LogEntry): string[] {
  const keys = entry.action ? ui.targets(entry.action) : entry.events.flatMap((e) => ui.eventTargets?.(e) ?? []);
  return [...new Set(keys)];
}

/**
 * Board keys the other seats' moves touched after version `since`, each with the seats that
 * touched it. With `since` unknown (a first visit), each other seat's last move that shows on the board.
 */
export function recentTargets(
  ui: GameUi,
  entries: readonly LogEntry[],
  since: number | null,
  viewer: number | undefined,
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const mark = (key: string, seat: number) => out.set(key, [...new Set([...(out.get(key) ?? []), seat])]);
  const others = entries.filter((e) => e.seat !== viewer);
  if (since !== null) {
    for (const e of others) if (e.version > since) for (const key of entryTargets(ui, e)) mark(key, e.seat);
    return out;
  }
  const last = new Map<number, string[]>();
  for (const e of others) {
    const keys = entryTargets(ui, e);
    if (keys.length > 0) last.set(e.seat, keys);
  }
  for (const [seat, keys] of last) for (const key of keys) mark(key, seat);
  return out;
}

const SEEN_KEY = 'railpost.seen.';

/** The version of a game this device showed last, so a later visit marks what changed meanwhile. */
export const seenVersion = {
  get: (gameId: string): number | null => {
    const v = Number(localStorage.getItem(SEEN_KEY + gameId) ?? NaN);
    return Number.isInteger(v) ? v : null;
  },
  set: (gameId: string, version: number): void => localStorage.setItem(SEEN_KEY + gameId, String(version)),
};
