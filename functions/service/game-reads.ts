/**
 * Reading games: a summary, a player's view (now or at a past version), a board picture's input,
 * the list of a player's games, and the entity tag their answers carry. Nothing here writes.
 */
import type { GameTable } from '../store/ports/stores.js';
import type { EventRecord, GameStatus } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import type { GameLog } from './game-log.js';
import { statusOf, summaryOf, toActOf, type Loaded } from './game-state.js';
import { endOf } from './game-result.js';
import {
  etagOf,
  seatsOf,
  summaryFor,
  tagged,
  viewOf,
  type GameSummary,
  type PlayerView,
  type Tagged,
} from './game-views.js';
import { ok, problems, refused, Refusal, type Result } from './refusal.js';
import { replay, takenBackTo, type GameState } from './replay.js';
import { initialTable } from './table.js';
import { viewerFor } from './visibility.js';

export class GameReads {
  constructor(
    private readonly table: GameTable,
    private readonly games: GameLog,
  ) {}

  async get(player: PlayerRecord, gameId: string): Promise<Result<Tagged<GameSummary>>> {
    const loaded = await this.games.load(gameId);
    if (!loaded.ok) return loaded;
    return ok(tagged(loaded.value, player.id, summaryFor(loaded.value, player.id)));
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
      if (meta.status === 'active' && !latest)
        summaries.set(id, { meta, latest: summaryOf(await this.games.loadKnown(id)) });
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
          // Forfeits live in the newest commit, which the list does not read.
          seats: seatsOf(meta, [], player.id),
        },
      ];
    });
    return games
      .filter(
        (g) =>
          (filter.status === undefined || g.status === filter.status) &&
          (filter.myTurn === undefined || g.myTurn === filter.myTurn),
      )
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  }

  /** The caller's view now, or after `version` actions (a replay of the log, with nothing to post). */
  async view(player: PlayerRecord, gameId: string, version?: number): Promise<Result<Tagged<PlayerView>>> {
    const loaded = await this.games.load(gameId);
    if (!loaded.ok) return loaded;
    const view = await this.viewAt(loaded.value, player.id, version);
    return view.ok ? ok(tagged(loaded.value, player.id, view.value)) : view;
  }

  /**
   * What a board picture is drawn from: the view (now or at `version`) of `player`, or of nobody in
   * particular (what a spectator sees) for `null`; the game's components and the seat names.
   * The public picture of a version is served as immutable, so it shows that version as a
   * spectator saw it then: the end-of-game reveal must not leak into earlier versions.
   */
  async pictureOf(
    player: PlayerRecord | null,
    gameId: string,
    version?: number,
  ): Promise<Result<{ game: string; components: unknown; view: unknown; seatNames: (string | null)[] }>> {
    const found = await this.games.load(gameId);
    if (!found.ok) return found;
    const loaded = found.value;
    const seen = await this.viewAt(loaded, player?.id ?? null, version, player === null ? 'then' : 'now');
    if (!seen.ok) return seen;
    return ok({
      game: loaded.def.id,
      components: loaded.def.components ?? null,
      view: seen.value.view,
      seatNames: loaded.meta.seats.map((s) => s.name),
    });
  }

  /**
   * `seen: 'now'` shows a past version as the caller sees the game today (their seat's, or
   * everything after the end); `'then'` as it was visible at that version, which never changes.
   */
  private async viewAt(
    loaded: Loaded,
    playerId: string | null,
    version: number | undefined,
    seen: 'now' | 'then' = 'now',
  ): Promise<Result<PlayerView>> {
    if (version !== undefined && version > loaded.version)
      return refused(
        new Refusal(
          'version_not_found',
          'Not found',
          `The game is at version ${loaded.version}; version ${version} has not happened`,
        ),
      );
    const status = statusOf(loaded);
    if (status === 'open' || loaded.state === null)
      return refused(problems.conflict('game_not_started', 'The game starts when every seat is taken'));
    if (version === undefined || version === loaded.version) return ok(viewOf(loaded, playerId));
    const past = await this.stateAt(loaded, version);
    // The stored status is today's; at a past version the game was still running (unless it had just ended).
    const then: Loaded = {
      ...loaded,
      meta: { ...loaded.meta, status: 'active' },
      commit: null,
      ...past,
      clocks: null,
      table: initialTable(loaded.meta.players),
    };
    const finished = (seen === 'now' ? status : statusOf(then)) === 'finished';
    const viewer = viewerFor(loaded.meta, playerId, finished, loaded.forfeited);
    return ok({
      game: loaded.meta.game,
      version: past.version,
      ...endOf(then),
      toAct: toActOf(then),
      view: loaded.def.view(past.state, viewer),
      legalActions: [],
    });
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
    if (upTo(holder.records).some((r) => takenBackTo(r) !== null))
      return replay(l.def, l.meta, null, upTo((await this.table.commitsAfter(l.meta.id, 0)).flatMap((c) => c.records)));
    if (previous?.version === holder.key - 1) return replay(l.def, l.meta, previous, upTo(holder.records));
    // The start commit is missing (its writer died): the log from the beginning.
    return replay(l.def, l.meta, null, upTo((await this.table.commitsAfter(l.meta.id, 0)).flatMap((c) => c.records)));
  }
}
