/**
 * railpost's service as the API Lambda drives a move (authenticate the bearer token, Play.act,
 * serialise the answer), on one of two stores:
 * - `dynalite`: its real AWS SDK calls reach dynalite in this process. Each move is then played
 *   again from the same state with the SDK answered from the answers dynalite gave
 *   (scripts/bench/canned-dynamodb.ts), and its calls sent once more alone on canned answers, so
 *   that a move's time splits into the service, the SDK and the emulator with its transport;
 * - `memory`: the in-memory stores (memoryStores()), no SDK at all.
 * The rules' time is kept apart in both.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { performance } from 'node:perf_hooks';
import { createRegistry, type AnyGame, type Rng, type Seat } from '../../engine/core/index.js';
import type { PlayerRecord } from '../../functions/domain/player.js';
import { createServices, type Services } from '../../functions/service/index.js';
import type { PlayerView } from '../../functions/service/game-views.js';
import { sure } from '../../functions/service/refusal.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';
import { memoryStores } from '../../functions/store/memory/index.js';
import { startCannedStore, type CannedStore } from './canned-dynamodb.js';
import { cpuReadUs, cpuUs } from './cpu.js';
import { newClock, timedGame, type Clock } from './timed-game.js';

const TABLE = 'bench-compare';

export interface MoveSample {
  /** The whole move, wall clock, in µs. */
  us: number;
  /** The whole move, CPU time of the process (scripts/bench/cpu.ts), in µs. */
  cpuUs: number;
  /** Of which dynalite answering (the in-memory database and its transport), wall and CPU. */
  storeUs: number;
  storeCpuUs: number;
  /** Of which the AWS SDK's own work (CPU): its send calls less dynalite's time. */
  sdkCpuUs: number;
  /** Of which the game's rules (wall: many short calls, each too short for the CPU clock). */
  engineUs: number;
  /** DynamoDB calls the move made. */
  calls: number;
  /**
   * The same move from the same state again, every call answered with dynalite's recorded answer
   * (no database, no transport): the whole move (CPU and wall µs) and the SDK's part of it; and the
   * move's calls sent alone on a client of their own, answered the same way (the SDK's floor).
   * Null on the in-memory store.
   */
  canned: { us: number; cpuUs: number; sdkCpuUs: number; sdkAloneCpuUs: number } | null;
}

export interface PlayedGame {
  game: string;
  players: number;
  /** What the game's export publishes once it has ended: enough to replay it elsewhere. */
  seed: string;
  options: unknown;
  actions: { seat: Seat; action: unknown }[];
  /** Everything the game shows at its end (the view of a finished game hides nothing). */
  finalView: unknown;
  samples: MoveSample[];
}

interface Seated {
  player: PlayerRecord;
  authorization: string;
}

interface CpuClock {
  cpuMs: number;
  calls: number;
}

/** Sums every `send` of `db` into `clock`: the SDK's whole call, from building the handler stack to the parsed answer. */
function timeSends(db: DynamoDBClient, clock: CpuClock): void {
  const send = db.send.bind(db) as (...args: unknown[]) => Promise<unknown>;
  db.send = (async (...args: unknown[]) => {
    const started = cpuUs();
    try {
      return await send(...args);
    } finally {
      clock.cpuMs += (cpuUs() - started) / 1000;
      clock.calls++;
    }
  }) as DynamoDBClient['send'];
}

/** The clocks' readings a move's span is measured between. */
interface Readings {
  store: number;
  storeCpu: number;
  sdkCpu: number;
  engine: number;
  calls: number;
  sdkCalls: number;
}

export class RailpostService {
  private readonly seated: Seated[] = [];
  private readonly readUs = cpuReadUs();
  /** SDK calls answered from a recording, which never reach dynalite. */
  private replayedCalls = 0;

  private constructor(
    private readonly services: Services,
    private readonly store: Clock & CpuClock,
    private readonly sdk: CpuClock,
    private readonly engine: Clock,
    private readonly canned: CannedStore | null,
  ) {}

  static async start(games: readonly AnyGame[], on: 'dynalite' | 'memory' = 'dynalite'): Promise<RailpostService> {
    const store = { ...newClock(), cpuMs: 0 };
    const sdk = { cpuMs: 0, calls: 0 };
    const engine = newClock();
    const registry = createRegistry(games.map((g) => timedGame(g, engine)));
    if (on === 'memory') return new RailpostService(createServices(memoryStores(), registry), store, sdk, engine, null);
    const canned = startCannedStore((call) => {
      store.ms += call.ms;
      store.cpuMs += call.cpuMs;
      store.calls++;
    });
    timeSends(canned.db, sdk);
    await ensureTable(canned.db, TABLE);
    return new RailpostService(createServices(dynamoStores(canned.db, TABLE), registry), store, sdk, engine, canned);
  }

  /**
   * Calls of the SDK (less those answered from a recording) and of dynalite so far: the same count
   * unless the SDK retried or failed before sending.
   */
  get callCounts(): { sdk: number; store: number } {
    return { sdk: this.sdk.calls - this.replayedCalls, store: this.store.calls };
  }

  /** A whole game, each seat taking a random legal action; only the moves are timed. */
  async play(game: string, players: number, options: unknown, rng: Rng): Promise<PlayedGame> {
    const { games } = this.services;
    const seats = await this.seats(players);
    const created = sure(await games.create(seats[0]!.player, { game, players, options }));
    let summary = created;
    for (const s of seats.slice(1)) summary = sure(await games.join(s.player, created.id, created.inviteCode!));
    const samples: MoveSample[] = [];
    let seat = summary.toAct[0] ?? 0;
    let view: PlayerView = sure(await games.view(seats[seat]!.player, created.id)).value;
    while (view.toAct.length > 0) {
      const move = { action: rng.pick(view.legalActions), expectedVersion: view.version };
      const act = async () => {
        const player = sure(await this.services.players.authenticate(seats[seat]!.authorization));
        const { body } = sure(await games.act(player, created.id, move));
        JSON.stringify(body);
        return body;
      };
      // Untimed and fresh (trusted for the next 60 s), so that the move finds the token trusted, whether played or replayed.
      sure(await this.services.players.authenticate(seats[seat]!.authorization, true));
      this.canned?.tape.take();
      this.canned?.takeCommands();
      const { value: body, sample } = await this.timed(act);
      // A game's last move records the finished game in the background: waited for, and not replayed.
      const ended = body.toAct.length === 0;
      if (ended) await this.services.settled();
      samples.push({ ...sample, canned: this.canned && !ended ? await this.replayed(this.canned, act) : null });
      // The next seat's legal actions: the answer carries the mover's only.
      const next = body.toAct[0];
      if (next === undefined) break;
      view = next === seat ? body : sure(await games.view(seats[next]!.player, created.id)).value;
      seat = next;
    }
    const exported = sure(await games.export(seats[0]!.player, created.id));
    const final = sure(await games.view(seats[0]!.player, created.id)).value;
    return {
      game,
      players,
      seed: exported.seed,
      options: exported.options,
      actions: exported.actions,
      finalView: final.view,
      samples,
    };
  }

  /** The move just played, again from the same state on its recorded answers; then its calls alone. */
  private async replayed(canned: CannedStore, act: () => Promise<unknown>): Promise<MoveSample['canned']> {
    const answers = canned.tape.take();
    const commands = canned.takeCommands();
    const { sample } = await canned.tape.replay(answers, () => this.timed(act));
    canned.takeCommands();
    this.replayedCalls += sample.calls;
    const sdkAloneCpuUs = (await canned.sdkAlone(commands, answers)) - this.readUs;
    return { us: sample.us, cpuUs: sample.cpuUs, sdkCpuUs: sample.sdkCpuUs, sdkAloneCpuUs };
  }

  /** `run` timed, its span split by the clocks. */
  private async timed<T>(run: () => Promise<T>): Promise<{ value: T; sample: Omit<MoveSample, 'canned'> }> {
    const before = this.readings();
    const started = performance.now();
    const startedCpu = cpuUs();
    const value = await run();
    const cpu = cpuUs() - startedCpu;
    const us = (performance.now() - started) * 1000;
    const after = this.readings();
    const calls = after.calls - before.calls;
    const sdkCalls = after.sdkCalls - before.sdkCalls;
    const storeCpu = (after.storeCpu - before.storeCpu) * 1000;
    // Less the CPU clock's own readings: twice per SDK call around send, twice per dynalite call
    // inside it; each span holds one reading's worth, and each reading inside it one more.
    const r = this.readUs;
    return {
      value,
      sample: {
        us,
        cpuUs: cpu - r * (1 + 2 * sdkCalls + 2 * calls),
        storeUs: (after.store - before.store) * 1000,
        storeCpuUs: storeCpu - r * calls,
        sdkCpuUs: (after.sdkCpu - before.sdkCpu) * 1000 - r * 2 * sdkCalls - storeCpu,
        engineUs: (after.engine - before.engine) * 1000,
        calls: sdkCalls,
      },
    };
  }

  private readings(): Readings {
    return {
      store: this.store.ms,
      storeCpu: this.store.cpuMs,
      sdkCpu: this.sdk.cpuMs,
      engine: this.engine.ms,
      calls: this.store.calls,
      sdkCalls: this.sdk.calls,
    };
  }

  private async seats(players: number): Promise<Seated[]> {
    while (this.seated.length < players) {
      const { player, token } = sure(await this.services.players.create({ name: `Seat ${this.seated.length}` }));
      this.seated.push({ player, authorization: `Bearer ${token}` });
    }
    return this.seated.slice(0, players);
  }
}
