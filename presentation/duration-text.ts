/** Durations in words, for the web client and the notifier's messages alike. */

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * An ISO 8601 duration ("P3D", "PT12H", "P1W", "PT3600S") in words, carried into the largest units:
 * "3 days", "12 Stunden", "7 days", "1 hour". Intl.NumberFormat's unit style, since Node 20 (the
 * notifier, the tests) has no Intl.DurationFormat; years and months, which no time control uses, stay
 * as written.
 */
export function durationText(locale: string, iso: string): string {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso);
  if (!m || iso === 'P' || iso.endsWith('T')) return iso;
  const [w, d, h, min, sec] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number];
  let left = (((w * 7 + d) * 24 + h) * 60 + min) * 60 + sec;
  const parts = UNITS.flatMap(([unit, size]) => {
    const n = Math.floor(left / size);
    left -= n * size;
    return n > 0 ? [new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n)] : [];
  });
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}
