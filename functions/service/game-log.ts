/**
 * The write pipeline of a game, in one place: load (meta and newest commit in one read), advance
 * (a person's action, checked once at the engine's boundary), the bots that are due, the commit
 * (one conditional write of records and the state after them), and the transition the notifier is
 * told of (transition.ts). Every capability that changes a game (play, finishing, timing, seating)
 * goes through here; expected refusals come back as a Result, never as an exception.
 */
import { RuleError } from '../../engine/core/index.js';
import type { AnyGame, GameRegistry, Seat } from '../../engine/core/index.js';
import { WriteConflict } from '../store/ports/errors.js';
import { type GameTable } from '../store/ports/stores.js';
import type { CommitRecord, EventRecord, GameMeta, RequestFingerprint } from '../domain/game.js';
import type { TimeStore } from '../store/ports/times.js';
import { advanceClocks, initialClocks } from './clock.js';
import type { BotFactory, BotPlay } from './bots.js';
import type { BotTurns } from './bot-turns.js';
import { noMetrics, type Metrics } from './metrics.js';
import { problems, ok, refused, sure, type Refusal, type Result } from './refusal.js';
import { initialState } from './replay.js';
import { withSeatCopies } from './seat-copies.js';
import { initialTable } from './table.js';
import { SeatMoves } from './seat-moves.js';
import { quietCommit, transitionOf, type GameTransition } from './transition.js';
import {
  advanced,
  botSeatOf,
  closedUnstarted,
  commitStatus,
  dueAtOf,
  fromCommit,
  seatPauses,
  statusOf,
  timedDue,
  toActOf,
  unstarted,
  type Loaded,
  type PausesOf,
} from './game-state.js';

/** A runaway bot loop is a bug; stop well before a request could time out. */
export const MAX_BOT_MOVES_PER_REQUEST = 2000;

/** Rounds of a revision-guarded meta change (a join, a rematch answer, a leaver) before giving up as busy. */
export const MAX_META_ATTEMPTS = 8;

/** A conditional write of the store: false when another writer came first (WriteConflict); any other failure is thrown. */
export async function written(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof WriteConflict) return false;
    throw err;
  }
}

/** What a keyed request is known by, and the seat that sent it. */
export interface KeyedRequest extends RequestFingerprint {
  seat: Seat;
}

/** Another writer took the version first: the caller decides what that means for its request. */
export interface LostRace {
  lostRace: true;
}
export type Committed = Result<Loaded, LostRace>;

/** What the commit is: the game's start (key 0), a keyed request's, or neither; and where its bots move (a request's by default). */
export interface CommitKind {
  request?: KeyedRequest;
  start?: boolean;
  bots?: BotPlay;
}

/** What a seat's last key is remembered by (48 bits): it only finds a commit, whose whole fingerprint then decides. */
export function keyHint(request: RequestFingerprint): string {
  return request.key.slice(0, 8);
}

export interface GameLogDeps {
  table: GameTable;
  times: TimeStore;
  registry: GameRegistry;
  now: () => Date;
  onTransition: (t: GameTransition) => void;
  metrics?: Metrics;
  /** The bot for each level; tests may give cheaper searches. */
  bots: BotFactory;
  /** Where a commit that leaves a searching bot due hands its turn (RP-BOT-1). */
  botTurns: BotTurns;
}

export class GameLog {
  private readonly metrics: Metrics;
  /** The bots' moves and a leaving seat, which advance a loaded game before it is committed. */
  readonly moves: SeatMoves;

  constructor(private readonly d: GameLogDeps) {
    this.metrics = d.metrics ?? noMetrics;
    this.moves = new SeatMoves(d);
  }

  at(): string {
    return this.d.now().toISOString();
  }

  async gameDef(id: string): Promise<Result<AnyGame>> {
    const def = await this.d.registry.get(id);
    return def
      ? ok(def)
      : refused(problems.badRequest('unknown_game', `There is no game "${id}"; see GET /v1/catalog`));
  }

  /** The definition of a game a stored game or a seek names: the registry not knowing it is a broken invariant. */
  async knownDef(id: string): Promise<AnyGame> {
    return sure(await this.gameDef(id), `game definition ${id}`);
  }

  /** Meta and state in one read: the newest commit holds the state (version 0 is worked out from the meta until there is one). */
  async load(gameId: string): Promise<Result<Loaded>> {
    const found = await this.d.table.readGame(gameId);
    if (!found) return refused(problems.notFound('Game'));
    const { meta, latest } = found;
    const def = await this.gameDef(meta.game);
    if (!def.ok) return def;
    if (meta.status === 'open' || closedUnstarted(meta, latest)) return ok(unstarted(meta, def.value));
    if (latest) return ok(fromCommit(meta, def.value, latest));
    return ok(this.initial(meta, def.value, seatPauses(meta)));
  }

  /**
   * A game known to be there (a membership, the deadline index or a race just lost names it),
   * loaded: its absence is a broken invariant, not a refusal.
   */
  async loadKnown(gameId: string): Promise<Loaded> {
    return sure(await this.load(gameId), `game ${gameId}`);
  }

  /** Version 0 of a started game. */
  initial(meta: GameMeta, def: AnyGame, pausesOf: PausesOf): Loaded {
    const base: Loaded = {
      meta,
      def,
      commit: null,
      state: initialState(def, meta),
      version: 0,
      forfeited: [],
      clocks: null,
      recentKeys: {},
      table: initialTable(meta.players),
    };
    if (!meta.timeControl) return base;
    return {
      ...base,
      clocks: advanceClocks(
        meta.timeControl,
        initialClocks(meta.timeControl, meta.players),
        meta.startedAt ?? meta.createdAt,
        timedDue(base),
        pausesOf,
      ),
    };
  }

  /**
   * Copies what the seats keep of `playerIds` (seat-copies.ts, read afresh on every attempt) onto
   * the game's meta, revision-guarded like a join; the meta as it then is. Read after the players'
   * memberships exist, a vacation or credential version changed meanwhile is either read here or
   * finds the game through its membership (Timing.refreshDeadlines, refreshSeats), so no change is
   * lost between the two.
   */
  async copySeats(meta: GameMeta, playerIds: readonly string[]): Promise<GameMeta> {
    let current = meta;
    for (let attempt = 0; attempt < MAX_META_ATTEMPTS; attempt++) {
      const next = withSeatCopies(current, await this.d.times.seatFactsOf(playerIds));
      if (!next) return current;
      if (await written(this.d.table.replaceMeta(next))) return next;
      current = (await this.loadKnown(meta.id)).meta;
    }
    throw new Error(`game ${meta.id}: too many concurrent changes while copying seats`);
  }

  /** After a player's credential version moved on: copied onto their seats in their running games. */
  async refreshSeats(playerId: string): Promise<void> {
    for (const m of await this.d.table.listMemberships(playerId)) {
      const found = await this.loadKnown(m.gameId);
      if (statusOf(found) === 'active') await this.copySeats(found.meta, [playerId]);
    }
  }

  /**
   * A person's action, the engine's boundary: a RuleError (the rules refuse it) becomes the
   * refusal, anything else the engine throws stays unexpected.
   */
  apply(
    l: Loaded,
    seat: Seat,
    playerId: string,
    action: EventRecord['action'],
    pausesOf: PausesOf,
  ): Result<{ after: Loaded; record: EventRecord }, Refusal> {
    let applied;
    try {
      applied = l.def.apply(l.state, seat, action);
    } catch (err) {
      if (err instanceof RuleError) return refused(problems.illegal(err.code, err.message, err.rule));
      throw err;
    }
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId,
      action,
      events: applied.events,
      toAct: toActOf({ ...l, state: applied.state }),
      at: this.at(),
    };
    return ok({ after: advanced(l, record, applied.state, l.forfeited, pausesOf), record });
  }

  /**
   * Version 0 is the setup; bots that open the game move at once. The seats first get what they
   * keep of their players (seat-copies.ts). The commit that starts the game
   * (key 0) holds their moves, or none, and the state after them (and the setup as dealt, when they
   * moved: the export publishes it); a timed game's deadline entry goes
   * in before it. Whoever loses the race to start it reads the game the winner started.
   */
  async start(def: AnyGame, unseated: GameMeta): Promise<Loaded> {
    const people = unseated.seats.flatMap((s) => (s.bot || s.playerId === null ? [] : [s.playerId]));
    const meta = await this.copySeats(unseated, people);
    const pausesOf = seatPauses(meta);
    const base = this.initial(meta, def, pausesOf);
    const started = await this.commit(base, base, [], pausesOf, { start: true });
    return started.ok ? started.value : this.loadKnown(meta.id);
  }

  /**
   * Writes what a request did (its records, the bots due after them that move in it, and the game
   * after them all) as one commit, tells the notifier and counts the bot moves; a lost race if
   * another writer took the version. Bots still due after MAX_RECORDS_PER_COMMIT records move on
   * in further commits; a searching bot left due gets a bot-turn job (RP-BOT-1).
   */
  async commit(
    base: Loaded,
    after: Loaded,
    records: EventRecord[],
    pausesOf: PausesOf,
    how: CommitKind = {},
  ): Promise<Committed> {
    const play = how.bots ?? 'request';
    const moved = this.moves.playBots(after, records, pausesOf, play);
    // Nothing to write (a seat the bot took over, whose first move searches): the job writes it.
    if (records.length === 0 && !how.start) {
      await this.handOver(moved);
      return ok(moved);
    }
    const first = await this.writeCommit(base, moved, records, how);
    if (!first.ok) return first;
    let current = first.value;
    const played = [...records];
    for (let moves = records.length; ;) {
      const more: EventRecord[] = [];
      const next = this.moves.playBots(current, more, pausesOf, play, played);
      if (more.length === 0) break;
      if (moves >= MAX_BOT_MOVES_PER_REQUEST)
        throw new Error(`bot loop in game ${base.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST} moves`);
      played.push(...more);
      moves += more.length;
      const written = await this.writeCommit(current, next, more, {});
      // Another request plays on from here.
      if (!written.ok) return ok(await this.loadKnown(base.meta.id));
      current = written.value;
    }
    await this.handOver(current);
    return ok(current);
  }

  /** A game left with a bot due gets a bot-turn job for its version, queued before the request answers. */
  async handOver(l: Loaded): Promise<void> {
    if (botSeatOf(l) !== undefined) await this.d.botTurns.enqueue({ gameId: l.meta.id, version: l.version });
  }

  /** The one place a commit is written: another writer's commit of the same key makes it a lost race. */
  private async writeCommit(base: Loaded, after: Loaded, records: EventRecord[], how: CommitKind): Promise<Committed> {
    const key = how.start ? 0 : base.version + 1;
    const commit: CommitRecord = {
      key,
      version: after.version,
      records,
      before: how.start ? [] : toActOf(base),
      toAct: toActOf(after),
      status: commitStatus(statusOf(after)),
      state: after.state,
      ...(how.start && after.version > 0 ? { setup: base.state } : {}),
      forfeited: after.forfeited,
      table: after.table,
      ...(after.clocks ? { clocks: after.clocks } : {}),
      ...(how.request ? { request: { key: how.request.key, hash: how.request.hash } } : {}),
      recentKeys: how.request
        ? { ...base.recentKeys, [how.request.seat]: { key: keyHint(how.request), commit: key } }
        : base.recentKeys,
      at: this.at(),
    };
    if (quietCommit(base.meta, commit, this.d.now())) commit.quiet = true;
    const committed: Loaded = { ...after, commit, recentKeys: commit.recentKeys };
    if (base.meta.timeControl) await this.moveDueEarlier(how.start ? null : base, committed);
    if (!(await written(this.d.table.putCommit(base.meta.id, commit, base.meta.game))))
      return refused({ lostRace: true });
    for (const r of records) if (r.playerId === null && !r.forfeit) this.metrics.count('BotMoves');
    this.announce(committed.meta, commit);
    return ok(committed);
  }

  /**
   * Tells the notifier what a commit did. A retried request whose first attempt wrote its commit
   * may have failed before telling it (it timed out, or died): its retry tells it again. The
   * notifier sends each message once, so a request that did get that far sends nothing twice.
   */
  announce(meta: GameMeta, commit: CommitRecord): void {
    const t = transitionOf({ meta, latest: commit }, [commit]);
    if (t) this.d.onTransition(t);
  }

  /** Sets the game's entry in the deadline index to its next reminder or deadline, exactly. */
  async setDueExactly(l: Loaded): Promise<void> {
    await this.d.times.setDue(l.meta.id, dueAtOf(l), l.version, 'exact');
  }

  /**
   * A move's share of the deadline index: when its game's next reminder or deadline comes sooner
   * than before, the entry moves earlier, before the commit is written (TimeTable.setDue says why).
   * Otherwise nothing is written: the entry fires early and the sweeper sets it exactly.
   */
  private async moveDueEarlier(before: Loaded | null, after: Loaded): Promise<void> {
    const next = dueAtOf(after);
    if (next === null) return;
    const previous = before && dueAtOf(before);
    if (previous && next >= previous) return;
    await this.d.times.setDue(after.meta.id, next, after.version, 'earlier');
  }
}
