/**
 * Do games end, over the players' likely range? For 3, 4 and 5 players it plays greedy
 * bots, greedy bots making 20/30/40% uniformly random choices, and uniformly random bots, and
 * prints per mix: games, how many ended by the VP supply (TS-10.4), how many by the round limit
 * (RP-TS-1), how many hit the action cap, and the longest game in rounds and actions.
 * Run: npx tsx engine/games/trains-and-stations/endurance.ts [games per mix] [--no-limit] [--board FILE]
 * (--no-limit: without RP-TS-1, capped at NO_LIMIT_ROUNDS rounds' worth of actions;
 *  --board: a board file shaped like data/board.json, to compare boards).
 */
import { readFileSync } from 'node:fs';
import { playout, randomBot, type BotFn } from '../../core/index.js';
import { defaultBoard, loadBoard, type Board } from './board.js';
import { defineTrainsAndStations } from './definition.js';
import type { TsState } from './state.js';
import { ROUND_LIMIT } from './turn.js';

/** A generous action cap: a turn has at most about 30 actions (5 re-rolls, 10 placements, builds, coins, deliveries). */
const ACTIONS_PER_TURN_CAP = 40;
/** Without the limit, how many rounds' worth of actions a game may take before it counts as stalled. */
const NO_LIMIT_ROUNDS = 200;

export const MIXES = [
  { name: 'greedy', random: 0 },
  { name: 'greedy+20% random', random: 0.2 },
  { name: 'greedy+30% random', random: 0.3 },
  { name: 'greedy+40% random', random: 0.4 },
  { name: 'random', random: 1 },
] as const;

/** The greedy bot, except that it picks a uniformly random legal action with probability `p`. */
export function sloppy(greedy: BotFn, p: number): BotFn {
  if (p >= 1) return randomBot;
  return (input) => (input.rng.int(1000) < p * 1000 ? randomBot(input) : greedy(input));
}

export interface Ending {
  rounds: number;
  actions: number;
  /** 'supply': TS-10.4; 'limit': RP-TS-1; 'cap': still running at the action cap. */
  by: 'supply' | 'limit' | 'cap';
}

export function playOne(b: Board, roundLimit: number | null, seed: string, players: number, p: number): Ending {
  const game = defineTrainsAndStations(b, { roundLimit });
  const bot = sloppy(game.bot, p);
  const cap = ACTIONS_PER_TURN_CAP * players * (roundLimit ?? NO_LIMIT_ROUNDS);
  const run = playout(
    game,
    seed,
    players,
    {},
    Array.from({ length: players }, () => bot),
    cap,
  );
  const s = run.state as TsState;
  return {
    rounds: Math.ceil(s.turn / players),
    actions: run.actions.length,
    by: !run.finished ? 'cap' : s.endTriggered ? 'supply' : 'limit',
  };
}

/** Prints one line per player count and mix as soon as it is measured. */
export function main(n: number, roundLimit: number | null, b: Board, print: (line: string) => void): void {
  print(`round limit: ${roundLimit ?? 'none'}; ${n} games per mix`);
  for (const players of [3, 4, 5]) {
    for (const mix of MIXES) {
      const games = Array.from({ length: n }, (_, i) =>
        playOne(b, roundLimit, `endure-${players}-${mix.name}-${i}`, players, mix.random),
      );
      const count = (by: Ending['by']) => games.filter((g) => g.by === by).length;
      const natural = games
        .filter((g) => g.by === 'supply')
        .map((g) => g.rounds)
        .sort((x, y) => x - y);
      const median = natural[Math.floor(natural.length / 2)];
      print(
        `${players}p ${mix.name}: ${n} games, ended by the VP supply ${count('supply')} (rounds median ${median ?? '-'}, max ${natural.at(-1) ?? '-'}), by the round limit ${count('limit')}, at the action cap ${count('cap')}; longest ${Math.max(...games.map((g) => g.rounds))} rounds, most actions ${Math.max(...games.map((g) => g.actions))}`,
      );
    }
  }
}

if (process.argv[1]?.endsWith('endurance.ts')) {
  const args = process.argv.slice(2);
  const file = args.includes('--board') ? args[args.indexOf('--board') + 1] : undefined;
  const b = file
    ? loadBoard((JSON.parse(readFileSync(file, 'utf8')) as { reconstructed_design: unknown }).reconstructed_design)
    : defaultBoard;
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 20);
  main(n, args.includes('--no-limit') ? null : ROUND_LIMIT, b, (line) => console.log(line));
}
