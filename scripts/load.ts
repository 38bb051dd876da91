/**
 * `npm run load`: many games played at once through HTTP against the local server (loopback only,
 * in-memory store), plus 32 clients racing for the same version of one game. Bounded in games,
 * moves and seconds; exits non-zero if any move was lost or doubled.
 *
 *   LOAD_GAMES (16)  games played in parallel, both seats driven by HTTP clients
 *   LOAD_SECONDS (60) stop starting new moves after this long
 *   LOAD_RACES (20)  rounds of the 32-client race
 */
import { performance } from 'node:perf_hooks';
import { Rng, seedRng } from '../engine/core/index.js';
import { ApiClient, type Player } from './support/api-client.js';
import { startTestServer } from './support/test-server.js';
import { median, percentile } from './bench/stats.js';

const GAMES = Number(process.env.LOAD_GAMES ?? 16);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RACES = Number(process.env.LOAD_RACES ?? 20);
const RACERS = 32;
const GAME = 'ticket-to-ride-europe';

interface GameRun {
  id: string;
  /** Moves the server answered 200 to, per seat. */
  accepted: number[];
}

const latencies: number[] = [];
const failures: string[] = [];

async function timedPost(p: Player, path: string, body: unknown) {
  const t = performance.now();
  const r = await p.post(path, body);
  latencies.push(performance.now() - t);
  return r;
}

/** Both seats of one game, each a client that reads its view and posts a random legal action. */
async function playGame(api: ApiClient, index: number, deadline: number): Promise<GameRun> {
  const [anna, ben] = [await api.newPlayer(`A${index}`), await api.newPlayer(`B${index}`)];
  const created = await anna.post('/v1/games', { game: GAME, players: 2 });
  await ben.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
  const run: GameRun = { id: created.body.id, accepted: [0, 0] };
  const rng = new Rng(seedRng(`load-${index}`));
  const seats = [anna, ben];
  while (performance.now() < deadline) {
    const summary = await anna.get(`/v1/games/${run.id}`);
    if (summary.body.status !== 'active') break;
    const seat = summary.body.toAct[0] as number;
    const me = seats[seat]!;
    const view = (await me.get(`/v1/games/${run.id}/view`)).body;
    if (view.legalActions.length === 0) continue;
    const r = await timedPost(me, `/v1/games/${run.id}/actions`, {
      action: rng.pick(view.legalActions),
      expectedVersion: view.version,
    });
    if (r.status === 200) run.accepted[seat]!++;
    else failures.push(`game ${run.id}: ${r.status} ${r.text}`);
  }
  return run;
}

/** 32 clients of the due player post at the same version: exactly one may win each round. */
async function race(api: ApiClient): Promise<{ rounds: number; wins: number; conflicts: number; run: GameRun }> {
  const [anna, ben] = [await api.newPlayer('Racer A'), await api.newPlayer('Racer B')];
  const created = await anna.post('/v1/games', { game: GAME, players: 2 });
  await ben.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.inviteCode });
  const run: GameRun = { id: created.body.id, accepted: [0, 0] };
  let wins = 0;
  let conflicts = 0;
  let rounds = 0;
  for (; rounds < RACES; rounds++) {
    const summary = await anna.get(`/v1/games/${run.id}`);
    if (summary.body.status !== 'active') break;
    const seat = summary.body.toAct[0] as number;
    const me = [anna, ben][seat]!;
    const view = (await me.get(`/v1/games/${run.id}/view`)).body;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        timedPost(me, `/v1/games/${run.id}/actions`, {
          action: view.legalActions[i % view.legalActions.length],
          expectedVersion: view.version,
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200).length;
    const lost = answers.filter((a) => a.status === 409).length;
    if (won !== 1 || won + lost !== RACERS)
      failures.push(`race round ${rounds}: ${won} won, ${lost} got 409, ${RACERS - won - lost} other`);
    wins += won;
    conflicts += lost;
    run.accepted[seat]! += won;
  }
  return { rounds, wins, conflicts, run };
}

/** The log must hold exactly the accepted moves, versions 1..n without a gap, and match the served version. */
async function audit(viewer: Player, run: GameRun): Promise<void> {
  const game = (await viewer.get(`/v1/games/${run.id}`)).body;
  const entries = (await viewer.get(`/v1/games/${run.id}/log`)).body.entries as {
    version: number;
    seat: number;
    bot: boolean;
  }[];
  const dense = entries.every((e, i) => e.version === i + 1);
  const perSeat = [0, 1].map((seat) => entries.filter((e) => e.seat === seat && !e.bot).length);
  if (!dense || entries.length !== game.version)
    failures.push(`game ${run.id}: log of ${entries.length} entries, version ${game.version}, dense ${dense}`);
  if (perSeat.some((n, seat) => n !== run.accepted[seat]))
    failures.push(`game ${run.id}: accepted ${run.accepted} but logged ${perSeat}`);
}

const server = await startTestServer({ store: 'dynalite' });
try {
  const api = new ApiClient(server.url);
  const viewer = await api.newPlayer('Auditor');
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const runs = await Promise.all(Array.from({ length: GAMES }, (_, i) => playGame(api, i, deadline)));
  const elapsed = (performance.now() - started) / 1000;
  const moves = runs.reduce((n, r) => n + r.accepted[0]! + r.accepted[1]!, 0);
  const parallelLatencies = [...latencies];
  latencies.length = 0;
  const racing = await race(api);
  for (const run of [...runs, racing.run]) await audit(viewer, run);

  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`load: ${GAMES} ${GAME} games in parallel over HTTP on ${server.url} (in-memory store)`);
  console.log(`  moves accepted   ${moves} in ${elapsed.toFixed(1)} s = ${(moves / elapsed).toFixed(1)} moves/s`);
  console.log(
    `  move latency     p50 ${ms(median(parallelLatencies))}  p95 ${ms(percentile(parallelLatencies, 0.95))}  p99 ${ms(percentile(parallelLatencies, 0.99))}`,
  );
  console.log(
    `  finished games   ${(await Promise.all(runs.map(async (r) => (await viewer.get(`/v1/games/${r.id}`)).body.status))).filter((s) => s === 'finished').length}/${GAMES}`,
  );
  console.log(`race: ${RACERS} clients posting at the same version, ${racing.rounds} rounds`);
  console.log(`  winners per round 1 expected: ${racing.wins} wins, ${racing.conflicts} answered 409`);
  console.log(`  race latency     p50 ${ms(median(latencies))}  p99 ${ms(percentile(latencies, 0.99))}`);
  console.log(
    failures.length === 0
      ? 'no move lost or doubled: every log is dense and holds exactly the accepted moves'
      : `FAILED:\n  ${failures.slice(0, 20).join('\n  ')}`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await server.close();
}
