import { createHash } from 'node:crypto';
import { Rng, RuleError, seedRng, type AnyGame, type BotLevel, type GameRegistry, type Outcome, type Seat } from '../../engine/core/index.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { GameTable } from '../store/ports/stores.js';
import type { BotSeat, CommitRecord, CommitSummary, EventRecord, GameMeta, GameRecord, GameStatus, GameVersion, PersonSeat, RematchRecord, RequestFingerprint } from '../domain/game.js';
import type { PlayerRecord, Vacation } from '../domain/player.js';
import type { LobbyStore } from '../store/ports/lobby.js';
import type { SeekEntry } from '../domain/lobby.js';
import type { TimeStore } from '../store/ports/times.js';
import { advanceClocks, initialClocks, nextDueAt, refreshDeadlines, type Pause, type SeatClock } from './clock.js';
import { outcomeWithForfeits, standingSeats } from './forfeit.js';
import { abortable, initialTable, legacyTable, revealed, tableAfter, type TableState } from './table.js';
import { problems, Problem } from './problem.js';
import { initialState, replay, takenBackTo, type GameState } from './replay.js';
import { newId, newInviteCode, newSeed, sha256Hex, equalHashes } from './secrets.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import { noMetrics, type Metrics } from './metrics.js';
import type { TimeControl } from './time-control.js';
import { logEntryFor, seatOf, viewerFor, type LogEntry } from './visibility.js';
import { botLevelOf, chosenLevel, DEFAULT_STAND_IN_LEVEL, levelBots, levelToPlay, standInLevelOf, type BotFactory } from './bots.js';

/** A runaway bot loop is a bug; stop well before a request could time out. */
const MAX_BOT_MOVES_PER_REQUEST = 2000;
/**
 * Bot moves past this many go into further commits of the same request, so that no commit nears
 * DynamoDB's 400 KB item limit (a game only bots play on, after its people forfeited).
 */
const MAX_RECORDS_PER_COMMIT = 250;
const MAX_JOIN_ATTEMPTS = 8;

interface SeatSummaryBase {
  seat: Seat;
  name: string | null;
  /** Shown to the game's seated players only, as chat does: ids are not for strangers to collect. */
  playerId?: string | null;
  forfeited?: boolean;
  /** Its player deleted their account. */
  deleted?: boolean;
}

/** A seat as clients see it: a person's, or a bot's with the level it plays at. */
export type SeatSummary = (SeatSummaryBase & { bot: false }) | (SeatSummaryBase & { bot: true; level: BotLevel });

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
  /** Public games are listed in the lobby while seats are open, and anyone may join them without the invite code. */
  visibility: 'public' | 'private';
  /** The level of the bot that plays for a person's seat after a timeout, a forfeit or a deleted account. */
  standInLevel: BotLevel;
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
  /** While the game runs: no seat has made a second action yet, so any seated player may abort it. */
  abortable?: boolean;
  /** While the game runs, for a seated player: whether their last action may be taken back now. */
  canTakeBack?: boolean;
  /** A take-back request waiting for answers. */
  takeback?: TakebackSummary;
  /** After the end: a rematch offer, and the new game once it exists. */
  rematch?: RematchSummary;
}

export interface TakebackSummary {
  seat: Seat;
  /** The version of the action to undo; accepted, the game returns to the version before it. */
  undoes: number;
  requestedAt: number;
  accepted: Seat[];
  waitingFor: Seat[];
}

export interface RematchSummary {
  status: 'pending' | 'declined' | 'started';
  proposedBy: Seat;
  accepted: Seat[];
  waitingFor: Seat[];
  declinedBy?: Seat;
  gameId?: string;
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
  /** The game as the request left it, so the notifier need not read it again. */
  game: GameRecord;
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

/** An answer and the entity tag of the game it shows, for conditional GETs (RFC 9110, section 13.1.2). */
export interface Tagged<T> {
  value: T;
  etag: string;
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
  /** The newest commit, which this state is (or comes from); null before the game's first. */
  commit: CommitRecord | null;
  state: unknown;
  version: number;
  forfeited: Seat[];
  /** Timed games only. */
  clocks: SeatClock[] | null;
  recentKeys: CommitRecord['recentKeys'];
  table: TableState;
}

/** What a keyed request is known by, and the seat that sent it. */
interface KeyedRequest extends RequestFingerprint {
  seat: Seat;
}

type PausesOf = (seat: Seat) => Pause[];
const noPauses: PausesOf = () => [];

export interface GameExport {
  game: string;
  options: unknown;
  players: SeatSummary[];
  seed: string;
  seedCommitment: string;
  /**
   * `forfeit` and `platform` entries are the platform's, not the game's: skip them when replaying
   * with the engine, except `take_back`, which returns to the state after version `action.to`.
   */
  actions: { seat: Seat; action: { type: string }; level?: BotLevel; timeout?: true; forfeit?: true; platform?: true }[];
  outcome: Outcome | null;
}

/** Every game operation the API offers, on top of the event store. */
export class Games {
  constructor(
    private readonly table: GameTable,
    private readonly times: TimeStore,
    private readonly registry: GameRegistry,
    private readonly now: () => Date,
    private readonly onTransition: (t: GameTransition) => void = () => {},
    private readonly onReminder: (r: ReminderNotice) => void = () => {},
    private readonly caps: Caps = DEFAULT_LIMITS.caps,
    private readonly metrics: Metrics = noMetrics,
    /** Where public games wait for players (docs/playing.md "Lobby"); without it nothing is listed. */
    private readonly lobby: LobbyStore | null = null,
    /** The bot for each level; tests may give cheaper searches. */
    private readonly bots: BotFactory = levelBots,
  ) {}

  private async gameDef(id: string): Promise<AnyGame> {
    const def = await this.registry.get(id);
    if (!def) throw problems.badRequest('unknown_game', `There is no game "${id}"; see GET /v1/catalog`);
    return def;
  }

  async create(
    player: PlayerRecord,
    input: {
      game: string;
      players: number;
      options?: unknown;
      /** How many bot seats (each easy), or each bot seat's level, for the last seats in order. */
      bots?: number | readonly BotLevel[] | undefined;
      standInLevel?: BotLevel | undefined;
      timeControl?: TimeControl | undefined;
      visibility?: 'public' | 'private' | undefined;
    },
  ): Promise<GameSummary> {
    const def = await this.gameDef(input.game);
    const levels = typeof input.bots === 'number' ? Array.from({ length: input.bots }, (): BotLevel => 'easy') : (input.bots ?? []);
    const bots = levels.length;
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
    const firstBot = input.players - bots;
    const seats = Array.from({ length: input.players }, (_, i): PersonSeat | BotSeat => {
      if (i === 0) return { playerId: player.id, name: player.name, bot: false };
      if (i >= firstBot) return { playerId: null, name: `Bot ${i - firstBot + 1}`, bot: true, level: levels[i - firstBot]! };
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
      visibility: input.visibility ?? 'private',
      standInLevel: input.standInLevel ?? DEFAULT_STAND_IN_LEVEL,
    };
    await this.table.putMeta(meta);
    await this.table.putMembership({ playerId: player.id, gameId: meta.id, game: def.id, seat: 0, joinedAt: meta.createdAt });
    // After the meta: an entry never names a game that is not there (one that is gone is skipped when listed).
    if (!full && meta.visibility === 'public') await this.lobby?.putEntry({ game: def.id, gameId: id, createdAt: meta.createdAt });
    const loaded = full ? await this.start(def, meta) : unstarted(meta, def);
    return this.summary(loaded, player.id);
  }

  /** A private game needs its invite code; a public one is open to anyone (the lobby's one-tap join). */
  async join(player: PlayerRecord, gameId: string, inviteCode: string | undefined): Promise<GameSummary> {
    for (let attempt = 0; attempt < MAX_JOIN_ATTEMPTS; attempt++) {
      const meta = (await this.table.readGame(gameId))?.meta;
      if (!meta) throw problems.notFound('Game');
      if (meta.visibility !== 'public' && !equalHashes(sha256Hex(inviteCode ?? ''), sha256Hex(meta.inviteCode))) {
        throw problems.forbidden('bad_invite_code', 'The invite code does not match');
      }
      if (seatOf(meta, player.id) !== null) throw problems.conflict('already_seated', 'You already hold a seat in this game');
      if (meta.status !== 'open') throw problems.conflict('game_not_open', 'Every seat of this game is taken');
      const seat = meta.seats.findIndex((s) => !s.bot && s.playerId === null);
      const seats = meta.seats.map((s, i): PersonSeat | BotSeat => (i === seat ? { playerId: player.id, name: player.name, bot: false } : s));
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
      if (full && meta.visibility === 'public') await this.lobby?.removeEntry({ game: meta.game, gameId, createdAt: meta.createdAt });
      const def = await this.gameDef(meta.game);
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
    const metas = await this.table.getMetas(held);
    const stale = held.filter((id) => metas.get(id)?.status !== 'open');
    await this.table.removeOpenGames(playerId, stale);
    if (stale.length > 0 && (await this.table.addOpenGame(playerId, gameId, cap))) return;
    throw problems.conflict('too_many_open_games', `At most ${cap} of your games may wait for players at once; share their invite codes, or wait until they start`, { limit: cap });
  }

  /**
   * Version 0 is the setup; bots that open the game move at once. The commit that starts the game
   * (key 0) holds their moves, or none, and the state after them; a timed game's deadline entry goes
   * in before it.
   */
  private async start(def: AnyGame, meta: GameMeta): Promise<Loaded> {
    const pausesOf = await this.pausesOf(meta);
    const base = this.initial(meta, def, pausesOf);
    const appended: EventRecord[] = [];
    const opened = this.playBots(base, appended, pausesOf);
    try {
      return await this.commit(base, opened, appended, pausesOf, { start: true });
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      return this.load(meta.id);
    }
  }

  /** Tells the notifier what one commit did: who was due before, who is due now, what was logged. */
  private announce(before: Loaded, after: Loaded, records: EventRecord[], started: boolean): void {
    this.onTransition({
      gameId: after.meta.id,
      before: started ? [] : this.toAct(before),
      after: this.toAct(after),
      started,
      finished: this.status(after) === 'finished',
      version: after.version,
      records,
      seats: after.meta.seats,
      game: { meta: after.meta, latest: after.commit },
    });
  }

  /**
   * A retried request whose first attempt wrote its commit may have failed before telling the
   * notifier (it timed out, or died): its retry tells it again. The notifier sends each message
   * once, so a request that did get that far sends nothing twice.
   */
  private announceCommit(l: Loaded, commit: CommitRecord): void {
    this.onTransition({
      gameId: l.meta.id,
      before: commit.before,
      after: commit.toAct,
      started: commit.key === 0,
      finished: commit.status === 'finished',
      version: commit.version,
      records: commit.records,
      seats: l.meta.seats,
      game: { meta: l.meta, latest: commit },
    });
  }

  /** Meta and state in one read: the newest commit holds the state (version 0 is worked out from the meta until there is one). */
  private async load(gameId: string): Promise<Loaded> {
    const found = await this.table.readGame(gameId);
    if (!found) throw problems.notFound('Game');
    const { meta, latest } = found;
    const def = await this.gameDef(meta.game);
    if (meta.status === 'open' || closedUnstarted(meta, latest)) return unstarted(meta, def);
    if (latest) return fromCommit(meta, def, latest);
    return this.initial(meta, def, await this.pausesOf(meta));
  }

  /** Version 0 of a started game. */
  private initial(meta: GameMeta, def: AnyGame, pausesOf: PausesOf): Loaded {
    const base: Loaded = { meta, def, commit: null, state: initialState(def, meta), version: 0, forfeited: [], clocks: null, recentKeys: {}, table: initialTable(meta.players) };
    if (!meta.timeControl) return base;
    return { ...base, clocks: advanceClocks(meta.timeControl, initialClocks(meta.timeControl, meta.players), meta.startedAt ?? meta.createdAt, this.timedDue(base), pausesOf) };
  }

  /** The game after one more logged record: state, forfeits, and the clocks at the record's time. */
  private advanced(l: Loaded, record: EventRecord, state: unknown, forfeited: Seat[], pausesOf: PausesOf): Loaded {
    const table = tableAfter(l.table, record, !record.platform && !record.forfeit && revealed(l.def, l.state, state, record));
    const next: Loaded = { ...l, state, version: record.version, forfeited, table };
    const tc = l.meta.timeControl;
    return tc && l.clocks ? { ...next, clocks: advanceClocks(tc, l.clocks, record.at, this.timedDue(next), pausesOf) } : next;
  }

  private outcome(l: Loaded): Outcome | null {
    if (l.state === null) return null;
    return outcomeWithForfeits(l.def.outcome(l.state), l.meta.players, l.forfeited);
  }

  private status(l: Loaded): GameStatus {
    if (l.meta.status !== 'active') return l.meta.status;
    if (l.table.aborted) return 'aborted';
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

  /**
   * A move's share of the deadline index: when its game's next reminder or deadline comes sooner
   * than before, the entry moves earlier, before the commit is written (TimeTable.setDue says why).
   * Otherwise nothing is written: the entry fires early and the sweeper sets it exactly.
   */
  private async moveDueEarlier(before: Loaded | null, after: Loaded): Promise<void> {
    const next = this.dueAt(after);
    if (next === null) return;
    const previous = before && this.dueAt(before);
    if (previous && next >= previous) return;
    await this.times.setDue(after.meta.id, next, after.version, 'earlier');
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
      visibility: l.meta.visibility ?? 'private',
      standInLevel: standInLevelOf(l.meta),
      // The commit that ended the game is the newest, for ever.
      ...(status === 'finished' && l.commit ? { finishedAt: l.commit.at } : {}),
      ...(yourSeat !== null ? { yourSeat, ...(l.meta.status === 'open' ? { inviteCode: l.meta.inviteCode } : {}) } : {}),
      ...(outcome ? { outcome } : {}),
      ...(l.meta.timeControl ? { timeControl: l.meta.timeControl } : {}),
      ...this.clockSummary(l, yourSeat),
      ...this.finishingSummary(l, status, yourSeat),
    };
  }

  /** What a client needs to offer resigning, aborting, take-backs and rematches. */
  private finishingSummary(l: Loaded, status: GameStatus, yourSeat: Seat | null): Pick<GameSummary, 'abortable' | 'canTakeBack' | 'takeback' | 'rematch'> {
    if (status === 'active') {
      const tb = l.table.takeback;
      const playing = yourSeat !== null && !l.forfeited.includes(yourSeat);
      return {
        abortable: abortable(l.table),
        ...(playing ? { canTakeBack: !tb && l.table.undoable[yourSeat] !== undefined } : {}),
        ...(tb ? { takeback: { seat: tb.seat, undoes: tb.undoes, requestedAt: tb.requestedAt, accepted: tb.accepted, waitingFor: this.takebackWaitingFor(l) } } : {}),
      };
    }
    const offer = l.meta.rematch;
    if (status !== 'finished' || !offer) return {};
    return {
      rematch: {
        status: offer.gameId !== undefined ? 'started' : offer.declinedBy !== undefined ? 'declined' : 'pending',
        proposedBy: offer.proposedBy,
        accepted: offer.accepted,
        waitingFor: offer.declinedBy !== undefined ? [] : l.meta.seats.flatMap((s, seat) => (!s.bot && !offer.accepted.includes(seat) ? [seat] : [])),
        ...(offer.declinedBy !== undefined ? { declinedBy: offer.declinedBy } : {}),
        ...(offer.gameId !== undefined ? { gameId: offer.gameId } : {}),
      },
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

  async get(player: PlayerRecord, gameId: string): Promise<Tagged<GameSummary>> {
    const loaded = await this.load(gameId);
    return tagged(loaded, player.id, this.summary(loaded, player.id));
  }

  /**
   * The entity tag the player's answers about the game (summary, view, log) carry now, from one
   * read of the version alone; null if there is no such game. An answer with the same tag would be
   * the same answer.
   */
  async etag(player: PlayerRecord, gameId: string): Promise<string | null> {
    const version = await this.table.readVersion(gameId);
    return version && etagOf(version, player.id);
  }

  async list(player: PlayerRecord, filter: { status?: GameStatus | undefined; myTurn?: boolean | undefined }) {
    const memberships = await this.table.listMemberships(player.id);
    const summaries = await this.table.readSummaries(memberships.map((m) => m.gameId));
    // A started game without a commit (the request that started it died before writing one): version 0, worked out.
    for (const [id, { meta, latest }] of summaries) {
      if (meta.status === 'active' && !latest) summaries.set(id, { meta, latest: this.summaryOf(await this.load(id)) });
    }
    const games = memberships.flatMap((m) => {
      const found = summaries.get(m.gameId);
      if (!found) return [];
      const { meta, latest } = found;
      const status: GameStatus = meta.status === 'active' && latest ? latest.status : meta.status;
      const toAct = status === 'active' && latest ? latest.toAct : [];
      const deadline = status === 'active' ? latest?.clocks?.[m.seat]?.deadline : undefined;
      return [
        {
          id: meta.id,
          game: meta.game,
          status,
          players: meta.players,
          seat: m.seat,
          myTurn: toAct.includes(m.seat),
          toAct,
          version: latest?.version ?? 0,
          createdAt: meta.createdAt,
          ...(deadline ? { deadline } : {}),
        },
      ];
    });
    return games
      .filter((g) => (filter.status === undefined || g.status === filter.status) && (filter.myTurn === undefined || g.myTurn === filter.myTurn))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }

  private summaryOf(l: Loaded): CommitSummary {
    return { key: l.commit?.key ?? 0, version: l.version, toAct: this.toAct(l), status: commitStatus(this.status(l)), ...(l.clocks ? { clocks: l.clocks } : {}) };
  }

  /** After a player changed their vacations: the deadlines of their running turns move (on the newest commit, in place). */
  async refreshDeadlines(playerId: string): Promise<void> {
    for (const m of await this.table.listMemberships(playerId)) {
      const loaded = await this.load(m.gameId);
      const tc = loaded.meta.timeControl;
      if (!tc || !loaded.clocks || !loaded.commit || this.status(loaded) !== 'active' || loaded.clocks[m.seat]?.dueSince == null) continue;
      const clocks = refreshDeadlines(tc, loaded.clocks, await this.pausesOf(loaded.meta));
      await this.times.setClocks(m.gameId, loaded.commit.key, clocks);
      await this.times.setDue(m.gameId, nextDueAt(clocks), loaded.version, 'exact');
    }
  }

  private viewOf(l: Loaded, playerId: string | null): PlayerView {
    const status = this.status(l);
    if (status === 'open' || l.state === null) throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
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
  async view(player: PlayerRecord, gameId: string, version?: number): Promise<Tagged<PlayerView>> {
    const loaded = await this.load(gameId);
    return tagged(loaded, player.id, await this.viewAt(loaded, player.id, version));
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
    const past = await this.stateAt(loaded, version);
    // The stored status is today's; at a past version the game was still running (unless it had just ended).
    const then: Loaded = { ...loaded, meta: { ...loaded.meta, status: 'active' }, commit: null, ...past, clocks: null, table: initialTable(loaded.meta.players) };
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
    const loaded = await this.load(gameId);
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

  /**
   * The state after `version`: the snapshot of the commit that ends there, or the commit before
   * the one holding it with that one's records folded in (one read either way).
   */
  private async stateAt(l: Loaded, version: number): Promise<GameState> {
    if (version === 0) return replay(l.def, l.meta, null, []);
    const [holder, previous] = await this.table.commitsUpTo(l.meta.id, version, 2);
    if (!holder) return replay(l.def, l.meta, null, []);
    if (holder.version === version) return { state: holder.state, version, forfeited: holder.forfeited };
    const upTo = (records: readonly EventRecord[]) => records.filter((r) => r.version <= version);
    if (holder.key <= 1) return replay(l.def, l.meta, null, upTo(holder.records));
    // A take-back inside the commit returns to a version only a replay from the start holds.
    if (upTo(holder.records).some((r) => takenBackTo(r) !== null)) return replay(l.def, l.meta, null, upTo((await this.table.commitsAfter(l.meta.id, 0)).flatMap((c) => c.records)));
    if (previous?.version === holder.key - 1) return replay(l.def, l.meta, previous, upTo(holder.records));
    // The start commit is missing (its writer died): the log from the beginning.
    return replay(l.def, l.meta, null, upTo((await this.table.commitsAfter(l.meta.id, 0)).flatMap((c) => c.records)));
  }

  private async tryAct(player: PlayerRecord, gameId: string, input: ActInput): Promise<ActResult> {
    const loaded = await this.load(gameId);
    const seat = seatOf(loaded.meta, player.id);
    if (seat === null) throw problems.forbidden('not_seated', 'You do not hold a seat in this game');
    if (loaded.meta.status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    const request = input.idempotencyKey ? { ...fingerprint(player.id, input.idempotencyKey, input), seat } : undefined;
    const earlier = request && (await this.answered(loaded, player, request, input.expectedVersion));
    if (earlier) return earlier;
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
    };
    const pausesOf = await this.pausesOf(loaded.meta);
    const appended = [record];
    const settled = this.playBots(this.advanced(loaded, record, applied.state, loaded.forfeited, pausesOf), appended, pausesOf);
    let committed: Loaded;
    try {
      committed = await this.commit(loaded, settled, appended, pausesOf, request ? { request } : {});
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      return this.lostRace(loaded, player, request);
    }
    this.metrics.count('Moves');
    return { status: 200, body: this.viewOf(committed, player.id), replayed: false };
  }

  /**
   * The answer to a keyed request that was made before: from the commit that request wrote,
   * recomputed (the commit holds the state the answer showed). The newest commit, which the read
   * brought, answers a retry at once; an earlier one is read by the key it recorded (each seat's
   * last key is carried from commit to commit) or, for a retry of an older request, at the version
   * it was sent with. The same key with another request is 422; null if the key is new.
   */
  private async answered(loaded: Loaded, player: PlayerRecord, request: KeyedRequest, expectedVersion: number): Promise<ActResult | null> {
    const latest = loaded.commit;
    const recent = loaded.recentKeys[request.seat];
    const key =
      latest?.request?.key === request.key ? latest.key : recent?.key === keyHint(request) ? recent.commit : expectedVersion < loaded.version ? expectedVersion + 1 : null;
    if (key === null) return null;
    const commit = key === latest?.key ? latest : await this.table.getCommit(loaded.meta.id, key);
    return commit ? this.replayed(loaded, player, request, commit) : null;
  }

  /** The first answer again, if `commit` was written by this request; 422 if by another request under the same key. */
  private replayed(loaded: Loaded, player: PlayerRecord, request: KeyedRequest, commit: CommitRecord): ActResult | null {
    if (commit.request?.key !== request.key) return null;
    if (commit.request.hash !== request.hash) throw idempotencyMismatch();
    const then = fromCommit(loaded.meta, loaded.def, commit);
    this.announceCommit(then, commit);
    return { status: 200, body: this.viewOf(then, player.id), replayed: true };
  }

  /**
   * Someone else wrote this version first. If it was this very request (same idempotency key,
   * retried before the first attempt finished), answer as if it succeeded; otherwise 409.
   */
  private async lostRace(loaded: Loaded, player: PlayerRecord, request: KeyedRequest | undefined): Promise<ActResult> {
    const now = await this.load(loaded.meta.id);
    const key = loaded.version + 1;
    if (request) {
      const winner = now.commit?.key === key ? now.commit : await this.table.getCommit(loaded.meta.id, key);
      const answer = winner && this.replayed(now, player, request, winner);
      if (answer) return answer;
    }
    throw problems.staleVersion(now.version);
  }

  /**
   * Writes what a request did (its records and the game after them) as one commit, tells the
   * notifier and counts the bot moves; WriteConflict if another writer took the version. Bots
   * still due after MAX_RECORDS_PER_COMMIT records move on in further commits.
   */
  private async commit(base: Loaded, after: Loaded, records: EventRecord[], pausesOf: PausesOf, how: { request?: KeyedRequest; start?: boolean }): Promise<Loaded> {
    let current = await this.writeCommit(base, after, records, how);
    const played = [...records];
    for (let moves = records.length; this.botSeat(current) !== undefined; ) {
      if (moves >= MAX_BOT_MOVES_PER_REQUEST) throw new Error(`bot loop in game ${base.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST} moves`);
      const more: EventRecord[] = [];
      const next = this.playBots(current, more, pausesOf, played);
      played.push(...more);
      moves += more.length;
      try {
        current = await this.writeCommit(current, next, more, {});
      } catch (err) {
        // Another request plays on from here.
        if (err instanceof WriteConflict) return this.load(base.meta.id);
        throw err;
      }
    }
    return current;
  }

  private async writeCommit(base: Loaded, after: Loaded, records: EventRecord[], how: { request?: KeyedRequest; start?: boolean }): Promise<Loaded> {
    const key = how.start ? 0 : base.version + 1;
    const commit: CommitRecord = {
      key,
      version: after.version,
      records,
      before: how.start ? [] : this.toAct(base),
      toAct: this.toAct(after),
      status: commitStatus(this.status(after)),
      state: after.state,
      forfeited: after.forfeited,
      table: after.table,
      ...(after.clocks ? { clocks: after.clocks } : {}),
      ...(how.request ? { request: { key: how.request.key, hash: how.request.hash } } : {}),
      recentKeys: how.request ? { ...base.recentKeys, [how.request.seat]: { key: keyHint(how.request), commit: key } } : base.recentKeys,
      at: this.now().toISOString(),
    };
    const committed: Loaded = { ...after, commit, recentKeys: commit.recentKeys };
    if (base.meta.timeControl) await this.moveDueEarlier(how.start ? null : base, committed);
    await this.table.putCommit(base.meta.id, commit);
    for (const r of records) if (r.playerId === null && !r.forfeit) this.metrics.count('BotMoves');
    this.announce(base, committed, records, how.start === true);
    return committed;
  }

  /** A due seat the game's bot plays: a bot's, or a seat that forfeited. */
  private botSeat(l: Loaded): Seat | undefined {
    return this.toAct(l).find((s) => l.meta.seats[s]?.bot || l.forfeited.includes(s));
  }

  /**
   * Plays every due bot seat (and forfeited seat), up to one commit's worth of records in all;
   * `earlier` are the records this request wrote in commits before (their search time counts).
   */
  private playBots(loaded: Loaded, appended: EventRecord[], pausesOf: PausesOf, earlier: readonly EventRecord[] = []): Loaded {
    let current = loaded;
    for (let seat = this.botSeat(current); seat !== undefined && appended.length < MAX_RECORDS_PER_COMMIT; seat = this.botSeat(current)) {
      current = this.botMove(current, seat, false, appended, pausesOf, earlier);
    }
    return current;
  }

  /** Whether a person still plays: a seat neither a bot's nor forfeited (nor its player's account deleted). */
  private peoplePlaying(l: Loaded): boolean {
    return l.meta.seats.some((s, seat) => !s.bot && !s.deleted && !l.forfeited.includes(seat));
  }

  /** One move by the bot for `seat`, at the seat's level or the stand-in's (bots.ts), the level kept on the record. */
  private botMove(l: Loaded, seat: Seat, timeout: boolean, appended: EventRecord[], pausesOf: PausesOf, earlier: readonly EventRecord[] = []): Loaded {
    const { def, meta, state } = l;
    const rng = new Rng(seedRng(`${meta.seed}/bot/${l.version}`));
    const level = levelToPlay(chosenLevel(meta, seat), this.peoplePlaying(l), [...earlier, ...appended]);
    const bot = this.bots(def, level, () => this.now().getTime());
    const action = bot({ seat, view: def.view(state, seat), legal: def.legalActions(state, seat), rng, options: meta.options });
    const applied = def.apply(state, seat, action);
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId: null,
      level,
      action,
      events: applied.events,
      toAct: this.toAct({ ...l, state: applied.state }),
      at: this.now().toISOString(),
      ...(timeout ? { timeout: true } : {}),
    };
    appended.push(record);
    return this.advanced(l, record, applied.state, l.forfeited, pausesOf);
  }

  /**
   * The sweeper's work for one game: a seat past its deadline gets the game's policy (the bot
   * moves for it until it is no longer due, or it forfeits), written as one commit like a move, so
   * racing sweeps apply it once; a seat past its reminder time gets one reminder. Deadlines are
   * worked out again with the vacations as they are now, and the game's entry in the deadline
   * index is set to its next time exactly.
   */
  async expire(gameId: string): Promise<'timeout' | 'reminder' | 'none'> {
    const loaded = await this.load(gameId);
    const tc = loaded.meta.timeControl;
    if (!tc || !loaded.clocks || this.status(loaded) !== 'active') {
      await this.times.setDue(gameId, null, loaded.version, 'exact');
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
    await this.times.setDue(gameId, nextDueAt(next), loaded.version, 'exact');
    return reminded ? 'reminder' : 'none';
  }

  private async timeOut(loaded: Loaded, seat: Seat, tc: TimeControl, pausesOf: PausesOf): Promise<void> {
    const appended: EventRecord[] = [];
    let current = loaded;
    if (tc.onTimeout === 'bot') {
      for (let moves = 0; this.toAct(current).includes(seat); moves++) {
        if (moves >= MAX_BOT_MOVES_PER_REQUEST) throw new Error(`timeout moves in game ${loaded.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST}`);
        current = this.botMove(current, seat, true, appended, pausesOf);
      }
    } else {
      current = this.forfeitSeat(loaded, seat, null, appended, pausesOf);
    }
    let committed: Loaded;
    try {
      committed = await this.commit(loaded, this.playBots(current, appended, pausesOf), appended, pausesOf, {});
    } catch (err) {
      // Lost the race to a move or another sweep: whoever won settles the game.
      if (err instanceof WriteConflict) return;
      throw err;
    }
    await this.times.setDue(loaded.meta.id, this.dueAt(committed), committed.version, 'exact');
  }

  /**
   * A seat leaves the game: its time ran out (`playerId` null, a timeout) or its player resigned.
   * The platform's record, ranked by outcomeWithForfeits; the game's bot plays on for the seat.
   */
  private forfeitSeat(l: Loaded, seat: Seat, playerId: string | null, appended: EventRecord[], pausesOf: PausesOf): Loaded {
    const forfeited = [...l.forfeited, seat];
    const record: EventRecord = {
      version: l.version + 1,
      seat,
      playerId,
      action: { type: 'forfeit' },
      events: [{ type: 'forfeited', data: { seat } }],
      toAct: this.toAct({ ...l, forfeited }),
      at: this.now().toISOString(),
      ...(playerId === null ? { timeout: true } : {}),
      forfeit: true,
    };
    appended.push(record);
    return this.advanced(l, record, l.state, forfeited, pausesOf);
  }

  // ---- finishing games and take-backs (docs/playing.md, "Finishing games")

  /** The seat of a person still playing a running game, or the problem that says why not. */
  private playingSeat(l: Loaded, player: PlayerRecord): Seat {
    const seat = seatOf(l.meta, player.id);
    if (seat === null) throw problems.forbidden('not_seated', 'You do not hold a seat in this game');
    if (l.meta.status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    if (this.status(l) !== 'active') throw problems.conflict('game_over', 'The game has ended');
    if (l.forfeited.includes(seat)) throw problems.forbidden('forfeited', 'You forfeited this game; the bot plays on for your seat');
    return seat;
  }

  /** A platform entry (an abort, a take-back request, answer or undo): logged, changing no game state. */
  private platformEntry(l: Loaded, seat: Seat, playerId: string | null, action: { type: string }, event: { type: string; data: Record<string, unknown> }): EventRecord {
    return { version: l.version + 1, seat, playerId, action, events: [event], toAct: this.toAct(l), at: this.now().toISOString(), platform: true };
  }

  /** Writes what a finishing request did; a move that came first makes it 409 stale_version. */
  private async settle(base: Loaded, after: Loaded, records: EventRecord[], pausesOf: PausesOf, player: PlayerRecord): Promise<GameSummary> {
    let committed: Loaded;
    try {
      committed = await this.commit(base, this.playBots(after, records, pausesOf), records, pausesOf, {});
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      throw problems.staleVersion((await this.load(base.meta.id)).version);
    }
    return this.summary(committed, player.id);
  }

  /** Resigning: ranked as a forfeit; the others play on against the bot, or the game ends when one seat is left. */
  async resign(player: PlayerRecord, gameId: string): Promise<GameSummary> {
    const loaded = await this.load(gameId);
    const seat = this.playingSeat(loaded, player);
    const pausesOf = await this.pausesOf(loaded.meta);
    const records: EventRecord[] = [];
    return this.settle(loaded, this.forfeitSeat(loaded, seat, player.id, records, pausesOf), records, pausesOf, player);
  }

  /** Aborting while no seat has made more than one action: the game ends with no result. */
  async abort(player: PlayerRecord, gameId: string): Promise<GameSummary> {
    const loaded = await this.load(gameId);
    const seat = this.playingSeat(loaded, player);
    if (!abortable(loaded.table)) throw problems.conflict('abort_window_closed', 'A seat has made a second move: the game can no longer be aborted (resign instead)');
    const pausesOf = await this.pausesOf(loaded.meta);
    const aborted = { ...loaded, table: { ...loaded.table, aborted: true as const } };
    const record = { ...this.platformEntry(loaded, seat, player.id, { type: 'abort' }, { type: 'aborted', data: { seat } }), toAct: [] };
    return this.settle(loaded, this.advanced(aborted, record, loaded.state, loaded.forfeited, pausesOf), [record], pausesOf, player);
  }

  /** People who must still answer the pending take-back: the other seated people still playing. */
  private takebackWaitingFor(l: Loaded): Seat[] {
    const tb = l.table.takeback;
    if (!tb) return [];
    return l.meta.seats.flatMap((s, seat) => (seat !== tb.seat && !s.bot && !l.forfeited.includes(seat) && !tb.accepted.includes(seat) ? [seat] : []));
  }

  /** A running game at the version the caller saw, with the caller's seat. */
  private async atVersion(player: PlayerRecord, gameId: string, expectedVersion: number): Promise<{ loaded: Loaded; seat: Seat }> {
    const loaded = await this.load(gameId);
    const seat = this.playingSeat(loaded, player);
    if (expectedVersion !== loaded.version) throw problems.staleVersion(loaded.version);
    return { loaded, seat };
  }

  /**
   * Asks to undo the caller's own last action. Allowed while nothing hidden or random came into
   * the game since and no other person moved (table.ts); the other seated people answer, bots accept at once.
   */
  async requestTakeback(player: PlayerRecord, gameId: string, expectedVersion: number): Promise<GameSummary> {
    const { loaded, seat } = await this.atVersion(player, gameId, expectedVersion);
    if (loaded.table.takeback) throw problems.conflict('takeback_pending', 'A take-back request is already waiting for answers');
    const undoes = loaded.table.undoable[seat];
    if (undoes === undefined) {
      throw problems.conflict('takeback_not_allowed', 'You have no action to take back, or something hidden or random came into the game since your last one, or another player has moved since (RP-TB-1)');
    }
    const pausesOf = await this.pausesOf(loaded.meta);
    const record = this.platformEntry(loaded, seat, player.id, { type: 'request_takeback', undoes } as { type: string }, { type: 'takeback_requested', data: { seat, undoes } });
    const requested = this.advanced(loaded, record, loaded.state, loaded.forfeited, pausesOf);
    const pending = { ...requested, table: { ...requested.table, takeback: { seat, undoes, requestedAt: record.version, accepted: [] } } };
    const records = [record];
    const after = this.takebackWaitingFor(pending).length === 0 ? await this.takeBack(pending, records, pausesOf) : pending;
    return this.settle(loaded, after, records, pausesOf, player);
  }

  /** Accepts or refuses the pending take-back; the last acceptance returns the game to the version before the action. */
  async answerTakeback(player: PlayerRecord, gameId: string, expectedVersion: number, accept: boolean): Promise<GameSummary> {
    const { loaded, seat } = await this.atVersion(player, gameId, expectedVersion);
    const tb = loaded.table.takeback;
    if (!tb) throw problems.conflict('no_takeback', 'No take-back request is waiting (a move ends one)');
    if (tb.seat === seat) throw problems.conflict('own_takeback', 'This is your own request; the other players answer it');
    if (!this.takebackWaitingFor(loaded).includes(seat)) throw problems.conflict('already_answered', 'You have answered this request already');
    const pausesOf = await this.pausesOf(loaded.meta);
    const event = { type: accept ? 'takeback_accepted' : 'takeback_refused', data: { seat } };
    const record = this.platformEntry(loaded, seat, player.id, { type: accept ? 'accept_takeback' : 'refuse_takeback' }, event);
    const answered = this.advanced(loaded, record, loaded.state, loaded.forfeited, pausesOf);
    const records = [record];
    if (!accept) {
      const { takeback: _refused, ...table } = answered.table;
      return this.settle(loaded, { ...answered, table }, records, pausesOf, player);
    }
    const accepted = { ...answered, table: { ...answered.table, takeback: { ...tb, accepted: [...tb.accepted, seat] } } };
    const after = this.takebackWaitingFor(accepted).length === 0 ? await this.takeBack(accepted, records, pausesOf) : accepted;
    return this.settle(loaded, after, records, pausesOf, player);
  }

  /**
   * The undo: a new version whose state is that of the version before the action taken back (the
   * snapshot of the commit before it, since a person's action always opens its commit), with that
   * version's table. Clocks run on: a seat due again starts a new turn now; no time is given back.
   */
  private async takeBack(l: Loaded, appended: EventRecord[], pausesOf: PausesOf): Promise<Loaded> {
    const tb = l.table.takeback!;
    const to = tb.undoes - 1;
    const [prior] = await this.table.commitsUpTo(l.meta.id, to, 1);
    if (prior && prior.version !== to) throw new Error(`game ${l.meta.id}: no commit ends at version ${to}`);
    const state = prior ? prior.state : initialState(l.def, l.meta);
    const table = prior ? (prior.table ?? legacyTable(l.meta.players)) : initialTable(l.meta.players);
    const playerId = l.meta.seats[tb.seat]?.playerId ?? null;
    const record: EventRecord = {
      ...this.platformEntry(l, tb.seat, playerId, { type: 'take_back', to } as { type: string }, { type: 'taken_back', data: { seat: tb.seat, to } }),
      toAct: this.toAct({ ...l, state, table }),
    };
    appended.push(record);
    return { ...this.advanced({ ...l, table }, record, state, l.forfeited, pausesOf), table };
  }

  /**
   * Offers a rematch of a finished game: the same seats, options and time control, seated one
   * place on, with a new seed. It starts once every other seated person accepted (bots accept).
   */
  async proposeRematch(player: PlayerRecord, gameId: string): Promise<GameSummary> {
    return this.changeRematch(player, gameId, (meta, seat) => {
      if (meta.rematch && meta.rematch.declinedBy === undefined) throw problems.conflict('rematch_exists', 'A rematch has been offered already');
      return { proposedBy: seat, accepted: [seat] };
    });
  }

  async answerRematch(player: PlayerRecord, gameId: string, accept: boolean): Promise<GameSummary> {
    return this.changeRematch(player, gameId, (meta, seat) => {
      const offer = meta.rematch;
      if (!offer || offer.declinedBy !== undefined) throw problems.conflict('no_rematch', 'No rematch offer is waiting');
      if (offer.gameId !== undefined) throw problems.conflict('rematch_started', 'The rematch has started');
      if (!accept) return { ...offer, declinedBy: seat };
      if (offer.accepted.includes(seat)) throw problems.conflict('already_answered', 'You have accepted this offer already');
      return { ...offer, accepted: [...offer.accepted, seat] };
    });
  }

  /**
   * Changes the offer on the finished game's meta (revision-guarded, retried like a join). When
   * every seated person has accepted, the new game's id is written there first and the game is
   * created after: a crash between leaves a link that the next accept or offer repairs.
   */
  private async changeRematch(player: PlayerRecord, gameId: string, change: (meta: GameMeta, seat: Seat) => RematchRecord): Promise<GameSummary> {
    for (let attempt = 0; attempt < MAX_JOIN_ATTEMPTS; attempt++) {
      const loaded = await this.load(gameId);
      const seat = seatOf(loaded.meta, player.id);
      if (seat === null) throw problems.forbidden('not_seated', 'You do not hold a seat in this game');
      if (this.status(loaded) !== 'finished') throw problems.conflict('game_not_finished', 'A rematch is offered once the game has ended');
      const pending = loaded.meta.rematch?.gameId;
      if (pending !== undefined && !(await this.table.readGame(pending))) {
        await this.startRematch(loaded.meta, pending);
        return this.summary(await this.load(gameId), player.id);
      }
      let offer = change(loaded.meta, seat);
      const everyone = loaded.meta.seats.every((s, i) => s.bot || offer.accepted.includes(i));
      if (offer.declinedBy === undefined && everyone) offer = { ...offer, gameId: newId() };
      const meta: GameMeta = { ...loaded.meta, rematch: offer, revision: loaded.meta.revision + 1 };
      try {
        await this.table.replaceMeta(meta);
      } catch (err) {
        if (err instanceof WriteConflict) continue;
        throw err;
      }
      if (offer.gameId !== undefined) await this.startRematch(meta, offer.gameId);
      return this.summary({ ...loaded, meta }, player.id);
    }
    throw problems.conflict('busy', 'Too many players are answering at once; retry');
  }

  /**
   * The game a seek match makes (docs/playing.md "Lobby"): public, the seekers seated in the order they
   * came, the game's default options, `pace` per move with the bot moving for a seat out of time.
   * Whoever finishes the match may call this more than once: the meta, each membership and the
   * first commit are conditional writes, so the game is made once and nobody is left out of it.
   */
  async startMatched(gameId: string, input: { game: string; players: number; pace: string | null; seekers: readonly SeekEntry[] }): Promise<void> {
    const def = await this.gameDef(input.game);
    const now = this.now().toISOString();
    const seed = newSeed();
    const seats = input.seekers.map((s) => ({ playerId: s.playerId, name: s.name, bot: false as const }));
    const fresh: GameMeta = {
      id: gameId,
      game: def.id,
      options: def.options.parse({}),
      players: input.players,
      seats,
      status: 'active',
      createdAt: now,
      createdBy: seats[0]!.playerId,
      inviteCode: newInviteCode(),
      seedCommitment: sha256Hex(seed),
      seed,
      revision: 1,
      startedAt: now,
      ...(input.pace ? { timeControl: { perMove: input.pace, onTimeout: 'bot' as const, reminderAt: 0.8 } } : {}),
      visibility: 'public',
      standInLevel: DEFAULT_STAND_IN_LEVEL,
    };
    let meta = fresh;
    try {
      await this.table.putMeta(fresh);
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      meta = (await this.table.readGame(gameId))!.meta;
    }
    for (const [seat, s] of meta.seats.entries()) {
      await this.table.putMembership({ playerId: s.playerId!, gameId, game: def.id, seat, joinedAt: meta.createdAt }).catch((err: unknown) => {
        if (!(err instanceof WriteConflict)) throw err;
      });
    }
    if (!(await this.table.readGame(gameId))?.latest) await this.start(def, meta);
  }

  /**
   * Closes a public game still waiting for players (the sweeper, docs/playing.md "Lobby"): it ends as
   * aborted, never started, and leaves the lobby and its creator's open games. False when it
   * had filled meanwhile (or is gone): then only its stale lobby entry goes.
   */
  async expireOpen(gameId: string): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_JOIN_ATTEMPTS; attempt++) {
      const meta = (await this.table.readGame(gameId))?.meta;
      if (!meta || meta.status !== 'open') return false;
      try {
        await this.table.replaceMeta({ ...meta, status: 'aborted', revision: meta.revision + 1 });
      } catch (err) {
        if (err instanceof WriteConflict) continue;
        throw err;
      }
      await this.table.removeOpenGames(meta.createdBy, [gameId]);
      return true;
    }
    return false;
  }

  /** The rematch itself: seats rotated by one (seat 1 becomes seat 0), the same options and time control, a new seed. */
  private async startRematch(old: GameMeta, id: string): Promise<void> {
    const now = this.now().toISOString();
    const seats = old.seats.map((_, i) => old.seats[(i + 1) % old.players]!);
    const seed = newSeed();
    const meta: GameMeta = {
      id,
      game: old.game,
      options: old.options,
      players: old.players,
      seats,
      status: 'active',
      createdAt: now,
      createdBy: seats.find((s) => !s.bot)?.playerId ?? old.createdBy,
      standInLevel: standInLevelOf(old),
      inviteCode: newInviteCode(),
      seedCommitment: sha256Hex(seed),
      seed,
      revision: 1,
      startedAt: now,
      ...(old.timeControl ? { timeControl: old.timeControl } : {}),
      ...(old.visibility ? { visibility: old.visibility } : {}),
    };
    try {
      await this.table.putMeta(meta);
    } catch (err) {
      // Another accept created it first.
      if (err instanceof WriteConflict) return;
      throw err;
    }
    for (const [seat, s] of seats.entries()) {
      if (s.playerId !== null) await this.table.putMembership({ playerId: s.playerId, gameId: id, game: old.game, seat, joinedAt: now });
    }
    await this.start(await this.gameDef(old.game), meta);
  }

  /** Entries after version `after`: from the newest commit alone when the caller is at most one request behind. */
  async log(player: PlayerRecord, gameId: string, after: number, limit: number): Promise<Tagged<{ game: string; entries: LogEntry[]; version: number }>> {
    const loaded = await this.load(gameId);
    const commits = await this.table.commitsAfter(gameId, after, limit, loaded.commit);
    const records = commits.flatMap((c) => c.records).filter((r) => r.version > after).slice(0, limit);
    const viewer = viewerFor(loaded.meta, player.id, this.status(loaded) === 'finished', loaded.forfeited);
    return tagged(loaded, player.id, { game: loaded.meta.game, entries: records.map((r) => logEntryFor(r, viewer)), version: loaded.version });
  }

  async export(player: PlayerRecord, gameId: string): Promise<GameExport> {
    const loaded = await this.load(gameId);
    const status = this.status(loaded);
    if (status !== 'finished' && status !== 'aborted') throw problems.conflict('game_not_finished', 'The seed and the full log are published when the game has ended');
    const records = (await this.table.commitsAfter(gameId, 0, undefined, loaded.commit)).flatMap((c) => c.records);
    return {
      game: loaded.meta.game,
      options: loaded.meta.options,
      players: seatsOf(loaded.meta, loaded.forfeited, player.id),
      seed: loaded.meta.seed,
      seedCommitment: loaded.meta.seedCommitment,
      actions: records.map((r) => {
        const level = botLevelOf(r);
        return {
          seat: r.seat,
          action: r.action,
          ...(level ? { level } : {}),
          ...(r.timeout ? { timeout: true as const } : {}),
          ...(r.forfeit ? { forfeit: true as const } : {}),
          ...(r.platform ? { platform: true as const } : {}),
        };
      }),
      outcome: this.outcome(loaded),
    };
  }

  // ---- a player who deleted their account

  /**
   * Takes a deleted player out of a game. Their seat keeps its place but shows no name and no id
   * (`deleted`), nor does the game keep them as its creator; in an open game the seat is free again. A running game applies the seat's timeout
   * policy for good: `forfeit` forfeits it now, `bot` (and an untimed game) lets the game's bot
   * play it from now on, so the others' game goes on. The log is untouched: it still replays.
   */
  async leave(playerId: string, gameId: string): Promise<void> {
    let policy: TimeControl['onTimeout'] | 'none' | null = null;
    let seat: Seat | null = null;
    for (let attempt = 0; policy === null; attempt++) {
      const found = await this.table.readGame(gameId);
      if (!found) return;
      const { meta } = found;
      seat = seatOf(meta, playerId);
      if (seat === null) return;
      const running = meta.status === 'active' && found.latest?.status !== 'finished';
      const chosen = meta.timeControl?.onTimeout ?? 'bot';
      const seats = meta.seats.map((s, i): PersonSeat | BotSeat => {
        if (i !== seat) return s;
        if (meta.status === 'open') return { playerId: null, name: null, bot: false };
        // The stand-in takes the seat over for good, at the table's stand-in level.
        if (running && chosen === 'bot') return { playerId: null, name: null, bot: true, level: standInLevelOf(meta), deleted: true };
        return { playerId: null, name: null, bot: false, deleted: true };
      });
      try {
        // The creator's id only counted their open games, and a deleted account has none.
        await this.table.replaceMeta({ ...meta, seats, revision: meta.revision + 1, ...(meta.createdBy === playerId ? { createdBy: '' } : {}) });
        policy = running ? chosen : 'none';
      } catch (err) {
        if (!(err instanceof WriteConflict) || attempt + 1 >= MAX_JOIN_ATTEMPTS) throw err;
      }
    }
    if (policy === 'none' || seat === null) return;
    const loaded = await this.load(gameId);
    if (this.status(loaded) !== 'active') return;
    const pausesOf = await this.pausesOf(loaded.meta);
    if (policy === 'forfeit') {
      if (!loaded.forfeited.includes(seat)) await this.timeOut(loaded, seat, loaded.meta.timeControl!, pausesOf);
      return;
    }
    if (this.botSeat(loaded) === undefined) return;
    const appended: EventRecord[] = [];
    try {
      const committed = await this.commit(loaded, this.playBots(loaded, appended, pausesOf), appended, pausesOf, {});
      if (loaded.meta.timeControl) await this.times.setDue(gameId, this.dueAt(committed), committed.version, 'exact');
    } catch (err) {
      // Another writer took the version: its commit plays the bots that are due, this seat included.
      if (!(err instanceof WriteConflict)) throw err;
    }
  }
}

/**
 * Strong tags: the version in clear (handy when reading logs), then a digest of the meta's
 * revision, the stored clocks and the player the answer is for (the same URL answers every
 * player differently, so a browser shared by two players must not match one's tag with the other's).
 */
function etagOf(v: GameVersion, playerId: string): string {
  const digest = createHash('sha256').update(JSON.stringify([v.revision, v.clocks, playerId])).digest('base64url').slice(0, 12);
  return `"${v.version}.${digest}"`;
}

function tagged<T>(l: Loaded, playerId: string, value: T): Tagged<T> {
  const clocks = l.commit?.clocks ? JSON.stringify(l.commit.clocks) : null;
  return { value, etag: etagOf({ revision: l.meta.revision, version: l.commit?.version ?? 0, clocks }, playerId) };
}

function fromCommit(meta: GameMeta, def: AnyGame, c: CommitRecord): Loaded {
  const table = c.table ?? legacyTable(meta.players);
  return { meta, def, commit: c, state: c.state, version: c.version, forfeited: c.forfeited, clocks: c.clocks ?? null, recentKeys: c.recentKeys, table };
}

function commitStatus(status: GameStatus): CommitRecord['status'] {
  return status === 'finished' || status === 'aborted' ? status : 'active';
}

/** A game closed while it waited for players (an expired lobby game): it never had a state. */
function closedUnstarted(meta: GameMeta, latest: CommitRecord | null): boolean {
  return meta.status === 'aborted' && !latest && meta.startedAt === undefined;
}

function unstarted(meta: GameMeta, def: AnyGame): Loaded {
  return { meta, def, commit: null, state: null, version: 0, forfeited: [], clocks: null, recentKeys: {}, table: initialTable(meta.players) };
}

function seatsOf(meta: GameMeta, forfeited: readonly Seat[], viewerId: string): SeatSummary[] {
  const seated = seatOf(meta, viewerId) !== null;
  return meta.seats.map((s, seat) => ({
    seat,
    name: s.name,
    ...(s.bot ? { bot: true as const, level: s.level } : { bot: false as const }),
    ...(seated ? { playerId: s.playerId } : {}),
    ...(forfeited.includes(seat) ? { forfeited: true } : {}),
    ...(s.deleted ? { deleted: true } : {}),
  }));
}

function nextDeadline(clocks: readonly SeatClock[]): string | undefined {
  return clocks.flatMap((c) => (c.deadline ? [c.deadline] : [])).sort()[0];
}

function pausesFromVacations(vacations: readonly Vacation[]): Pause[] {
  return vacations.map((v) => ({ from: Date.parse(v.from), until: Date.parse(v.until) }));
}

/**
 * 72-bit fingerprints (bytes count: each commit carries two): the key is the player's own (another
 * player's same key is another key), the hash tells two requests under one key apart.
 */
function fingerprint(playerId: string, idempotencyKey: string, input: ActInput): RequestFingerprint {
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);
  return { key: digest([playerId, idempotencyKey]), hash: digest([input.action, input.expectedVersion]) };
}

/** What a seat's last key is remembered by (48 bits): it only finds a commit, whose whole fingerprint then decides. */
function keyHint(request: RequestFingerprint): string {
  return request.key.slice(0, 8);
}

function idempotencyMismatch(): Problem {
  return new Problem(422, 'idempotency_key_reused', 'Idempotency key reused', 'This Idempotency-Key was used for a different request');
}

function issueOf(issue: { path: PropertyKey[]; message: string }) {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}
