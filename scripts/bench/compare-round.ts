/**
 * One round of the fair comparison for one game: railpost's service plays whole games until at
 * least `moves` moves, then boardgame.io's master replays exactly those games (same seeds, same
 * actions), so that both sides apply the same moves to the same states. A replay that does not
 * end where railpost's game ended is a harness bug and throws.
 */
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type { AnyGame, Rng } from '../../engine/core/index.js';
import { BoardgameIoServer } from './boardgame-io.js';
import type { MoveSample, PlayedGame, RailpostService } from './railpost-service.js';
import { cpuReadUs, cpuUs } from './cpu.js';
import { newClock, timedGame, type Clock } from './timed-game.js';

export interface BgioSample {
  /** Wall clock and CPU time of the move, in µs. */
  us: number;
  cpuUs: number;
  /** Of which the game's rules (wall). */
  engineUs: number;
}

export interface Round {
  games: number;
  railpost: MoveSample[];
  boardgameIo: BgioSample[];
  /** Messages boardgame.io sent its clients: one per seat and move. */
  bgioMessages: number;
}

/** One boardgame.io server per game, with its rules timed. */
export class BoardgameIoSide {
  readonly clock: Clock = newClock();
  readonly server: BoardgameIoServer;
  private matches = 0;
  private readonly readUs = cpuReadUs();

  constructor(private readonly def: AnyGame) {
    this.server = new BoardgameIoServer(timedGame(def, this.clock));
  }

  async replay(played: PlayedGame): Promise<BgioSample[]> {
    const matchID = `m${this.matches++}`;
    this.server.createMatch(matchID, played.players, { seed: played.seed, options: played.options });
    const samples: BgioSample[] = [];
    // Deployed boardgame.io runs in production mode, which skips its per-move check that G is serialisable.
    const mode = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      for (const [stateID, { seat, action }] of played.actions.entries()) {
        const engineBefore = this.clock.ms;
        const started = performance.now();
        const startedCpu = cpuUs();
        await this.server.move(matchID, stateID, seat, action);
        // Less the cost of reading the CPU clock (scripts/bench/cpu.ts).
        const cpu = cpuUs() - startedCpu - this.readUs;
        samples.push({
          us: (performance.now() - started) * 1000,
          cpuUs: cpu,
          engineUs: (this.clock.ms - engineBefore) * 1000,
        });
      }
    } finally {
      if (mode === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = mode;
    }
    const { G, ctx, _stateID } = this.server.state(matchID);
    if (
      _stateID !== played.actions.length ||
      ctx.gameover === undefined ||
      !isDeepStrictEqual(this.def.view(G, 'all'), played.finalView)
    ) {
      throw new Error(
        `boardgame.io's replay of a ${played.game} game did not end where railpost's did (state ${_stateID} of ${played.actions.length})`,
      );
    }
    return samples;
  }
}

export async function playRound(
  railpost: RailpostService,
  bgio: BoardgameIoSide,
  game: { id: string; players: number; options: unknown },
  moves: number,
  rng: Rng,
): Promise<Round> {
  const played = await playGames(railpost, game, moves, rng);
  const messagesBefore = bgio.server.sent.messages;
  const boardgameIo: BgioSample[] = [];
  for (const p of played) boardgameIo.push(...(await bgio.replay(p)));
  return {
    games: played.length,
    railpost: played.flatMap((p) => p.samples),
    boardgameIo,
    bgioMessages: bgio.server.sent.messages - messagesBefore,
  };
}

/** Whole games on `railpost` until at least `moves` moves. */
export async function playGames(
  railpost: RailpostService,
  game: { id: string; players: number; options: unknown },
  moves: number,
  rng: Rng,
): Promise<PlayedGame[]> {
  const played: PlayedGame[] = [];
  while (played.reduce((n, p) => n + p.samples.length, 0) < moves)
    played.push(await railpost.play(game.id, game.players, game.options, rng));
  return played;
}
