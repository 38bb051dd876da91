import type { EventRecord } from '../store/records.js';
import { cleanText } from '../service/text.js';
import { logEntryFor } from '../service/visibility.js';

const MAX_LINES = 20;

/**
 * A name as messages show it: one clean line, or null if nothing is left. Names are cleaned when
 * set, but seats and profiles written before that may still hold line breaks (audit #9).
 */
export function shownName(name: string | null): string | null {
  return name === null ? null : cleanText(name, 'join') || null;
}

/**
 * What others did, as lines the recipient may read: the same redaction as the log, so a message
 * never says more than `GET /log` would.
 */
export function changesFor(records: readonly EventRecord[], seatNames: readonly (string | null)[], viewer: number): string[] {
  const lines = records
    .filter((r) => r.seat !== viewer)
    .flatMap((r) => {
      const who = shownName(seatNames[r.seat] ?? null) ?? `Seat ${r.seat + 1}`;
      return logEntryFor(r, viewer).events.map((e) => {
        const { seat: _seat, ...details } = e.data ?? {};
        const shown = Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : '';
        return `${who}: ${e.type}${shown}`;
      });
    });
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`] : lines;
}
