/** "in 2 d 3 h", "in 40 min", "overdue" — deadlines are days away in play-by-mail games. */
export function untilText(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms)) return '';
  if (ms <= 0) return 'overdue';
  const min = Math.round(ms / 60_000);
  if (min < 60) return `in ${Math.max(1, min)} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `in ${h} h ${min % 60} min`;
  return `in ${Math.floor(h / 24)} d ${h % 24} h`;
}

export function deadlineText(iso: string, now = Date.now()): string {
  const at = new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  return `${at} (${untilText(iso, now)})`;
}
