import { createHash } from 'node:crypto';
import { Rng, RuleError, seedRng, type AnyGame, type GameRegistry, type Outcome, type Seat } from '../../engine/core/index.js';
import { WriteConflict, type GameTable } from '../store/game-table.js';
import type { EventRecord, GameMeta, GameStatus, HeadRecord, PlayerRecord } from '../store/records.js';
import { problems, Problem } from './problem.js';
import { initialState, replay } from './replay.js';
import { newId, newInviteCode, newSeed, sha256Hex, equalHashes } from './secrets.js';
import { logEntryFor, seatOf, viewerFor, type LogEntry } from './visibility.js';

/** A runaway bot loop is a bug; stop well before a request could time out. */
const MAX_BOT_MOVES_PER_REQUEST = 2000;
const MAX_JOIN_ATTEMPTS = 8;

export interface SeatSummary {
  seat: Seat;
  name: string | null;
  bot: boolean;
  playerId: string | null;
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
  version: number;
  toAct: Seat[];
  view: unknown;
  legalActions: { type: string }[];
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
}

export interface GameExport {
  game: string;
  options: unknown;
  players: SeatSummary[];
  seed: string;
  seedCommitment: string;
  actions: { seat: Seat; action: { type: string } }[];
  outcome: Outcome | null;
}

/** Every game operation the API offers, on top of the event store. */
export class Games {
  constructor(
    private readonly table: GameTable,
    private readonly registry: GameRegistry,
    private readonly now: () => Date,
    private readonly onTransition: (t: GameTransition) => void = () => {},
  ) {}

  private gameDef(id: string): AnyGame {
    const def = this.registry.get(id);
    if (!def) throw problems.badRequest('unknown_game', `There is no game "${id}"; see GET /v1/catalog`);
    return def;
  }

  async create(player: PlayerRecord, input: { game: string; players: number; options?: unknown; bots?: number | undefined }): Promise<GameSummary> {
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
    const meta: GameMeta = {
      id: newId(),
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
    };
    await this.table.putMeta(meta);
    await this.table.putMembership({ playerId: player.id, gameId: meta.id, game: def.id, seat: 0, joinedAt: meta.createdAt });
    const loaded = full ? await this.start(def, meta) : { meta, def, head: null, state: null, version: 0 };
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
      const next: GameMeta = { ...meta, seats, status: full ? 'active' : 'open', revision: meta.revision + 1 };
      try {
        await this.table.replaceMeta(next);
      } catch (err) {
        if (err instanceof WriteConflict) continue;
        throw err;
      }
      await this.table.putMembership({ playerId: player.id, gameId, game: meta.game, seat, joinedAt: this.now().toISOString() });
      const def = this.gameDef(meta.game);
      const loaded = full ? await this.start(def, next) : { meta: next, def, head: null, state: null, version: 0 };
      return this.summary(loaded, player.id);
    }
    throw problems.conflict('busy', 'Too many players are joining at once; retry');
  }

  /** Version 0 is the setup; bots that open the game move at once. */
  private async start(def: AnyGame, meta: GameMeta): Promise<Loaded> {
    const state = initialState(def, meta);
    const loaded: Loaded = { meta, def, head: null, state, version: 0 };
    await this.table.putHead(meta.id, { version: 0, state, toAct: def.toAct(state), status: 'active' });
    const appended: EventRecord[] = [];
    const settled = await this.settle(await this.playBots(loaded, appended));
    this.announce(loaded, settled, appended, true);
    return settled;
  }

  /** Tells the notifier what one request did: who was due before, who is due now, what was logged. */
  private announce(before: Loaded, after: Loaded, records: EventRecord[], started: boolean): void {
    const finished = this.status(after) === 'finished';
    this.onTransition({
      gameId: after.meta.id,
      before: started ? [] : before.def.toAct(before.state),
      after: finished ? [] : after.def.toAct(after.state),
      started,
      finished,
      version: after.version,
      records,
      seats: after.meta.seats,
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
    if (meta.status === 'open') return { meta, def, head, state: null, version: 0 };
    const stale = latestVersion > (head?.version ?? 0);
    return fresh && stale ? this.catchUp({ meta, def, head }) : this.fromHead(meta, def, head);
  }

  private fromHead(meta: GameMeta, def: AnyGame, head: HeadRecord | null): Loaded {
    const { state, version } = replay(def, meta, head, []);
    return { meta, def, head, state, version };
  }

  private async catchUp(loaded: Pick<Loaded, 'meta' | 'def' | 'head'>): Promise<Loaded> {
    const { meta, def, head } = loaded;
    const tail = await this.table.eventsAfter(meta.id, head?.version ?? 0);
    const { state, version } = replay(def, meta, head, tail);
    const result = { meta, def, head, state, version };
    if (tail.length > 0) await this.table.putHead(meta.id, headOf(result));
    return result;
  }

  private status(l: Loaded): GameStatus {
    if (l.meta.status !== 'active') return l.meta.status;
    return l.def.outcome(l.state) ? 'finished' : 'active';
  }

  private summary(l: Loaded, playerId: string): GameSummary {
    const status = this.status(l);
    const yourSeat = seatOf(l.meta, playerId);
    const outcome = status === 'finished' ? l.def.outcome(l.state) : null;
    return {
      id: l.meta.id,
      game: l.meta.game,
      status,
      players: l.meta.players,
      options: l.meta.options,
      seats: seatsOf(l.meta),
      toAct: status === 'active' ? l.def.toAct(l.state) : [],
      version: l.version,
      seedCommitment: l.meta.seedCommitment,
      createdAt: l.meta.createdAt,
      ...(l.meta.finishedAt ? { finishedAt: l.meta.finishedAt } : {}),
      ...(yourSeat !== null ? { yourSeat, ...(l.meta.status === 'open' ? { inviteCode: l.meta.inviteCode } : {}) } : {}),
      ...(outcome ? { outcome } : {}),
    };
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
        },
      ];
    });
    return games
      .filter((g) => (filter.status === undefined || g.status === filter.status) && (filter.myTurn === undefined || g.myTurn === filter.myTurn))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }

  private viewOf(l: Loaded, playerId: string): PlayerView {
    const status = this.status(l);
    if (status === 'open') throw problems.conflict('game_not_started', 'The game starts when every seat is taken');
    const viewer = viewerFor(l.meta, playerId, status === 'finished');
    const toAct = status === 'active' ? l.def.toAct(l.state) : [];
    const seat = seatOf(l.meta, playerId);
    return {
      version: l.version,
      toAct,
      view: l.def.view(l.state, viewer),
      legalActions: seat !== null && toAct.includes(seat) ? l.def.legalActions(l.state, seat) : [],
    };
  }

  async view(player: PlayerRecord, gameId: string): Promise<PlayerView> {
    return this.viewOf(await this.load(gameId, true), player.id);
  }

  async act(player: PlayerRecord, gameId: string, input: ActInput): Promise<ActResult> {
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
        return { status: 200, body: this.viewOf(await this.load(gameId, true), player.id), replayed: true };
      }
    }
    if (this.status(loaded) !== 'active') throw problems.conflict('game_over', 'The game has ended');
    if (input.expectedVersion !== loaded.version) throw problems.staleVersion(loaded.version);
    if (!loaded.def.toAct(loaded.state).includes(seat)) throw problems.forbidden('not_your_turn', `Seat ${seat} is not to act now`);
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
      toAct: loaded.def.toAct(applied.state),
      at: this.now().toISOString(),
      ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey, requestHash } : {}),
    };
    try {
      await this.table.appendEvent(gameId, record);
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      return this.lostRace(loaded, player, record);
    }
    const appended = [record];
    const settled = await this.settle(await this.playBots({ ...loaded, state: applied.state, version: record.version }, appended));
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

  /** Plays every due bot seat through the same append path as a person's move. */
  private async playBots(loaded: Loaded, appended: EventRecord[]): Promise<Loaded> {
    let current = loaded;
    for (let moves = 0; moves < MAX_BOT_MOVES_PER_REQUEST; moves++) {
      const { def, meta, state } = current;
      const seat = def.toAct(state).find((s) => meta.seats[s]?.bot);
      if (seat === undefined) return current;
      const rng = new Rng(seedRng(`${meta.seed}/bot/${current.version}`));
      const action = def.bot({ seat, view: def.view(state, seat), legal: def.legalActions(state, seat), rng });
      const applied = def.apply(state, seat, action);
      const record: EventRecord = {
        version: current.version + 1,
        seat,
        playerId: null,
        action,
        events: applied.events,
        toAct: def.toAct(applied.state),
        at: this.now().toISOString(),
      };
      try {
        await this.table.appendEvent(meta.id, record);
      } catch (err) {
        // Another request advanced the game; it plays the bots from there.
        if (err instanceof WriteConflict) return this.catchUp(current);
        throw err;
      }
      appended.push(record);
      current = { ...current, state: applied.state, version: record.version };
    }
    throw new Error(`bot loop in game ${loaded.meta.id} exceeded ${MAX_BOT_MOVES_PER_REQUEST} moves`);
  }

  /** Refreshes the head cache and, when the game has just ended, the meta item. */
  private async settle(l: Loaded): Promise<Loaded> {
    await this.table.putHead(l.meta.id, headOf(l));
    if (l.meta.status === 'active' && l.def.outcome(l.state)) {
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

  async log(player: PlayerRecord, gameId: string, after: number, limit: number): Promise<{ entries: LogEntry[]; version: number }> {
    const loaded = await this.load(gameId, true);
    const records = await this.table.eventsAfter(gameId, after, limit);
    const viewer = viewerFor(loaded.meta, player.id, this.status(loaded) === 'finished');
    return { entries: records.map((r) => logEntryFor(r, viewer)), version: loaded.version };
  }

  async export(gameId: string): Promise<GameExport> {
    const loaded = await this.load(gameId, true);
    if (this.status(loaded) !== 'finished') throw problems.conflict('game_not_finished', 'The seed and the full log are published when the game has ended');
    const records = await this.table.eventsAfter(gameId, 0);
    return {
      game: loaded.meta.game,
      options: loaded.meta.options,
      players: seatsOf(loaded.meta),
      seed: loaded.meta.seed,
      seedCommitment: loaded.meta.seedCommitment,
      actions: records.map((r) => ({ seat: r.seat, action: r.action })),
      outcome: loaded.def.outcome(loaded.state),
    };
  }
}

function headOf(l: Loaded): HeadRecord {
  const finished = l.def.outcome(l.state) !== null;
  return { version: l.version, state: l.state, toAct: finished ? [] : l.def.toAct(l.state), status: finished ? 'finished' : 'active' };
}

function seatsOf(meta: GameMeta): SeatSummary[] {
  return meta.seats.map((s, seat) => ({ seat, name: s.name, bot: s.bot, playerId: s.playerId }));
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
