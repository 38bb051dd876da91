/**
 * How a search bot rates an unfinished Trains & Stations game, for simulations cut
 * short after a few turns (`ROLLOUT_DEPTH`): the final scoring as if the game ended now (TS-11: VP,
 * revealed tasks, goods monopolies), plus what the seat has under way. Scoring only what is already
 * won made every investment look worthless within a short horizon: a building pays only when a
 * route through its city is delivered, a train only when its route is complete. So each route
 * under way counts as if delivered with a chance of its share of filled spaces: completion VP to
 * every seat with a die on it (TS-7.5), the city bonuses to the seats leading its majority
 * (TS-7.6), a goods card or VP to each building in its cities (TS-7.7); each building also counts
 * for the deliveries it may still see while the game has not been triggered to end, and each coin a
 * little, as it buys re-rolls.
 */
import type { Board } from './board.js';
import { occupancy } from './dice.js';
import { finalScores } from './scoring.js';
import type { TsState } from './state.js';

const COIN_VALUE = 0.3;
/** A city bonus in VP: a VP, a special card (a task or goods symbols), a bonus die. */
const BONUS_VALUE = { VP: 1, SPECIAL_CARD: 2, BONUS_DIE: 1 } as const;
/** A goods card drawn, or the VP paid instead (TS-7.7). */
const GOODS_VALUE = 1;
/** Deliveries a building may still see beyond the routes under way. */
const BUILDING_VALUE = 1.5;
/**
 * Simulated actions before the estimate (`rolloutDepth`), about seven turns (6.3 actions a turn):
 * far enough to see the next routes delivered, near enough that the dice of the rest of the game do
 * not drown the difference a move makes. At four seats 30 actions (little more than a round) were too short:
 * hard won 2 of 14 games against three greedy bots with them, 6 of 14 with 45; at three seats both
 * won 5 of 6.
 */
export const ROLLOUT_DEPTH = 45;

export function createEstimate(b: Board): (s: TsState) => number[] {
  const routes = b.routes.map((r) => ({
    spaces: r.spaces,
    cities: new Set(r.cities),
    bonus: r.cities.reduce((v, c) => {
      const bonus = b.city.get(c)?.bonus;
      return v + (bonus ? BONUS_VALUE[bonus.kind] * bonus.amount : 0);
    }, 0),
  }));
  return (s) => {
    const scores = finalScores(b, s).scores.map((score, seat) => score + COIN_VALUE * s.players[seat]!.coins);
    const occ = occupancy(s);
    for (const r of routes) {
      const counts = s.players.map(() => 0);
      let filled = 0;
      for (const sp of r.spaces) {
        const die = s.dice[occ.get(sp) ?? -1];
        if (!die) continue;
        filled++;
        if (die.owner !== null) counts[die.owner]!++;
      }
      if (filled === 0) continue;
      const chance = filled / r.spaces.length;
      const most = Math.max(...counts);
      const leaders = most === 0 ? 0 : counts.filter((n) => n === most).length;
      counts.forEach((n, seat) => {
        if (n > 0) scores[seat]! += chance * r.cities.size;
        if (n === most && leaders > 0) scores[seat]! += (chance * r.bonus) / leaders;
      });
      for (const x of s.buildings) if (r.cities.has(x.city)) scores[x.owner]! += chance * GOODS_VALUE;
    }
    if (!s.endTriggered) for (const x of s.buildings) scores[x.owner]! += BUILDING_VALUE;
    return scores;
  };
}
