import type { BotLevel, GameRegistry } from '../../engine/core/index.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { GameLog } from '../store/ports/game-log.js';
import { keys } from '../store/keys.js';
import type { LobbyStore } from '../store/ports/lobby.js';
import type { SeekPool, SeekRecord } from '../domain/lobby.js';
import type { RatingStore } from '../store/ports/ratings.js';
import { botAccountMarkOf, type GameMeta, type TimeControl } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import type { Seating } from './seating.js';
import { ok, problems, refused, type Refusal, type Result } from './refusal.js';
import { newId } from './secrets.js';
import { seatOf } from './visibility.js';
import { standInLevelOf } from './bots.js';

/** A public game nobody filled is closed this long after it was created (docs/playing.md "Lobby"). */
export const OPEN_GAME_DAYS = 7;
/** A seek nobody matched lapses this long after it was made. */
export const SEEK_HOURS = 24;
/** Newest entries read per catalog game for one listing; the answer holds at most LOBBY_PAGE. */
const LOBBY_READ = 100;
export const LOBBY_PAGE = 50;
/** Expired entries the sweeper closes per catalog game and sweep; the rest wait for the next. */
const EXPIRE_BATCH = 25;
const MAX_POOL_ATTEMPTS = 30;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `untimed`, or a per-move duration: what a seek asks for and the lobby filters by. */
export type Pace = string;
export const UNTIMED = 'untimed';

export interface LobbyGame {
  id: string;
  game: string;
  players: number;
  /** The people seated so far (names only: strangers get no ids). */
  seated: string[];
  /** The same people in the same order, each with the bot account mark (absent for a person); `seated` stays for older clients. */
  people: LobbyPerson[];
  /** Each seated person's rating in this game, in the order of `seated`; null before their first rated game of it. */
  ratings: ({ rating: number; rd: number } | null)[];
  freeSeats: number;
  bots: number;
  /** Each bot seat's level, in seat order. */
  botLevels: BotLevel[];
  /** The level of the bot that plays for a person after a timeout or a forfeit. */
  standInLevel: BotLevel;
  options: unknown;
  pace: Pace;
  timeControl?: TimeControl;
  createdAt: string;
  /** When it is closed if still not full. */
  expiresAt: string;
  /** The caller holds a seat already. */
  yours: boolean;
}

/** A seated person as the lobby shows them: the name, and whether a program plays under it. */
export interface LobbyPerson {
  name: string;
  botAccount?: true;
}

export interface SeekAnswer {
  id: string;
  game: string;
  players: number;
  pace: Pace;
  createdAt: string;
  expiresAt: string;
  status: 'waiting' | 'matched' | 'expired';
  /** Players waiting in the same pool, the caller included (while waiting). */
  waiting?: number;
  gameId?: string;
}

const paceOf = (tc: TimeControl | undefined): Pace => (tc ? (tc.perMove ?? 'bank') : UNTIMED);

/** The lobby: public games waiting for players, and "play anyone" seeks matched as they come (docs/playing.md "Lobby"). */
export class Lobby {
  constructor(
    private readonly table: GameLog,
    private readonly lobby: LobbyStore,
    private readonly seating: Seating,
    private readonly registry: GameRegistry,
    private readonly now: () => Date,
    private readonly ratings: RatingStore,
  ) {}

  /** Public games waiting for players, newest first, filtered by game, seat count and pace; with the seated people's ratings in each game. */
  async list(
    player: PlayerRecord,
    filter: { game?: string | undefined; players?: number | undefined; pace?: Pace | undefined },
  ): Promise<Result<LobbyGame[]>> {
    const known = filter.game ? this.factsOf(filter.game) : null;
    if (known && !known.ok) return known;
    const ids = known ? [known.value.id] : this.registry.listed().map((g) => g.id);
    const entries = (await Promise.all(ids.map((id) => this.lobby.entries(id, LOBBY_READ)))).flat();
    const metas = await this.table.getMetas(entries.map((e) => e.gameId));
    const cutoff = this.now().getTime() - OPEN_GAME_DAYS * DAY;
    const page = [...metas.values()]
      .filter((m) => m.status === 'open' && m.visibility === 'public' && Date.parse(m.createdAt) > cutoff)
      .filter(
        (m) =>
          (filter.players === undefined || m.players === filter.players) &&
          (filter.pace === undefined || paceOf(m.timeControl) === filter.pace),
      )
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, LOBBY_PAGE);
    const people = (m: GameMeta) =>
      m.seats.flatMap((s) =>
        !s.bot && s.playerId !== null && s.name !== null
          ? [{ id: s.playerId, person: { name: s.name, ...botAccountMarkOf(s) } }]
          : [],
      );
    const rated = await this.ratings.ratingsOfMany(page.flatMap((m) => people(m).map((p) => p.id)));
    return ok(
      page.map((m) => ({
        id: m.id,
        game: m.game,
        players: m.players,
        seated: people(m).map((p) => p.person.name),
        people: people(m).map((p) => p.person),
        ratings: people(m).map((p) => {
          const r = rated.get(p.id)?.get(m.game);
          return r ? { rating: r.rating, rd: r.rd } : null;
        }),
        freeSeats: m.seats.filter((s) => !s.bot && s.playerId === null).length,
        bots: m.seats.filter((s) => s.bot).length,
        botLevels: m.seats.flatMap((s) => (s.bot ? [s.level] : [])),
        standInLevel: standInLevelOf(m),
        options: m.options,
        pace: paceOf(m.timeControl),
        ...(m.timeControl ? { timeControl: m.timeControl } : {}),
        createdAt: m.createdAt,
        expiresAt: new Date(Date.parse(m.createdAt) + OPEN_GAME_DAYS * DAY).toISOString(),
        yours: seatOf(m, player.id) !== null,
      })),
    );
  }

  /** The sweeper's part: public games still waiting OPEN_GAME_DAYS after they were made are closed. */
  async expireOpenGames(): Promise<number> {
    const before = new Date(this.now().getTime() - OPEN_GAME_DAYS * DAY).toISOString();
    let closed = 0;
    for (const { id } of this.registry.listed()) {
      for (const entry of await this.lobby.entries(id, EXPIRE_BATCH, before)) {
        if (await this.seating.expireOpen(entry.gameId)) closed++;
        await this.lobby.removeEntry(entry);
      }
    }
    return closed;
  }

  /**
   * Seeks a game of `game` with `players` seats at `pace` (one seek per player at a time). The
   * seeker joins the pool; the write that completes a table moves those seekers into the pool's
   * match, conditioned on the pool's revision, so two seekers arriving at once never make two
   * games nor drop anyone: the loser of the race reads the pool again and sees the match.
   */
  async seek(player: PlayerRecord, input: { game: string; players: number; pace: Pace }): Promise<Result<SeekAnswer>> {
    const known = this.factsOf(input.game);
    if (!known.ok) return known;
    const def = known.value;
    if (input.players < Math.max(2, def.minPlayers) || input.players > def.maxPlayers) {
      return refused(
        problems.badRequest(
          'invalid_players',
          `A seek for ${def.title} takes ${Math.max(2, def.minPlayers)} to ${def.maxPlayers} players`,
        ),
      );
    }
    const now = this.now();
    const record: SeekRecord = {
      id: newId(),
      playerId: player.id,
      game: def.id,
      players: input.players,
      pace: input.pace === UNTIMED ? null : input.pace,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SEEK_HOURS * HOUR).toISOString(),
      status: 'waiting',
    };
    try {
      await this.lobby.putSeek(record, now.toISOString());
    } catch (err) {
      if (err instanceof WriteConflict)
        return refused(problems.conflict('already_seeking', 'You are seeking a game already; cancel that seek first'));
      throw err;
    }
    const me = {
      seekId: record.id,
      playerId: player.id,
      name: player.name,
      at: record.createdAt,
      ...(player.botAccountSince ? { botAccount: true as const } : {}),
    };
    const busy = await this.changePool(record, (pool) => {
      const waiting = [...this.live(pool).filter((e) => e.playerId !== player.id), me];
      if (waiting.length < record.players) return { ...pool, waiting };
      return {
        ...pool,
        waiting: waiting.slice(record.players),
        match: { gameId: newId(), seekers: waiting.slice(0, record.players) },
      };
    });
    return busy ? refused(busy) : ok((await this.current(player))!);
  }

  /** The caller's seek, null when there is none; a match someone left unfinished is finished first. */
  async current(player: PlayerRecord): Promise<SeekAnswer | null> {
    const record = await this.lobby.getSeek(player.id);
    if (!record) return null;
    if (record.status === 'matched') return answer(record, 'matched');
    if (record.expiresAt <= this.now().toISOString()) return answer(record, 'expired');
    const pool = await this.lobby.readPool(poolKey(record), poolOf(record));
    if (pool.match?.seekers.some((s) => s.seekId === record.id)) {
      await this.finish(pool);
      return this.current(player);
    }
    return { ...answer(record, 'waiting'), waiting: this.live(pool).length };
  }

  /** Withdraws a waiting seek: 409 seek_matched once it is part of a game, 404 when there is none waiting. */
  async cancel(player: PlayerRecord): Promise<Result<void>> {
    const record = await this.lobby.getSeek(player.id);
    if (record?.status === 'matched') return refused(seekMatched(record));
    if (!record || record.expiresAt <= this.now().toISOString()) return refused(problems.notFound('Seek'));
    const busy = await this.changePool(record, (pool) => ({
      ...pool,
      waiting: pool.waiting.filter((e) => e.seekId !== record.id),
    }));
    if (busy) return refused(busy);
    const after = await this.lobby.getSeek(player.id);
    if (after?.status === 'matched') return refused(seekMatched(after));
    await this.lobby.deleteSeek(player.id, record.id);
    return ok(undefined);
  }

  /**
   * Withdraws the player's seek if one is waiting; nothing to do otherwise (none, lapsed, or
   * matched). Refused only when the pool is too busy to change.
   */
  async withdraw(player: PlayerRecord): Promise<Result<void>> {
    const cancelled = await this.cancel(player);
    if (cancelled.ok || cancelled.refusal.code === 'not_found' || cancelled.refusal.code === 'seek_matched')
      return ok(undefined);
    return cancelled;
  }

  /**
   * One conditional change of a pool; a match found in it is finished first, as is one the change
   * makes. Null when done, or the refusal when the pool stayed too busy.
   */
  private async changePool(record: SeekRecord, change: (pool: SeekPool) => SeekPool): Promise<Refusal | null> {
    const key = poolKey(record);
    for (let attempt = 0; attempt < MAX_POOL_ATTEMPTS; attempt++) {
      const pool = await this.lobby.readPool(key, poolOf(record));
      if (pool.match) {
        await this.finish(pool);
        continue;
      }
      const next = change(pool);
      try {
        await this.lobby.writePool(next);
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
        await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
        continue;
      }
      if (next.match) await this.finish({ ...next, revision: pool.revision + 1 });
      return null;
    }
    return problems.conflict('busy', 'Too many players are seeking at once; retry');
  }

  /** Makes the match's game, tells its seekers, then clears the match (if nobody else did). */
  private async finish(pool: SeekPool): Promise<void> {
    const { gameId, seekers } = pool.match!;
    await this.seating.startMatched(gameId, { game: pool.game, players: pool.players, pace: pool.pace, seekers });
    for (const s of seekers) await this.lobby.matchSeek(s.playerId, s.seekId, gameId);
    const { match: _, ...cleared } = pool;
    await this.lobby.writePool(cleared).catch((err: unknown) => {
      if (!(err instanceof WriteConflict)) throw err;
    });
  }

  /** Seekers whose seek has not lapsed: lapsed ones are never matched, and leave at the pool's next write. */
  private live(pool: SeekPool) {
    const since = new Date(this.now().getTime() - SEEK_HOURS * HOUR).toISOString();
    return pool.waiting.filter((e) => e.at > since);
  }

  private factsOf(game: string) {
    const facts = this.registry.facts(game);
    return facts
      ? ok(facts)
      : refused(problems.badRequest('unknown_game', `There is no game "${game}"; see GET /v1/catalog`));
  }
}

const poolOf = (r: SeekRecord) => ({ game: r.game, players: r.players, pace: r.pace });
const poolKey = (r: Pick<SeekRecord, 'game' | 'players' | 'pace'>) => keys.seekPool(r.game, r.players, r.pace);

const seekMatched = (r: SeekRecord) =>
  problems.conflict('seek_matched', 'Your seek was matched: the game has started', { gameId: r.gameId });

function answer(r: SeekRecord, status: SeekAnswer['status']): SeekAnswer {
  return {
    id: r.id,
    game: r.game,
    players: r.players,
    pace: r.pace ?? UNTIMED,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    status,
    ...(r.gameId ? { gameId: r.gameId } : {}),
  };
}
