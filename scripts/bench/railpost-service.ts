/**
 * railpost's service as the API Lambda drives a move (authenticate the bearer token, Play.act,
 * serialise the answer), making its real AWS SDK calls to dynalite in this process. Every move's
 * time is split into dynalite's (to subtract), the SDK's own and the rules'.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { performance } from 'node:perf_hooks';
import { createRegistry, type AnyGame, type Rng, type Seat } from '../../engine/core/index.js';
import { startInProcessStore } from '../../functions/local/in-process-store.js';
import { LAMBDA_CLIENT_CONFIG } from '../../functions/store/lambda-client.js';
import { valueOf } from '../../functions/api/problem-response.js';
import type { PlayerRecord } from '../../functions/domain/player.js';
import { createServices, type Services } from '../../functions/service/index.js';
import type { PlayerView } from '../../functions/service/game-views.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';
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

export class RailpostService {
  private readonly seated: Seated[] = [];
  private readonly readUs = cpuReadUs();

  private constructor(
    private readonly services: Services,
    private readonly store: Clock & CpuClock,
    private readonly sdk: CpuClock,
    private readonly engine: Clock,
  ) {}

  static async start(games: readonly AnyGame[]): Promise<RailpostService> {
    const store = { ...newClock(), cpuMs: 0 };
    const sdk = { cpuMs: 0, calls: 0 };
    const engine = newClock();
    const db = startInProcessStore((call) => {
      store.ms += call.ms;
      store.cpuMs += call.cpuMs;
      store.calls++;
    }).client(LAMBDA_CLIENT_CONFIG);
    timeSends(db, sdk);
    await ensureTable(db, TABLE);
    return new RailpostService(
      createServices(dynamoStores(db, TABLE), createRegistry(games.map((g) => timedGame(g, engine)))),
      store,
      sdk,
      engine,
    );
  }

  /** Calls of the SDK and of dynalite so far: the same count unless the SDK retried or failed before sending. */
  get callCounts(): { sdk: number; store: number } {
    return { sdk: this.sdk.calls, store: this.store.calls };
  }

  /** A whole game, each seat taking a random legal action; only the moves are timed. */
  async play(game: string, players: number, options: unknown, rng: Rng): Promise<PlayedGame> {
    const { games } = this.services;
    const seats = await this.seats(players);
    const created = await games.create(seats[0]!.player, { game, players, options });
    let summary = created;
    for (const s of seats.slice(1)) summary = await games.join(s.player, created.id, created.inviteCode!);
    const samples: MoveSample[] = [];
    let seat = summary.toAct[0] ?? 0;
    let view: PlayerView = (await games.view(seats[seat]!.player, created.id)).value;
    while (view.toAct.length > 0) {
      const before = {
        store: this.store.ms,
        storeCpu: this.store.cpuMs,
        sdkCpu: this.sdk.cpuMs,
        engine: this.engine.ms,
        calls: this.store.calls,
      };
      const started = performance.now();
      const startedCpu = cpuUs();
      const player = valueOf(await this.services.players.authenticate(seats[seat]!.authorization));
      const { body } = await games.act(player, created.id, {
        action: rng.pick(view.legalActions),
        expectedVersion: view.version,
      });
      JSON.stringify(body);
      const cpu = cpuUs() - startedCpu;
      const us = (performance.now() - started) * 1000;
      const calls = this.store.calls - before.calls;
      const storeCpu = (this.store.cpuMs - before.storeCpu) * 1000;
      // Less the CPU clock's own readings: twice per call around send, twice inside it around
      // dynalite; each span holds one reading's worth, and each reading inside it one more.
      const r = this.readUs;
      samples.push({
        us,
        cpuUs: cpu - r * (1 + 4 * calls),
        storeUs: (this.store.ms - before.store) * 1000,
        storeCpuUs: storeCpu - r * calls,
        sdkCpuUs: (this.sdk.cpuMs - before.sdkCpu) * 1000 - r * 2 * calls - storeCpu,
        engineUs: (this.engine.ms - before.engine) * 1000,
        calls,
      });
      // The next seat's legal actions: the answer carries the mover's only.
      const next = body.toAct[0];
      if (next === undefined) break;
      view = next === seat ? body : (await games.view(seats[next]!.player, created.id)).value;
      seat = next;
    }
    const exported = await games.export(seats[0]!.player, created.id);
    const final = (await games.view(seats[0]!.player, created.id)).value;
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

  private async seats(players: number): Promise<Seated[]> {
    while (this.seated.length < players) {
      const { player, token } = valueOf(await this.services.players.create({ name: `Seat ${this.seated.length}` }));
      this.seated.push({ player, authorization: `Bearer ${token}` });
    }
    return this.seated.slice(0, players);
  }
}
