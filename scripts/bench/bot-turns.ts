/**
 * A move's answer against a searching bot, and the bot worker's time per bot move (RP-BOT-1):
 * `tsx scripts/bench/bot-turns.ts`. Anna plays her first legal action against one bot of each
 * level in a two-seat game, on the in-memory stores with the real bots and clocks; each answer is
 * timed, then the job the move queued, per bot move it made. Before bot turns, the request did
 * both, so its answer took their sum. BENCH_TURN_MOVES sets Anna's moves per game (default 12).
 */
import { performance } from 'node:perf_hooks';
import type { BotLevel } from '../../engine/core/index.js';
import { memoryStores } from '../../functions/store/memory/index.js';
import type { BotTurn } from '../../functions/service/bot-turns.js';
import { createServices } from '../../functions/service/index.js';
import { sure } from '../../functions/service/refusal.js';
import { testRegistry } from '../support/test-server.js';

const MOVES = Number(process.env.BENCH_TURN_MOVES ?? 12);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function timed(game: string, level: BotLevel) {
  const queued: BotTurn[] = [];
  const s = createServices(memoryStores(), testRegistry(), undefined, {
    botTurns: { enqueue: async (turn) => void queued.push(turn), settled: async () => {} },
  });
  const anna = sure(await s.players.create({ name: 'Anna' })).player;
  const { id } = sure(await s.games.create(anna, { game, players: 2, bots: [level], options: { firstPlayer: 0 } }));
  const answers: number[] = [];
  const perBotMove: number[] = [];
  const runJobs = async () => {
    for (const turn of queued.splice(0)) {
      const started = performance.now();
      await s.botTurnJobs.run(turn);
      const moves = (await s.table.readGame(id))!.latest!.records.length;
      perBotMove.push((performance.now() - started) / moves);
    }
  };
  await runJobs();
  for (let i = 0; i < MOVES; i++) {
    const view = sure(await s.games.view(anna, id)).value;
    if (view.legalActions.length === 0) break;
    const started = performance.now();
    sure(await s.play.act(anna, id, { action: view.legalActions[0], expectedVersion: view.version }));
    answers.push(performance.now() - started);
    await runJobs();
  }
  return { game, level, answerMs: median(answers), jobMsPerBotMove: median(perBotMove), jobs: perBotMove.length };
}

for (const game of ['vlaky-na-trati', 'ticket-to-ride-europe'])
  for (const level of ['easy', 'medium', 'hard'] as const) {
    const r = await timed(game, level);
    console.log(
      `${r.game} vs ${r.level}: answer median ${r.answerMs.toFixed(1)} ms; worker median ${r.jobs ? r.jobMsPerBotMove.toFixed(1) : '-'} ms per bot move (${r.jobs} jobs)`,
    );
  }
