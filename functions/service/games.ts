import { createHash } from 'node:crypto';
import { Rng, RuleError, seedRng, type AnyGame, type GameRegistry, type Outcome, type Seat } from '../../engine/core/index.js';
import { WriteConflict, type GameTable } from '../store/game-table.js';
import type { EventRecord, GameMeta, GameStatus, HeadRecord, PlayerRecord, Vacation } from '../store/records.js';
import type { TimeTable } from '../store/time-table.js';
import { advanceClocks, initialClocks, nextDueAt, refreshDeadlines, type Pause, type SeatClock } from './clock.js';
import { outcomeWithForfeits, standingSeats } from './forfeit.js';
import { problems, Problem } from './problem.js';
import { initialState, replay } from './replay.js';
import { newId, newInviteCode, newSeed, sha256Hex, equalHashes } from './secrets.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import { noMetrics, type Metrics } from './metrics.js';
import type { TimeControl } from './time-control.js';
import { logEntryFor, seatOf, viewerFor, type LogEntry } from './visibility.js';

/** A runaway bot loop is a bug; stop well before a request could time out. */
const MAX_BOT_MOVES_PER_REQUEST = 2000;
const MAX_JOIN_ATTEMPTS = 8;

export interface SeatSummary {
  seat: Seat;
  name: string | null;
  bot: boolean;
  /** Shown to the game's seated players only, as chat does: ids are not for strangers to collect. */
  playerId?: string | null;
  forfeited?: boolean;
}

/** A seat's clock as clients see it. */
export interface ClockSummary {
  seat: Seat;
  /** When its turn times out, while it is due. */
  deadline?: string;
  /** Bank controls: the time the seat had when its turn began (or has, while it is not due), in ms. */
  bankMs?: number;
}

export interface GameSummary {
  id: string;
  game: string;
  status: GameStatus;
  players: number;
  options: unknown;
  seats: SeatSummary[];
  toAct: Seat[];
  version: number;
  seedCommitment: string;
  createdAt: string;
  finishedAt?: string;
  /** Only for seated players: what they give others to join. */
  inviteCode?: string;
  /** The caller's seat, if seated. */
  yourSeat?: Seat;
  outcome?: Outcome;
  timeControl?: TimeControl;
  /** The caller's deadline while due, else the earliest deadline of the seats to act. */
  deadline?: string;
  clocks?: ClockSummary[];
}

/** A reminder the sweeper claimed: the notifier tells the seat its time is running out. */
export interface ReminderNotice {
  gameId: string;
  seat: Seat;
  deadline: string;
}

/** What one request did to a game, for the notifier. */
export interface GameTransition {
  gameId: string;
  before: Seat[];
  after: Seat[];
  started: boolean;
  finished: boolean;
  version: number;
  /** The events this request appended (a person's move and the bot moves it set off). */
  records: EventRecord[];
  seats: GameMeta['seats'];
}

export interface PlayerView {
  /** The game's catalog id: which game's view and actions these are. */
  game: string;
  version: number;
  toAct: Seat[];
  view: unknown;
  legalActions: { type: string }[];
  deadline?: string;
  clocks?: ClockSummary[];
}

export interface ActInput {
  action: unknown;
  expectedVersion: number;
  idempotencyKey?: string | undefined;
}

export interface ActResult {
  status: number;
  body: PlayerView;
  replayed: boolean;
}

interface Loaded {
  meta: GameMeta;
  def: AnyGame;
  head: HeadRecord | null;
  state: unknown;
  version: number;
  forfeited: Seat[];
  /** Timed games only. */
  clocks: SeatClock[] | null;
}

type PausesOf = (seat: Seat) => Pause[];
const noPauses: PausesOf = () => [];

export interface GameExport {
  game: string;
  options: unknown;
  players: SeatSummary[];
  seed: string;
  seedCommitment: string;
  /** `forfeit` entries are the platform's, not the game's: skip them when replaying with the engine. */
  actions: { seat: Seat; action: { type: string }; timeout?: true; forfeit?: true }[];
  outcome: Outcome | null;
}

/** Every game operation the API offers, on top of the event store. */
export class Games {
  constructor(
    private readonly table: GameTable,
    private readonly times: TimeTable,
    private readonly registry: GameRegistry,
    private readonly now: () => Date,
    private readonly onTransition: (t: GameTransition) => void = () => {},
    private readonly onReminder: (r: ReminderNotice) => void = () => {},
    private readonly caps: Caps = DEFAULT_LIMITS.caps,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  private gameDef(id: string): AnyGame {
    const def = this.registry.get(id);
    if (!def) throw problems.badRequest('unknown_game', `There is no game "${id}"; see GET /v1/catalog`);
    return def;
  }

  async create(
    player: PlayerRecord,
    input: { game: string; players: number; options?: unknown; bots?: number | undefined; timeControl?: TimeControl | undefined },
  ): Promise<GameSummary> {
    const def = this.gameDef(input.game);
    const bots = input.bots ?? 0;
    if (input.players < def.minPlayers || input.players > def.maxPlayers) {
      throw problems.badRequest('invalid_players', `${def.title} takes ${def.minPlayers} to ${def.maxPlayers} players`);
    }
    if (bots > input.players - 1) throw problems.badRequest('invalid_bots', 'The creator takes a seat, so at most players - 1 bots fit');
    const parsed = def.options.safeParse(input.options ?? {});
    if (!parsed.success) {
      throw problems.badRequest('invalid_options', 'The options do not fit the game', { issues: parsed.error.issues.map(issueOf) });
    }
    const mismatch = def.checkOptions?.(parsed.data, input.players);
    if (mismatch) throw problems.badRequest('invalid_options', mismatch);
    const seed = newSeed();
    const seats = Array.from({ length: input.players }, (_, i) => {
      if (i === 0) return { playerId: player.id, name: player.name, bot: false };
      if (i >= input.players - bots) return { playerId: null, name: `Bot ${i - (input.players - bots) + 1}`, bot: true };
      return { playerId: null, name: null, bot: false };
    });
    const full = bots === input.players - 1;
    const id = newId();
    if (!full) await this.reserveOpenGame(player.id, id);
    const meta: GameMeta = {
      id,
      game: def.id,
      options: parsed.data,
      players: input.players,
      seats,
      status: full ? 'active' : 'open',
      createdAt: this.now().toISOString(),
      createdBy: player.id,
      inviteCode: newInviteCode(),
      seedCommitment: sha256Hex(seed),
      seed,
      revision: 1,
      ...(full ? { startedAt: this.now().toISOString() } : {}),
      ...(input.timeControl ? { timeControl: input.timeControl } : {}),
    };
    await this.table.putMeta(meta);
    await this.table.putMembership({ playerId: player.id, gameId: meta.id, game: def.id, seat: 0, joinedAt: meta.createdAt });
    const loaded = full ? await this.start(def, meta) : unstarted(meta, def);
    return this.summary(loaded, player.id);
  }

  async join(player: PlayerRecord, gameId: string, inviteCode: string): Promise<GameSummary> {
    for (let attempt = 0; attempt < MAX_JOIN_ATTEMPTS; attempt++) {
      const { meta } = await this.table.getMetaAndHead(gameId);
      if (!meta) throw problems.notFound('Game');
      if (!equalHashes(sha256Hex(inviteCode), sha256Hex(meta.inviteCode))) throw problems.forbidden('bad_invite_code', 'The invite code does not match');
      if (seatOf(meta, player.id) !== null) throw problems.conflict('already_seated', 'You already hold a seat in this game');
      if (meta.status !== 'open') throw problems.conflict('game_not_open', 'Every seat of this game is taken');
      const seat = meta.seats.findIndex((s) => !s.bot && s.playerId === null);
      const seats = meta.seats.map((s, i) => (i === seat ? { playerId: player.id, name: player.name, bot: false } : s));
      const full = seats.every((s) => s.bot || s.playerId !== null);
      const next: GameMeta = { ...meta, seats, status: full ? 'active' : 'open', revision: meta.revision + 1, ...(full ? { startedAt: this.now().toISOString() } : {}) };
      try {
        await this.table.replaceMeta(next);
      } catch (err) {
        if (err instanceof WriteConflict) continue;
        throw err;
      }
      await this.table.putMembership({ playerId: player.id, gameId, game: meta.game, seat, joinedAt: this.now().toISOString() });
      // Should this fail, the next reserveOpenGame of the creator finds the game started and drops it.
      if (full) await this.table.removeOpenGames(meta.createdBy, [gameId]);
      const def = this.gameDef(meta.game);
      const loaded = full ? await this.start(def, next) : unstarted(next, def);
      return this.summary(loaded, player.id);
    }
    throw problems.conflict('busy', 'Too many players are joining at once; retry');
  }

  /**
   * Counts a new game among the player's games waiting for players; 409 too_many_open_games at
   * the cap. Ids whose game is no longer open (started, or never stored because its request
   * failed) are dropped first, so a lost update never locks a player out.
   */
  private async reserveOpenGame(playerId: string, gameId: string): Promise<void> {
    const cap = this.caps.openGamesPerPlayer;
    if (await this.table.addOpenGame(playerId, gameId, cap)) return;
    const held = await this.table.listOpenGames(playerId);
    const games = await this.table.getSummaries(held);
    const stale = held.filter((id) => games.get(id)?.meta.status !== 'open');
    await this.table.removeOpenGames(playerId, stale);
    if (stale.length > 0 && (await this.table.addOpenGame(playerId, gameId, cap))) return;
    throw problems.conflict('too_many_open_games', `At most ${cap} of your games may wait for players at once; share their invite codes, or wait until they start`, { limit: cap });
  }

  /** Version 0 is the setup; bots that open the game move at once. */
  private async start(def: AnyGame, meta: GameMeta): Promise<Loaded> {
    const state = initialState(def, meta);
    const pausesOf = await this.pausesOf(meta);
    const unclocked: Loaded = { meta, def, head: null, state, version: 0, forfeited: [], clocks: null };
    const clocks = meta.timeControl
      ? advanceClocks(meta.timeControl, initialClocks(meta.timeControl, meta.players), meta.startedAt ?? meta.createdAt, this.timedDue(unclocked), pausesOf)
      : null;
    const loaded: Loaded = { ...unclocked, clocks };
    await this.table.putHead(meta.id, headOf(loaded), this.dueAt(loaded));
    const appended: EventRecord[] = [];
    const settled = await this.settle(await this.playBots(loaded, appended, pausesOf));
    this.announce(loaded, settled, appended, true);
    return settled;
  }

  /** Tells the notifier what one request did: who was due before, who is due now, what was logged. */
  private announce(before: Loaded, after: Loaded, records: EventRecord[], started: boolean): void {
    const finished = this.status(after) === 'finished';
    this.onTransition({
      gameId: after.meta.id,
      before: started ? [] : this.toAct(before),
      after: this.toAct(after),
      started,
      finished,
      version: after.version,
      records,
      seats: after.meta.seats,
    });
  }

  /**
   * A request that appended its move but failed before telling the notifier (it timed out, or
   * died before the head update) is told again when its client retries with the same key. The
   * notifier sends each message once, so a request that did get that far sends nothing twice.
   */
  private async announceRecovered(current: Loaded, fromVersion: number): Promise<void> {
    const records = await this.table.eventsAfter(current.meta.id, fromVersion);
    const before = fromVersion === 0 ? current.def.toAct(initialState(current.def, current.meta)) : ((await this.table.getEvent(current.meta.id, fromVersion))?.toAct ?? []);
    this.onTransition({
      gameId: current.meta.id,
      before,
      after: this.toAct(current),
      started: false,
      finished: this.status(current) === 'finished',
      version: current.version,
      records,
      seats: current.meta.seats,
    });
  }

  /**
   * Meta and state. The head may lag behind the log (a writer died between append and head
   * update); with `fresh`, the events it has not seen are folded in. Writers skip that: their
   * conditional append fails on a stale version anyway.
   */
  private async load(gameId: string, fresh: boolean): Promise<Loaded> {
    const { meta, head, latestVersion } = await this.table.getMetaAndHead(gameId);
    if (!meta) throw problems.notFound('Game');
    const def = this.gameDef(meta.game);
    if (meta.status === 'open') return unstarted(meta, def);
    const stale = latestVersion > (head?.version ?? 0);
    return fresh && stale ? this.catchUp({ meta, def, head }) : this.fromHead(meta, def, head);
  }

  private fromHead(meta: GameMeta, def: AnyGame, head: HeadRecord | null): Loaded {
    const { state, version, forfeited } = replay(def, meta, head, []);
    return { meta, def, head, state, version, forfeited, clocks: head?.clocks ?? null };
  }

  /** Folds the events the head has not seen, clocks included, and refreshes the head. */
  private async catchUp(loaded: Pick<Loaded, 'meta' | 'def' | 'head'>): Promise<Loaded> {
    const { meta, def, head } = loaded;
    const tail = await this.table.eventsAfter(meta.id, head?.version ?? 0);
    if (tail.length === 0) return this.fromHead(meta, def, head);
    const pausesOf = await this.pausesOf(meta);
    let current = head ? this.fromHead(meta, def, head) : await this.initial(meta, def, pausesOf);
    for (const record of tail) {
      if (record.version <= current.version) continue;
      const { state, forfeited } = replay(def, meta, headOf(current), [record]);
      current = this.advanced(current, record, state, forfeited, pausesOf);
    }
    await this.table.putHead(meta.id, headOf(current), this.dueAt(current));
    return current;
  }

  /** Version 0 of a started game, for folding a log without a head. */
  private async initial(meta: GameMeta, def: AnyGame, pausesOf: PausesOf): Promise<Loaded> {
    const base: Loaded = { meta, def, head: null, state: initialState(def, meta), version: 0, forfeited: [], clocks: null };
    if (!meta.timeControl) return base;
    return { ...base, clocks: advanceClocks(meta.timeControl, initialClocks(meta.timeControl, meta.players), meta.startedAt ?? meta.createdAt, this.timedDue(base), pausesOf) };
  }

  /** The game after one more logged record: state, forfeits, and the clocks at the record's time. */
  private advanced(l: Loaded, record: EventRecord, state: unknown, forfeited: Seat[], pausesOf: PausesOf): Loaded {
    const next: Loaded = { ...l, state, version: record.version, forfeited };
    const tc = l.meta.timeControl;
    return tc && l.clocks ? { ...next, clocks: advanceClocks(tc, l.clocks, record.at, this.timedDue(next), pausesOf) } : next;
  }

  private outcome(l: Loaded): Outcome | null {
    if (l.state === null) return null;
    return outcomeWithForfeits(l.def.outcome(l.state), l.meta.players, l.forfeited);
  }

  private status(l: Loaded): GameStatus {
    if (l.meta.status !== 'active') return l.meta.status;
    return this.outcome(l) ? 'finished' : 'active';
  }

  /** Seats due now, as the platform sees it: none once the game is over (by its rules or by forfeits). */
  private toAct(l: Loaded): Seat[] {
    return this.status(l) === 'active' ? l.def.toAct(l.state) : [];
  }

  /** Due seats that have a clock: people still in the game (bots and forfeited seats have none). */
  private timedDue(l: Loaded): Seat[] {
    return this.toAct(l).filter((seat) => !l.meta.seats[seat]?.bot && !l.forfeited.includes(seat));
  }

  /** The entry in the deadline index: only running timed games have one. */
  private dueAt(l: Loaded): string | null {
    return l.clocks && this.status(l) === 'active' ? nextDueAt(l.clocks) : null;
  }

  /** Each seated person's vacations as clock pauses; games without time control need none. */
  private async pausesOf(meta: GameMeta): Promise<PausesOf> {
    if (!meta.timeControl) return noPauses;
    const people = meta.seats.map((s) => (s.bot ? null : s.playerId));
    const vacations = await this.times.vacationsOf(people.filter((p): p is string => p !== null));
    return (seat) => pausesFromVacations(vacations.get(people[seat] ?? '') ?? []);
  }

  private summary(l: Loaded, playerId: string): GameSummary {
    const status = this.status(l);
    const yourSeat = seatOf(l.meta, playerId);
    const outcome = status === 'finished' ? this.outcome(l) : null;
    return {
      id: l.meta.id,
      game: l.meta.game,
      status,
      players: l.meta.players,
      options: l.meta.options,
      seats: seatsOf(l.meta, l.forfeited, playerId),
      toAct: this.toAct(l),
      version: l.version,
      seedCommitment: l.meta.seedCommitment,
      createdAt: l.meta.createdAt,
      ...(l.meta.finishedAt ? { finishedAt: l.meta.finishedAt } : {}),
      ...(yourSeat !== null ? { yourSeat, ...(l.meta.status === 'open' ? { inviteCode: l.meta.inviteCode } : {}) } : {}),
      ...(outcome ? { outcome } : {}),
      ...(l.meta.timeControl ? { timeControl: l.meta.timeControl } : {}),
      ...this.clockSummary(l, yourSeat),
    };
  }

  /** Deadlines and banks for clients: the caller's own deadline first. */
  private clockSummary(l: Loaded, yourSeat: Seat | null): { deadline?: string; clocks?: ClockSummary[] } {
    if (!l.clocks || this.status(l) !== 'active') return {};
    const clocks = l.clocks.map((c, seat) => ({
      seat,
      ...(c.deadline ? { deadline: c.deadline } : {}),
      ...(c.bankMs !== null ? { bankMs: c.bankMs } : {}),
    }));
    const own = yourSeat === null ? undefined : l.clocks[yourSeat]?.deadline;
    const earliest = own ?? nextDeadline(l.clocks);
    return { clocks, ...(earliest ? { deadline: earliest } : {}) };
  }

  async get(player: PlayerRecord, gameId: string): Promise<GameSummary> {
    return this.summary(await this.load(gameId, true), player.id);
  }

  async list(player: PlayerRecord, filter: { status?: GameStatus | undefined; myTurn?: boolean | undefined }) {
    const memberships = await this.table.listMemberships(player.id);
    const summaries = await this.table.getSummaries(memberships.map((m) => m.gameId));
    const games = memberships.flatMap((m) => {
      const found = summaries.get(m.gameId);
      if (!found) return [];
      const { meta, head } = found;
      const status: GameStatus = meta.status === 'active' && head ? head.status : meta.status;
      const toAct = status === 'active' && head ? head.toAct : [];
      const deadline = status === 'active' ? head?.clocks?.[m.seat]?.deadline : undefined;
      return [
        {
          id: meta.id,
          game: meta.game,
          status,
          players: meta.players,
          seat: m.seat,
          myTurn: toAct.includes(m.seat),
          toAct,
          version: head?.version ?? 0,
          createdAt: meta.createdAt,
          ...(deadline ? { deadline } : {}),
        },
      ];
    });
    return games
      .filter((g) => (filter.status === undefined || g.status === filter.status) && (filter.myTurn === undefined || g.myTurn === filter.myTurn))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }

  /** After a player changed their vacations: the deadlines of their running turns move. */
  async refreshDeadlines(playerId: string): Promise<void> {
    for (const m of await this.table.listMemberships(playerId)) {
      const loaded = await this.load(m.gameId, true);
      const tc = loaded.meta.timeControl;
      if (!tc || !loaded.clocks || this.status(loaded) !== 'active' || loaded.clocks[m.seat]?.dueSince == null) continue;
      const clocks = refreshDeadlines(tc, loaded.clocks, await this.pausesOf(loaded.meta));
      await this.times.updateClocks(m.gameId, loaded.version, clocks, nextDueAt(clocks));
    }
  }

  private viewOf(l: Loaded, playerId: string | null): PlayerView {
    const status = this.status(l);
    if (status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    const viewer = viewerFor(l.meta, playerId, status === 'finished', l.forfeited);
    const toAct = this.toAct(l);
    const seat = seatOf(l.meta, playerId);
    return {
      game: l.meta.game,
      version: l.version,
      toAct,
      view: l.def.view(l.state, viewer),
      legalActions: seat !== null && toAct.includes(seat) && !l.forfeited.includes(seat) ? l.def.legalActions(l.state, seat) : [],
      ...this.clockSummary(l, seat),
    };
  }

  /** The caller's view now, or after `version` actions (a replay of the log, with nothing to post). */
  async view(player: PlayerRecord, gameId: string, version?: number): Promise<PlayerView> {
    return this.viewAt(await this.load(gameId, true), player.id, version);
  }

  /**
   * `seen: 'now'` shows a past version as the caller sees the game today (their seat's, or
   * everything after the end); `'then'` as it was visible at that version, which never changes.
   */
  private async viewAt(loaded: Loaded, playerId: string | null, version: number | undefined, seen: 'now' | 'then' = 'now'): Promise<PlayerView> {
    if (version === undefined || version === loaded.version) return this.viewOf(loaded, playerId);
    if (version > loaded.version) throw new Problem(404, 'version_not_found', 'Not found', `The game is at version ${loaded.version}; version ${version} has not happened`);
    const status = this.status(loaded);
    if (status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    const events = version === 0 ? [] : await this.table.eventsAfter(loaded.meta.id, 0, version);
    const past = replay(loaded.def, loaded.meta, null, events);
    // The stored status is today's; at a past version the game was still running (unless it had just ended).
    const then: Loaded = { ...loaded, meta: { ...loaded.meta, status: 'active' }, head: null, ...past, clocks: null };
    const finished = (seen === 'now' ? status : this.status(then)) === 'finished';
    const viewer = viewerFor(loaded.meta, playerId, finished, loaded.forfeited);
    return { game: loaded.meta.game, version: past.version, toAct: this.toAct(then), view: loaded.def.view(past.state, viewer), legalActions: [] };
  }

  /**
   * What a board picture is drawn from: the view (now or at `version`) of `player`, or of nobody in
   * particular (what a spectator sees) for `null`; the game's components and the seat names.
   * The public picture of a version is served as immutable, so it shows that version as a
   * spectator saw it then: the end-of-game reveal must not leak into earlier versions.
   */
  async pictureOf(player: PlayerRecord | null, gameId: string, version?: number): Promise<{ game: string; components: unknown; view: unknown; seatNames: (string | null)[] }> {
    const loaded = await this.load(gameId, true);
    const { view } = await this.viewAt(loaded, player?.id ?? null, version, player === null ? 'then' : 'now');
    return { game: loaded.def.id, components: loaded.def.components ?? null, view, seatNames: loaded.meta.seats.map((s) => s.name) };
  }

  async act(player: PlayerRecord, gameId: string, input: ActInput): Promise<ActResult> {
    try {
      return await this.tryAct(player, gameId, input);
    } catch (err) {
      if (err instanceof Problem) this.metrics.count('RejectedMoves', { code: err.code });
      throw err;
    }
  }

  private async tryAct(player: PlayerRecord, gameId: string, input: ActInput): Promise<ActResult> {
    const requestHash = input.idempotencyKey ? hashRequest(input) : undefined;
    if (input.idempotencyKey && requestHash) {
      const earlier = await this.table.getRequest(gameId, player.id, input.idempotencyKey);
      if (earlier) {
        if (earlier.requestHash !== requestHash) throw idempotencyMismatch();
        return { status: earlier.status, body: earlier.body as PlayerView, replayed: true };
      }
    }
    let loaded = await this.load(gameId, false);
    const seat = seatOf(loaded.meta, player.id);
    if (seat === null) throw problems.forbidden('not_seated', 'You do not hold a seat in this game');
    if (loaded.meta.status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    if (input.expectedVersion > loaded.version) loaded = await this.catchUp(loaded);
    if (input.idempotencyKey && input.expectedVersion < loaded.version) {
      // A retry whose first attempt was appended but never recorded its answer (it died, or is still settling).
      const earlier = await this.table.getEvent(gameId, input.expectedVersion + 1);
      if (earlier && earlier.playerId === player.id && earlier.idempotencyKey === input.idempotencyKey) {
        if (earlier.requestHash !== requestHash) throw idempotencyMismatch();
        const current = await this.load(gameId, true);
        await this.announceRecovered(current, input.expectedVersion);
        return { status: 200, body: this.viewOf(current, player.id), replayed: true };
      }
    }
    if (this.status(loaded) !== 'active') throw problems.conflict('game_over', 'The game has ended');
    if (input.expectedVersion !== loaded.version) throw problems.staleVersion(loaded.version);
    if (loaded.forfeited.includes(seat)) throw problems.forbidden('forfeited', 'You forfeited this game; the bot plays on for your seat');
    if (!this.toAct(loaded).includes(seat)) throw problems.forbidden('not_your_turn', `Seat ${seat} is not to act now`);
    const parsed = loaded.def.action.safeParse(input.action);
    if (!parsed.success) {
      throw problems.badRequest('invalid_action', 'The action does not have the shape of any action of this game', { issues: parsed.error.issues.map(issueOf) });
    }
    let applied;
    try {
      applied = loaded.def.apply(loaded.state, seat, parsed.data);
    } catch (err) {
      if (err instanceof RuleError) throw problems.illegal(err.code, err.message, err.rule);
      throw err;
    }
    const record: EventRecord = {
      version: loaded.version + 1,
      seat,
      playerId: player.id,
      action: parsed.data,
      events: applied.events,
      toAct: this.toAct({ ...loaded, state: applied.state }),
      at: this.now().toISOString(),
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey, requestHash } : {}),
    };
    const pausesOf = await this.pausesOf(loaded.meta);
    try {
      await this.table.appendEvent(gameId, record);
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      return this.lostRace(loaded, player, record);
    }
    this.metrics.count('Moves');
    const appended = [record];
    const settled = await this.settle(await this.playBots(this.advanced(loaded, record, applied.state, loaded.forfeited, pausesOf), appended, pausesOf));
    this.announce(loaded, settled, appended, false);
    const result: ActResult = { status: 200, body: this.viewOf(settled, player.id), replayed: false };
    if (input.idempotencyKey && requestHash) {
      await this.table.putRequest(gameId, player.id, input.idempotencyKey, { requestHash, status: result.status, body: result.body }, this.now());
    }
    return result;
  }

  /**
   * Someone else wrote this version first. If it was this very request (same idempotency key,
   * retried before the first attempt finished), answer as if it succeeded; otherwise 409.
   */
  private async lostRace(loaded: Loaded, player: PlayerRecord, mine: EventRecord): Promise<ActResult> {
    const winner = await this.table.getEvent(loaded.meta.id, mine.version);
    const current = await this.catchUp(loaded);
    if (mine.idempotencyKey && winner?.playerId === player.id && winner.idempotencyKey === mine.idempotencyKey) {
      if (winner.requestHash !== mine.requestHash) throw idempotencyMismatch();
      return { status: 200, body: this.viewOf(current, player.id), replayed: true };
    }
    throw problems.staleVersion(current.version);
  }

  /** Plays every due bot seat (and forfeited seat) through the same append path as a person's move. */
  private async playBots(loaded: Loaded, appended: EventRecord[], pausesOf: PausesOf): Promise<Loaded> {
    let current = loaded;
    for (let moves = 0; moves < MAX_BOT_MOVES_PER_REQUEST; moves++) {
      const seat = this.toAct(current).find((s) => current.meta.seats[s]?.bot || current.forfeited.includes(s));
      if (seat === undefined) return current;
      const next = await this.botMove(current, seat, false, appended, pausesOf);
      // Another request advanced the game; it plays the bots from there.
      if (!next) return this.catchUp(current);
      current = next;
    }
    throw new Error(`bot loop in game ${loaded.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST} moves`);
  }

  /** One move by the game's bot for `seat`, appended; null if another writer took the version. */
  private async botMove(l: Loaded, seat: Seat, timeout: boolean, appended: EventRecord[], pausesOf: PausesOf): Promise<Loaded | null> {
    const { def, meta, state } = l;
    const rng = new Rng(seedRng(`${meta.seed}/bot/${l.version}`));
    const action = def.bot({ seat, view: def.view(state, seat), legal: def.legalActions(state, seat), rng });
    const applied = def.apply(state, seat, action);
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId: null,
      action,
      events: applied.events,
      toAct: this.toAct({ ...l, state: applied.state }),
      at: this.now().toISOString(),
      ...(timeout ? { timeout: true } : {}),
    };
    const next = await this.append(l, record, applied.state, l.forfeited, appended, pausesOf);
    if (next) this.metrics.count('BotMoves');
    return next;
  }

  private async append(l: Loaded, record: EventRecord, state: unknown, forfeited: Seat[], appended: EventRecord[], pausesOf: PausesOf): Promise<Loaded | null> {
    try {
      await this.table.appendEvent(l.meta.id, record);
    } catch (err) {
      if (err instanceof WriteConflict) return null;
      throw err;
    }
    appended.push(record);
    return this.advanced(l, record, state, forfeited, pausesOf);
  }

  /**
   * The sweeper's work for one game: a seat past its deadline gets the game's policy (the bot
   * moves for it until it is no longer due, or it forfeits), through the same conditional append
   * as a person's move, so racing sweeps apply it once; a seat past its reminder time gets one
   * reminder. Deadlines are worked out again with the vacations as they are now.
   */
  async expire(gameId: string): Promise<'timeout' | 'reminder' | 'none'> {
    const loaded = await this.load(gameId, true);
    const tc = loaded.meta.timeControl;
    if (!tc || !loaded.clocks || this.status(loaded) !== 'active') {
      if (loaded.head) await this.times.updateClocks(gameId, loaded.version, loaded.clocks ?? [], null);
      return 'none';
    }
    const now = this.now();
    const pausesOf = await this.pausesOf(loaded.meta);
    const clocks = refreshDeadlines(tc, loaded.clocks, pausesOf);
    const late = clocks.findIndex((c) => c.deadline !== null && Date.parse(c.deadline) <= now.getTime());
    if (late >= 0) {
      await this.timeOut({ ...loaded, clocks }, late, tc, pausesOf);
      return 'timeout';
    }
    let reminded = false;
    const next: SeatClock[] = [];
    for (const [seat, c] of clocks.entries()) {
      if (c.dueSince === null || c.reminded || c.remindAt === null || Date.parse(c.remindAt) > now.getTime() || !c.deadline) {
        next.push(c);
        continue;
      }
      if (await this.times.claimReminder({ gameId, seat, dueSince: c.dueSince, deadline: c.deadline, version: loaded.version }, now)) {
        this.onReminder({ gameId, seat, deadline: c.deadline });
        reminded = true;
      }
      next.push({ ...c, reminded: true });
    }
    await this.times.updateClocks(gameId, loaded.version, next, nextDueAt(next));
    return reminded ? 'reminder' : 'none';
  }

  private async timeOut(loaded: Loaded, seat: Seat, tc: TimeControl, pausesOf: PausesOf): Promise<void> {
    const appended: EventRecord[] = [];
    let current: Loaded | null = loaded;
    if (tc.onTimeout === 'bot') {
      for (let moves = 0; current && this.toAct(current).includes(seat); moves++) {
        if (moves >= MAX_BOT_MOVES_PER_REQUEST) throw new Error(`timeout moves in game ${loaded.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST}`);
        current = await this.botMove(current, seat, true, appended, pausesOf);
      }
    } else {
      const forfeited = [...loaded.forfeited, seat];
      const record: EventRecord = {
        version: loaded.version + 1,
        seat,
        playerId: null,
        action: { type: 'forfeit' },
        events: [{ type: 'forfeited', data: { seat } }],
        toAct: this.toAct({ ...loaded, forfeited }),
        at: this.now().toISOString(),
        timeout: true,
        forfeit: true,
      };
      current = await this.append(loaded, record, loaded.state, forfeited, appended, pausesOf);
    }
    // Lost the race to a move or another sweep: whoever won settles the game.
    if (!current) return;
    const settled = await this.settle(await this.playBots(current, appended, pausesOf));
    this.announce(loaded, settled, appended, false);
  }

  /** Refreshes the head cache and, when the game has just ended, the meta item. */
  private async settle(l: Loaded): Promise<Loaded> {
    await this.table.putHead(l.meta.id, headOf(l), this.dueAt(l));
    if (l.meta.status === 'active' && this.outcome(l)) {
      const meta: GameMeta = { ...l.meta, status: 'finished', finishedAt: this.now().toISOString(), revision: l.meta.revision + 1 };
      try {
        await this.table.replaceMeta(meta);
        return { ...l, meta };
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
      }
    }
    return l;
  }

  async log(player: PlayerRecord, gameId: string, after: number, limit: number): Promise<{ game: string; entries: LogEntry[]; version: number }> {
    const loaded = await this.load(gameId, true);
    const records = await this.table.eventsAfter(gameId, after, limit);
    const viewer = viewerFor(loaded.meta, player.id, this.status(loaded) === 'finished', loaded.forfeited);
    return { game: loaded.meta.game, entries: records.map((r) => logEntryFor(r, viewer)), version: loaded.version };
  }

  async export(player: PlayerRecord, gameId: string): Promise<GameExport> {
    const loaded = await this.load(gameId, true);
    if (this.status(loaded) !== 'finished') throw problems.conflict('game_not_finished', 'The seed and the full log are published when the game has ended');
    const records = await this.table.eventsAfter(gameId, 0);
    return {
      game: loaded.meta.game,
      options: loaded.meta.options,
      players: seatsOf(loaded.meta, loaded.forfeited, player.id),
      seed: loaded.meta.seed,
      seedCommitment: loaded.meta.seedCommitment,
      actions: records.map((r) => ({ seat: r.seat, action: r.action, ...(r.timeout ? { timeout: true as const } : {}), ...(r.forfeit ? { forfeit: true as const } : {}) })),
      outcome: this.outcome(loaded),
    };
  }
}

function headOf(l: Loaded): HeadRecord {
  const finished = outcomeWithForfeits(l.def.outcome(l.state), l.meta.players, l.forfeited) !== null;
  return {
    version: l.version,
    state: l.state,
    toAct: finished ? [] : l.def.toAct(l.state),
    status: finished ? 'finished' : 'active',
    ...(l.clocks ? { clocks: l.clocks } : {}),
    ...(l.forfeited.length ? { forfeited: l.forfeited } : {}),
  };
}

function unstarted(meta: GameMeta, def: AnyGame): Loaded {
  return { meta, def, head: null, state: null, version: 0, forfeited: [], clocks: null };
}

function seatsOf(meta: GameMeta, forfeited: readonly Seat[], viewerId: string): SeatSummary[] {
  const seated = seatOf(meta, viewerId) !== null;
  return meta.seats.map((s, seat) => ({
    seat,
    name: s.name,
    bot: s.bot,
    ...(seated ? { playerId: s.playerId } : {}),
    ...(forfeited.includes(seat) ? { forfeited: true } : {}),
  }));
}

function nextDeadline(clocks: readonly SeatClock[]): string | undefined {
  return clocks.flatMap((c) => (c.deadline ? [c.deadline] : [])).sort()[0];
}

function pausesFromVacations(vacations: readonly Vacation[]): Pause[] {
  return vacations.map((v) => ({ from: Date.parse(v.from), until: Date.parse(v.until) }));
}

function hashRequest(input: ActInput): string {
  return createHash('sha256').update(JSON.stringify([input.action, input.expectedVersion])).digest('hex');
}

function idempotencyMismatch(): Problem {
  return new Problem(422, 'idempotency_key_reused', 'Idempotency key reused', 'This Idempotency-Key was used for a different request');
}

function issueOf(issue: { path: PropertyKey[]; message: string }) {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}
