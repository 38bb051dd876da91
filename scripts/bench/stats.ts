export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const percentile = (xs: readonly number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Wilson score interval for k successes in n trials, 95%. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Bradley–Terry strengths by minorization–maximization, as Elo (400·log10), `anchor` at 1000. */
export function elo(
  levels: readonly string[],
  duels: readonly { a: string; b: string; score: number }[],
  anchor: string,
): Record<string, number> {
  const wins = new Map(levels.map((l) => [l, 0.5]));
  const strength = new Map(levels.map((l) => [l, 1]));
  for (const d of duels) {
    wins.set(d.a, wins.get(d.a)! + d.score);
    wins.set(d.b, wins.get(d.b)! + 1 - d.score);
  }
  for (let it = 0; it < 200; it++)
    for (const l of levels) {
      let denom = 1 / (strength.get(l)! + 1);
      for (const d of duels) if (d.a === l || d.b === l) denom += 1 / (strength.get(d.a)! + strength.get(d.b)!);
      strength.set(l, wins.get(l)! / denom);
    }
  const base = Math.log10(strength.get(anchor)!);
  return Object.fromEntries(levels.map((l) => [l, Math.round(1000 + 400 * (Math.log10(strength.get(l)!) - base))]));
}
