/**
 * Balance simulation: greedy against random, and greedy-only games for the checks the
 * reconstructed card data was designed against (symbols, scores, free actions, end reasons, seat order).
 * Run: npx tsx engine/games/vlaky-na-trati/simulate.ts [games per setting, default 100]
 */
import { randomBot, Rng, seedRng } from '../../core/index.js';
import type { VntAction } from './actions.js';
import { createValuer } from './bot.js';
import { SYMBOLS, type SheetId } from './data.js';
import { vlakyNaTratiGame as game } from './index.js';
import { vntData } from './reference.js';
import type { VntState } from './state.js';

type Bot = typeof game.bot;
const FREE = ['slow_move', 'second_card', 'discard_a', 'any_symbol'] as const;
const value = createValuer(vntData);

interface Tally {
  games: number;
  actions: number[];
  turns: number[];
  slots: number[];
  deckEnds: number;
  scores: number[];
  winners: number[];
  symbols: number[];
  bySymbol: Record<string, number>;
  sections: Record<string, number>;
  seatWins: number[];
  /** Per free action: decision points where it was offered, where the greedy valued it above ending the turn, and taken. */
  free: Record<string, { offered: number; worth: number; taken: number }>;
  curve: { offered: number; taken: number };
  declines: number;
  lost: number;
  doubled: number;
}

const newTally = (): Tally => ({
  games: 0,
  actions: [],
  turns: [],
  slots: [],
  deckEnds: 0,
  scores: [],
  winners: [],
  symbols: [],
  bySymbol: {},
  sections: {},
  seatWins: [0, 0, 0],
  free: Object.fromEntries(FREE.map((f) => [f, { offered: 0, worth: 0, taken: 0 }])),
  curve: { offered: 0, taken: 0 },
  declines: 0,
  lost: 0,
  doubled: 0,
});

function run(seed: string, players: number, sheet: SheetId, bots: Bot[], tally: Tally | null): VntState {
  const rng = new Rng(seedRng(`${seed}/bots`));
  let s = game.setup({ seed, players, options: game.options.parse({ sheet }) });
  let actions = 0;
  for (let seat = game.toAct(s)[0]; seat !== undefined; seat = game.toAct(s)[0]) {
    const legal = game.legalActions(s, seat);
    const view = game.view(s, seat);
    const action = (bots[seat] ?? game.bot)({ seat, view, legal, rng });
    if (tally && (s.step === 'free' || s.phase === 'final') && s.tasks.every((t) => t.length === 0)) {
      for (const f of FREE) {
        const options = legal.filter((a) => a.type === f);
        if (options.length === 0) continue;
        tally.free[f]!.offered++;
        if (Math.max(...options.map((a) => value(view, seat, a))) > 0) tally.free[f]!.worth++;
      }
      if (action.type in tally.free) tally.free[action.type]!.taken++;
    }
    if (tally && legal.some((a) => a.type === 'curve_skip')) {
      tally.curve.offered++;
      if (action.type === 'curve_move') tally.curve.taken++;
    }
    s = game.apply(s, seat, action as VntAction).state;
    actions++;
  }
  if (tally) record(tally, s, actions);
  return s;
}

function record(t: Tally, s: VntState, actions: number): void {
  const o = s.result;
  if (!o) throw new Error('game did not finish');
  t.games++;
  t.actions.push(actions);
  t.turns.push(s.turnIndex);
  t.slots.push(s.line.length);
  if (s.line.length < 24) t.deckEnds++;
  t.scores.push(...o.scores);
  t.winners.push(Math.max(...o.scores));
  o.ranking.forEach((r, seat) => r === 1 && t.seatWins[(seat - s.startSeat + s.players.length) % s.players.length]!++);
  for (const p of s.players) {
    t.symbols.push(SYMBOLS.reduce((n, sym) => n + p.sheet.gained[sym], 0));
    for (const sym of SYMBOLS) t.bySymbol[sym] = (t.bySymbol[sym] ?? 0) + p.sheet.gained[sym];
    t.declines += p.sheet.declinesUsed;
    t.lost += p.sheet.lost;
  }
  for (const lines of o.breakdown) {
    for (const l of lines) t.sections[l.item] = (t.sections[l.item] ?? 0) + l.points;
    if (lines.some((l) => l.detail?.includes('most passengers'))) t.doubled++;
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f1 = (x: number) => x.toFixed(1);

function report(players: number, sheet: SheetId, n: number): void {
  // Greedy against random: the greedy takes each seat in turn.
  let greedyWins = 0;
  let randomWins = 0;
  for (let i = 0; i < n; i++) {
    const greedySeat = i % players;
    const bots: Bot[] = Array.from({ length: players }, (_, seat) =>
      seat === greedySeat ? game.bot : (randomBot as Bot),
    );
    const ranking = run(`vs-${players}-${sheet}-${i}`, players, sheet, bots, null).result?.ranking ?? [];
    if (ranking[greedySeat] === 1) greedyWins++;
    if (ranking.some((r, seat) => seat !== greedySeat && r === 1)) randomWins++;
  }
  const t = newTally();
  for (let i = 0; i < n; i++) run(`greedy-${players}-${sheet}-${i}`, players, sheet, [], t);
  const playerGames = t.games * players;
  console.log(`\n== ${players} players, sheet ${sheet}: ${n} greedy-vs-random games, ${n} greedy-only games`);
  console.log(
    `greedy (1 seat) vs random: greedy wins ${f1((100 * greedyWins) / n)}%, a random seat wins ${f1((100 * randomWins) / n)}% (ties count for both; fair share ${f1(100 / players)}%)`,
  );
  console.log(
    `length: actions median ${pct(t.actions, 50)}, turns median ${pct(t.turns, 50)}, slots filled median ${pct(t.slots, 50)}, ended by empty deck ${f1((100 * t.deckEnds) / t.games)}%`,
  );
  console.log(
    `scores: median ${pct(t.scores, 50)} (p10 ${pct(t.scores, 10)}, p90 ${pct(t.scores, 90)}); winner median ${pct(t.winners, 50)} (p10 ${pct(t.winners, 10)}, p90 ${pct(t.winners, 90)})`,
  );
  console.log(
    `symbols gained per player: median ${pct(t.symbols, 50)} (p10 ${pct(t.symbols, 10)}, p90 ${pct(t.symbols, 90)}); per symbol: ${SYMBOLS.map((s) => `${s} ${f1((t.bySymbol[s] ?? 0) / playerGames)}`).join(', ')}`,
  );
  console.log(
    `sections (mean per player): ${Object.entries(t.sections)
      .map(([k, v]) => `${k} ${f1(v / playerGames)}`)
      .join(', ')}`,
  );
  console.log(
    `free actions (offered / greedy values it above ending the turn / taken): ${FREE.map((f) => `${f} ${t.free[f]!.offered}/${t.free[f]!.worth}/${t.free[f]!.taken}`).join(', ')}`,
  );
  console.log(
    `curve moves taken ${t.curve.taken}/${t.curve.offered}; declines per player ${f1(t.declines / playerGames)}; symbols lost to the sugar lock per player ${(t.lost / playerGames).toFixed(2)}; passenger doubling won in ${f1((100 * t.doubled) / t.games)}% of games`,
  );
  console.log(
    `wins by seat from the starting player: ${t.seatWins
      .slice(0, players)
      .map((w) => f1((100 * w) / t.games) + '%')
      .join(' / ')}`,
  );
}

const n = Number(process.argv[2] ?? 100);
for (const players of [2, 3]) for (const sheet of ['I', 'II'] as const) report(players, sheet, n);
