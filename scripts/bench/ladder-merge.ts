/**
 * The ladder at full budgets takes hours, so it is run a game or a seat count at a time
 * (BENCH_BOT_GAMES_ONLY, BENCH_BOT_PLAYERS, BENCH_BOT_PAIRS). bench/report.json keeps every run's
 * rows: a new run replaces only the rows it played again (same game, seat count and pairing) and
 * the ratings of the games it played, and each row says under which settings it was played.
 */
interface Row {
  game: string;
  players: number;
  level: string;
  against: string;
  settings?: unknown;
}

export interface Ladder<R extends Row = Row> {
  settings: unknown;
  pairings: R[];
  ratings: { game: string }[];
  unsearchable: string[];
}

const sameRow = (a: Row, b: Row) => a.game === b.game && a.players === b.players && a.level === b.level && a.against === b.against;

export function mergeLadder<R extends Row>(previous: Ladder<R> | undefined, latest: Ladder<R>): Ladder<R> {
  const played = latest.pairings.map((p) => ({ ...p, settings: latest.settings }));
  if (!previous) return { ...latest, pairings: played };
  const rated = new Set(latest.ratings.map((r) => r.game));
  return {
    settings: latest.settings,
    pairings: [...previous.pairings.filter((p) => !played.some((q) => sameRow(p, q))), ...played],
    ratings: [...previous.ratings.filter((r) => !rated.has(r.game)), ...latest.ratings],
    unsearchable: latest.unsearchable,
  };
}
