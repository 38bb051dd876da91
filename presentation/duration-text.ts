/** Durations in words, for the web client and the notifier's messages alike. */

/** An ISO 8601 duration of days, hours and minutes ("P3D", "PT12H") in words: "3 days", "12 Stunden". */
export function durationText(locale: string, iso: string): string {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  if (!m || iso === 'P' || iso === 'PT') return iso;
  const parts = (['day', 'hour', 'minute'] as const).flatMap((unit, i) => {
    const n = Number(m[i + 1] ?? 0);
    return n > 0 ? [new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n)] : [];
  });
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}
