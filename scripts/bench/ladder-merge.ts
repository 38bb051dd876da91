/**
 * The ladder at full budgets takes hours, so it is run a game or a seat count at a time
 * (BENCH_BOT_GAMES_ONLY, BENCH_BOT_PLAYERS, BENCH_BOT_PAIRS). bench/report.json keeps every run's
 * rows: a new run replaces only the rows it played again (same game, seat count and pairing), and
 * each row says under which settings it was played. A game's ratings are fitted again from all
 * its rows that carry their pair scores, so that a run of one seat count does not rate the levels
 * on that seat count alone.
 */
import { elo } from './stats.js';

interface Row {
  game: string;
  players: number;
  level: string;
  against: string;
  settings?: unknown;
  /** Pairs of seats (the level's against another's) and the level's score in them; older rows lack them. */
  pairs?: number;
  pairScore?: number;
}

export interface Ladder<R extends Row = Row> {
  settings: unknown;
  pairings: R[];
  ratings: { game: string; elo?: Record<string, number> }[];
  unsearchable: string[];
}

const sameRow = (a: Row, b: Row) =>
  a.game === b.game && a.players === b.players && a.level === b.level && a.against === b.against;

export function mergeLadder<R extends Row>(previous: Ladder<R> | undefined, latest: Ladder<R>): Ladder<R> {
  const played = latest.pairings.map((p) => ({ ...p, settings: latest.settings }));
  const pairings = [...(previous?.pairings.filter((p) => !played.some((q) => sameRow(p, q))) ?? []), ...played];
  const rated = new Set(latest.ratings.map((r) => r.game));
  const ratings = [...(previous?.ratings.filter((r) => !rated.has(r.game)) ?? []), ...latest.ratings].map((r) =>
    refit(r, pairings),
  );
  return { settings: latest.settings, pairings, ratings, unsearchable: latest.unsearchable };
}

/** The levels in the order of strength they are meant to have; the anchor first. */
const LEVEL_ORDER = ['easy', 'medium', 'hard'];

function refit<R extends Row>(rating: Ladder['ratings'][number], pairings: readonly R[]): Ladder['ratings'][number] {
  const rows = pairings.filter((p) => p.game === rating.game && p.pairs);
  if (!rows.length) return rating;
  // Bradley–Terry depends on each pair of levels only through its count and score sum, so spreading a row's score evenly over its pairs fits the same strengths.
  const duels = rows.flatMap((p) =>
    Array.from({ length: p.pairs! }, () => ({ a: p.level, b: p.against, score: p.pairScore! / p.pairs! })),
  );
  const levels = LEVEL_ORDER.filter((l) => l === LEVEL_ORDER[0] || duels.some((d) => d.a === l || d.b === l));
  return { game: rating.game, elo: elo(levels, duels, LEVEL_ORDER[0]!) };
}
