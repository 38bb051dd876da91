/**
 * The comparison part of `npm run bench`: the per-move overhead of boardgame.io's in-process
 * master (with a Map-backed store like its InMemory) against railpost's service (engine, event
 * store on in-memory dynalite, head cache, idempotency, bots check), on the same trivial game, in
 * the same process, without HTTP on either side.
 */
import { performance } from 'node:perf_hooks';
import { Master } from 'boardgame.io/master';
import { Sync, createMatch } from 'boardgame.io/internal';
import { createRegistry, type AnyGame } from '../../engine/core/index.js';
import { startEmbeddedStore } from '../../functions/local/embedded-store.js';
import { createServices } from '../../functions/service/index.js';
import { ensureTable } from '../../functions/store/create-table.js';
import { tally } from '../../engine/fixtures/tally.js';
import { median, percentile } from './stats.js';

const MOVES = Number(process.env.BENCH_COMPARE_MOVES ?? 1000);

/** boardgame.io's InMemory storage is not exported; this is the same thing: maps in memory. */
class MapStorage extends Sync {
  private readonly states = new Map<string, unknown>();
  private readonly initial = new Map<string, unknown>();
  private readonly metadata = new Map<string, unknown>();
  private readonly logs = new Map<string, unknown[]>();
  override createMatch(matchID: string, opts: { initialState: unknown; metadata: unknown }) {
    this.initial.set(matchID, opts.initialState);
    this.states.set(matchID, opts.initialState);
    this.metadata.set(matchID, opts.metadata);
  }
  override setState(matchID: string, state: unknown, deltalog?: unknown[]) {
    if (deltalog?.length) this.logs.set(matchID, [...(this.logs.get(matchID) ?? []), ...deltalog]);
    this.states.set(matchID, state);
  }
  override setMetadata(matchID: string, metadata: unknown) {
    this.metadata.set(matchID, metadata);
  }
  override fetch(matchID: string, opts: { state?: boolean; metadata?: boolean; log?: boolean; initialState?: boolean }) {
    return {
      ...(opts.state ? { state: this.states.get(matchID) } : {}),
      ...(opts.metadata ? { metadata: this.metadata.get(matchID) } : {}),
      ...(opts.log ? { log: this.logs.get(matchID) ?? [] } : {}),
      ...(opts.initialState ? { initialState: this.initial.get(matchID) } : {}),
    } as never;
  }
  override wipe(matchID: string) {
    this.states.delete(matchID);
    this.metadata.delete(matchID);
  }
  override listMatches() {
    return [...this.metadata.keys()];
  }
}

const bgioTally = {
  name: 'tally',
  setup: () => ({ total: 0 }),
  moves: {
    add: ({ G }: { G: { total: number } }, n: number) => {
      G.total += n;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }: { G: { total: number }; ctx: { currentPlayer: string } }) => (G.total >= MOVES + 10 ? { winner: ctx.currentPlayer } : undefined),
};

async function boardgameIo(): Promise<number[]> {
  const storage = new MapStorage();
  const master = new Master(bgioTally as never, storage, { send: () => {}, sendAll: () => {} });
  const match = createMatch({ game: bgioTally as never, numPlayers: 2, setupData: undefined, unlisted: false }) as { metadata: unknown; initialState: unknown };
  storage.createMatch('m', match as never);
  const us: number[] = [];
  for (let stateID = 0; stateID < MOVES; stateID++) {
    const playerID = String(stateID % 2);
    const t = performance.now();
    const out = await master.onUpdate({ type: 'MAKE_MOVE', payload: { type: 'add', args: [1], playerID, credentials: undefined } } as never, stateID, 'm', playerID);
    us.push((performance.now() - t) * 1000);
    if (out && 'error' in out) throw new Error(`boardgame.io refused move ${stateID}: ${out.error}`);
  }
  return us;
}

async function railpost(): Promise<{ service: number[]; engine: number[] }> {
  const store = await startEmbeddedStore();
  const db = store.client();
  try {
    await ensureTable(db, 'compare');
    const { players, games } = createServices(db, 'compare', createRegistry([tally as AnyGame]));
    const [a, b] = [(await players.create({ name: 'A' })).player, (await players.create({ name: 'B' })).player];
    const created = await games.create(a, { game: 'tally', players: 2, options: { target: MOVES + 10 } });
    await games.join(b, created.id, created.inviteCode!);
    const service: number[] = [];
    for (let v = 0; v < MOVES; v++) {
      const t = performance.now();
      await games.act(v % 2 === 0 ? a : b, created.id, { action: { type: 'add', n: 1 }, expectedVersion: v });
      service.push((performance.now() - t) * 1000);
    }
    const engine: number[] = [];
    let state = tally.setup({ seed: 's', players: 2, options: { target: MOVES + 10 } });
    for (let v = 0; v < MOVES; v++) {
      const t = performance.now();
      state = tally.apply(state, v % 2, { type: 'add', n: 1 }).state;
      engine.push((performance.now() - t) * 1000);
    }
    return { service, engine };
  } finally {
    db.destroy();
    await store.close();
  }
}

const bgio = await boardgameIo();
const ours = await railpost();
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} µs, p99 ${percentile(xs, 0.99).toFixed(0)} µs`;
console.log(`compare: ${MOVES} moves of a trivial game, in process, no HTTP`);
console.log(`  boardgame.io 0.50 Master + in-memory storage:   ${fmt(bgio)}`);
console.log(`  railpost Games.act on in-memory dynalite:       ${fmt(ours.service)}  (${(median(ours.service) / median(bgio)).toFixed(1)}x boardgame.io)`);
console.log(`  railpost engine alone (apply):                  ${fmt(ours.engine)}`);

export const results = {
  moves: MOVES,
  boardgameIoUs: { median: median(bgio), p99: percentile(bgio, 0.99) },
  railpostServiceUs: { median: median(ours.service), p99: percentile(ours.service, 0.99) },
  railpostEngineUs: { median: median(ours.engine), p99: percentile(ours.engine, 0.99) },
  ratio: median(ours.service) / median(bgio),
};
