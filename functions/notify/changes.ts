import type { EventRecord } from '../store/records.js';
import { logEntryFor } from '../service/visibility.js';

const MAX_LINES = 20;

/**
 * What others did, as lines the recipient may read: the same redaction as the log, so a message
 * never says more than `GET /log` would.
 */
export function changesFor(records: readonly EventRecord[], seatNames: readonly (string | null)[], viewer: number): string[] {
  const lines = records
    .filter((r) => r.seat !== viewer)
    .flatMap((r) => {
      const who = seatNames[r.seat] ?? `Seat ${r.seat + 1}`;
      return logEntryFor(r, viewer).events.map((e) => {
        const { seat: _seat, ...details } = e.data ?? {};
        const shown = Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : '';
        return `${who}: ${e.type}${shown}`;
      });
    });
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… and ${lines.length - MAX_LINES} more`] : lines;
}
