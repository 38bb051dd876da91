/**
 * Seating and the lobby's side of games: creating a game, joining it, the game a seek match
 * makes, closing a public game nobody filled, and a deleted player leaving their games.
 */
import type { AnyGame, BotLevel, Seat } from '../../engine/core/index.js';
import type { GameTable } from '../store/ports/stores.js';
import type { LobbyStore } from '../store/ports/lobby.js';
import type { SeekEntry } from '../domain/lobby.js';
import { seatOfPlayer, type BotSeat, type GameMeta, type PersonSeat } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { DEFAULT_STAND_IN_LEVEL, standInLevelOf } from './bots.js';
import { MAX_META_ATTEMPTS, written, type GameLog } from './game-log.js';
import { botSeatOf, seatPauses, statusOf, unstarted } from './game-state.js';
import { summaryFor, type GameSummary } from './game-views.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import { issueOf, ok, problems, refused, type Refusal, type Result } from './refusal.js';
import { equalHashes, newId, newInviteCode, newSeeding, sha256Hex } from './secrets.js';
import type { TimeControl } from './time-control.js';
import type { Timing } from './timing.js';
import { seatOf } from './visibility.js';

export class Seating {
  constructor(
    private readonly table: GameTable,
    private readonly games: GameLog,
    private readonly timing: Timing,
    private readonly caps: Caps = DEFAULT_LIMITS.caps,
    /** Where public games wait for players (docs/playing.md "Lobby"); without it nothing is listed. */
    private readonly lobby: LobbyStore | null = null,
  ) {}

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
  ): Promise<Result<GameSummary>> {
    const known = await this.games.gameDef(input.game);
    if (!known.ok) return known;
    const def = known.value;
    const levels =
      typeof input.bots === 'number' ? Array.from({ length: input.bots }, (): BotLevel => 'easy') : (input.bots ?? []);
    const bots = levels.length;
    if (input.players < def.minPlayers || input.players > def.maxPlayers) {
      return refused(
        problems.badRequest('invalid_players', `${def.title} takes ${def.minPlayers} to ${def.maxPlayers} players`),
      );
    }
    if (bots > input.players - 1)
      return refused(problems.badRequest('invalid_bots', 'The creator takes a seat, so at most players - 1 bots fit'));
    const parsed = checkedOptions(def, input.options, input.players);
    if (!parsed.ok) return parsed;
    const firstBot = input.players - bots;
    const seats = Array.from({ length: input.players }, (_, i): PersonSeat | BotSeat => {
      if (i === 0) return seatOfPlayer(player);
      if (i >= firstBot)
        return { playerId: null, name: `Bot ${i - firstBot + 1}`, bot: true, level: levels[i - firstBot]! };
      return { playerId: null, name: null, bot: false };
    });
    const full = bots === input.players - 1;
    const id = newId();
    const overCap = full ? null : await this.reserveOpenGame(player.id, id);
    if (overCap) return refused(overCap);
    const meta: GameMeta = {
      id,
      game: def.id,
      options: parsed.value,
      players: input.players,
      seats,
      status: full ? 'active' : 'open',
      createdAt: this.games.at(),
      createdBy: player.id,
      inviteCode: newInviteCode(),
      ...newSeeding(def.rulesRevision),
      revision: 1,
      ...(full ? { startedAt: this.games.at() } : {}),
      ...(input.timeControl ? { timeControl: input.timeControl } : {}),
      visibility: input.visibility ?? 'private',
      standInLevel: input.standInLevel ?? DEFAULT_STAND_IN_LEVEL,
    };
    await this.table.putMeta(meta);
    await this.table.putMembership({
      playerId: player.id,
      gameId: meta.id,
      game: def.id,
      seat: 0,
      joinedAt: meta.createdAt,
    });
    // After the meta: an entry never names a game that is not there (one that is gone is skipped when listed).
    if (!full && meta.visibility === 'public')
      await this.lobby?.putEntry({ game: def.id, gameId: id, createdAt: meta.createdAt });
    const loaded = full ? await this.games.start(def, meta) : unstarted(meta, def);
    return ok(summaryFor(loaded, player.id));
  }

  /** A private game needs its invite code; a public one is open to anyone (the lobby's one-tap join). */
  async join(player: PlayerRecord, gameId: string, inviteCode: string | undefined): Promise<Result<GameSummary>> {
    for (let attempt = 0; attempt < MAX_META_ATTEMPTS; attempt++) {
      const meta = (await this.table.readGame(gameId))?.meta;
      if (!meta) return refused(problems.notFound('Game'));
      if (meta.visibility !== 'public' && !equalHashes(sha256Hex(inviteCode ?? ''), sha256Hex(meta.inviteCode))) {
        return refused(problems.forbidden('bad_invite_code', 'The invite code does not match'));
      }
      if (seatOf(meta, player.id) !== null)
        return refused(problems.conflict('already_seated', 'You already hold a seat in this game'));
      if (meta.status !== 'open')
        return refused(problems.conflict('game_not_open', 'Every seat of this game is taken'));
      const seat = meta.seats.findIndex((s) => !s.bot && s.playerId === null);
      const seats = meta.seats.map((s, i): PersonSeat | BotSeat => (i === seat ? seatOfPlayer(player) : s));
      const full = seats.every((s) => s.bot || s.playerId !== null);
      const next: GameMeta = {
        ...meta,
        seats,
        status: full ? 'active' : 'open',
        revision: meta.revision + 1,
        ...(full ? { startedAt: this.games.at() } : {}),
      };
      if (!(await written(this.table.replaceMeta(next)))) continue;
      await this.table.putMembership({ playerId: player.id, gameId, game: meta.game, seat, joinedAt: this.games.at() });
      // Should this fail, the next reserveOpenGame of the creator finds the game started and drops it.
      if (full) await this.table.removeOpenGames(meta.createdBy, [gameId]);
      if (full && meta.visibility === 'public')
        await this.lobby?.removeEntry({ game: meta.game, gameId, createdAt: meta.createdAt });
      const def = await this.games.gameDef(meta.game);
      if (!def.ok) return def;
      const loaded = full ? await this.games.start(def.value, next) : unstarted(next, def.value);
      return ok(summaryFor(loaded, player.id));
    }
    return refused(problems.conflict('busy', 'Too many players are joining at once; retry'));
  }

  /**
   * Counts a new game among the player's games waiting for players; null, or 409 too_many_open_games
   * at the cap. Ids whose game is no longer open (started, or never stored because its request
   * failed) are dropped first, so a lost update never locks a player out.
   */
  private async reserveOpenGame(playerId: string, gameId: string): Promise<Refusal | null> {
    const cap = this.caps.openGamesPerPlayer;
    if (await this.table.addOpenGame(playerId, gameId, cap)) return null;
    const held = await this.table.listOpenGames(playerId);
    const metas = await this.table.getMetas(held);
    const stale = held.filter((id) => metas.get(id)?.status !== 'open');
    await this.table.removeOpenGames(playerId, stale);
    if (stale.length > 0 && (await this.table.addOpenGame(playerId, gameId, cap))) return null;
    return problems.conflict(
      'too_many_open_games',
      `At most ${cap} of your games may wait for players at once; share their invite codes, or wait until they start`,
      { limit: cap },
    );
  }

  /**
   * The game a seek match makes (docs/playing.md "Lobby"): public, the seekers seated in the order they
   * came, the game's default options, `pace` per move with the bot moving for a seat out of time.
   * Whoever finishes the match may call this more than once: the meta, each membership and the
   * first commit are conditional writes, so the game is made once and nobody is left out of it.
   */
  async startMatched(
    gameId: string,
    input: { game: string; players: number; pace: string | null; seekers: readonly SeekEntry[] },
  ): Promise<void> {
    const def = await this.games.knownDef(input.game);
    const seats = input.seekers.map((s): PersonSeat => ({
      playerId: s.playerId,
      name: s.name,
      bot: false,
      ...(s.botAccount ? { botAccount: true } : {}),
    }));
    await this.startSeated(def, {
      ...this.seatedMeta(gameId, def, seats),
      options: def.options.parse({}),
      players: input.players,
      ...(input.pace ? { timeControl: { perMove: input.pace, onTimeout: 'bot' as const, reminderAt: 0.8 } } : {}),
      visibility: 'public',
      origin: 'seek',
    });
  }

  /**
   * The game an accepted challenge makes (docs/challenges.md): private, its two people seated in
   * the order given, with the challenge's options (checked when it was made) and time control.
   * Safe to repeat, as startMatched is.
   */
  async startChallenge(
    gameId: string,
    input: { game: string; options: unknown; timeControl?: TimeControl | undefined; seats: readonly PersonSeat[] },
  ): Promise<void> {
    const def = await this.games.knownDef(input.game);
    await this.startSeated(def, {
      ...this.seatedMeta(gameId, def, input.seats),
      options: def.options.parse(input.options),
      players: input.seats.length,
      ...(input.timeControl ? { timeControl: input.timeControl } : {}),
      visibility: 'private',
    });
  }

  /** Whether the game has its first commit: the last of what starting it writes. */
  async started(gameId: string): Promise<boolean> {
    return Boolean((await this.table.readGame(gameId))?.latest);
  }

  /** A started game's meta with every seat taken by a person, seat 0 its creator. */
  private seatedMeta(gameId: string, def: AnyGame, seats: readonly PersonSeat[]) {
    const now = this.games.at();
    return {
      id: gameId,
      game: def.id,
      seats: [...seats],
      status: 'active' as const,
      createdAt: now,
      createdBy: seats[0]!.playerId!,
      inviteCode: newInviteCode(),
      ...newSeeding(def.rulesRevision),
      revision: 1,
      startedAt: now,
      standInLevel: DEFAULT_STAND_IN_LEVEL,
    };
  }

  /** The meta, each membership and the first commit are conditional writes: the game is made once and nobody is left out of it. */
  private async startSeated(def: AnyGame, fresh: GameMeta): Promise<void> {
    const gameId = fresh.id;
    const meta = (await written(this.table.putMeta(fresh))) ? fresh : (await this.table.readGame(gameId))!.meta;
    for (const [seat, s] of meta.seats.entries()) {
      await written(
        this.table.putMembership({ playerId: s.playerId!, gameId, game: def.id, seat, joinedAt: meta.createdAt }),
      );
    }
    if (!(await this.started(gameId))) await this.games.start(def, meta);
  }

  /**
   * Closes a public game still waiting for players (the sweeper, docs/playing.md "Lobby"): it ends as
   * aborted, never started, and leaves the lobby and its creator's open games. False when it
   * had filled meanwhile (or is gone): then only its stale lobby entry goes.
   */
  async expireOpen(gameId: string): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_META_ATTEMPTS; attempt++) {
      const meta = (await this.table.readGame(gameId))?.meta;
      if (!meta || meta.status !== 'open') return false;
      if (!(await written(this.table.replaceMeta({ ...meta, status: 'aborted', revision: meta.revision + 1 }))))
        continue;
      await this.table.removeOpenGames(meta.createdBy, [gameId]);
      return true;
    }
    return false;
  }

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
        if (running && chosen === 'bot')
          return { playerId: null, name: null, bot: true, level: standInLevelOf(meta), deleted: true };
        return { playerId: null, name: null, bot: false, deleted: true };
      });
      // The creator's id only counted their open games, and a deleted account has none.
      const cleared = {
        ...meta,
        seats,
        revision: meta.revision + 1,
        ...(meta.createdBy === playerId ? { createdBy: '' } : {}),
      };
      if (await written(this.table.replaceMeta(cleared))) policy = running ? chosen : 'none';
      else if (attempt + 1 >= MAX_META_ATTEMPTS)
        throw new Error(`game ${gameId}: too many concurrent changes while ${playerId} left`);
    }
    if (policy === 'none' || seat === null) return;
    const loaded = await this.games.loadKnown(gameId);
    if (statusOf(loaded) !== 'active') return;
    const pausesOf = seatPauses(loaded.meta);
    if (policy === 'forfeit') {
      if (!loaded.forfeited.includes(seat)) await this.timing.timeOut(loaded, seat, loaded.meta.timeControl!, pausesOf);
      return;
    }
    if (botSeatOf(loaded) === undefined) return;
    const committed = await this.games.commit(loaded, loaded, [], pausesOf);
    // A lost race: the other writer's commit plays the bots that are due, this seat included.
    if (committed.ok && loaded.meta.timeControl) await this.games.setDueExactly(committed.value);
  }
}

/** The options as the game parses them, or 400 invalid_options: what they get wrong, or why they do not fit that many players. */
export function checkedOptions(def: AnyGame, options: unknown, players: number): Result<unknown> {
  const parsed = def.options.safeParse(options ?? {});
  if (!parsed.success) {
    return refused(
      problems.badRequest('invalid_options', 'The options do not fit the game', {
        issues: parsed.error.issues.map(issueOf),
      }),
    );
  }
  const mismatch = def.checkOptions?.(parsed.data, players);
  return mismatch ? refused(problems.badRequest('invalid_options', mismatch)) : ok(parsed.data);
}
