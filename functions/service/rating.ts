/**
 * Glicko-2 ratings from a game's final places (docs/playing.md, "Ratings"), computed by the glicko2 library:
 * one rating period per game, in which every pair of seats played one match (the better place
 * won, equal places drew). The library's own Race does exactly that pairing.
 */
import glicko2 from 'glicko2';

/** Glickman's suggested defaults; tau 0.5 sits in the 0.3–1.2 range he recommends for ordinary games. */
export const RATING_SETTINGS = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 } as const;

export interface Rating {
  rating: number;
  /** Rating deviation: how unsure the rating still is (350 for a newcomer). */
  rd: number;
  /** Volatility: how erratic the player's results are. */
  vol: number;
}

export const INITIAL_RATING: Rating = {
  rating: RATING_SETTINGS.rating,
  rd: RATING_SETTINGS.rd,
  vol: RATING_SETTINGS.vol,
};

/**
 * Every seat's rating after one game: `places[i]` is seat i's place (1 = first, equal places tied),
 * `before[i]` its rating going in. Each seat's new rating depends only on the ratings going in,
 * so whoever computes it, whenever, gets the same numbers.
 */
export function ratedAfter(before: readonly Rating[], places: readonly number[]): Rating[] {
  if (before.length !== places.length) throw new Error('one place per rating');
  const system = new glicko2.Glicko2(RATING_SETTINGS);
  const players = before.map((r) => system.makePlayer(r.rating, r.rd, r.vol));
  const distinct = [...new Set(places)].sort((a, b) => a - b);
  const groups = distinct.map((place) => players.filter((_, seat) => places[seat] === place));
  system.updateRatings(system.makeRace(groups));
  return players.map((p) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }));
}
