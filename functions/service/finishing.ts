/**
 * Finishing games (docs/playing.md, "Finishing games"): resigning, aborting, take-backs, and the
 * rematch of a finished game.
 */
import type { Seat } from '../../engine/core/index.js';
import type { GameTable } from '../store/ports/stores.js';
import { newRematchOffer, type EventRecord, type GameMeta, type RematchRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { standInLevelOf } from './bots.js';
import { MAX_META_ATTEMPTS, written, type GameLog } from './game-log.js';
import {
  advanced,
  platformEntry,
  seatPauses,
  statusOf,
  takebackWaitingFor,
  toActOf,
  type Loaded,
  type PausesOf,
} from './game-state.js';
import { summaryFor, type GameSummary } from './game-views.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { initialState } from './replay.js';
import { newId, newInviteCode, newSeeding } from './secrets.js';
import { abortable, initialTable, legacyTable } from './table.js';
import { seatOf } from './visibility.js';

export class Finishing {
  constructor(
    private readonly table: GameTable,
    private readonly games: GameLog,
    /** Told of each new rematch offer (the event stream tells the seated people). */
    private readonly onRematchOffered: (gameId: string) => void = () => undefined,
  ) {}

  /** Resigning: ranked as a forfeit; the others play on against the bot, or the game ends when one seat is left. */
  async resign(player: PlayerRecord, gameId: string): Promise<Result<GameSummary>> {
    const found = await this.playing(player, gameId);
    if (!found.ok) return found;
    const { loaded, seat } = found.value;
    const pausesOf = seatPauses(loaded.meta);
    const records: EventRecord[] = [];
    return this.settle(
      loaded,
      this.games.moves.forfeitSeat(loaded, seat, player.id, records, pausesOf),
      records,
      pausesOf,
      player,
    );
  }

  /** Aborting while no seat has made more than one action: the game ends with no result. */
  async abort(player: PlayerRecord, gameId: string): Promise<Result<GameSummary>> {
    const found = await this.playing(player, gameId);
    if (!found.ok) return found;
    const { loaded, seat } = found.value;
    if (!abortable(loaded.table))
      return refused(
        problems.conflict(
          'abort_window_closed',
          'A seat has made a second move: the game can no longer be aborted (resign instead)',
        ),
      );
    const pausesOf = seatPauses(loaded.meta);
    const aborted = { ...loaded, table: { ...loaded.table, aborted: true as const } };
    const record = {
      ...this.entry(loaded, seat, player.id, { type: 'abort' }, { type: 'aborted', data: { seat } }),
      toAct: [],
    };
    return this.settle(
      loaded,
      advanced(aborted, record, loaded.state, loaded.forfeited, pausesOf),
      [record],
      pausesOf,
      player,
    );
  }

  /**
   * Asks to undo the caller's own last action. Allowed while nothing hidden or random came into
   * the game since and no other person moved (table.ts); the other seated people answer, bots accept at once.
   */
  async requestTakeback(player: PlayerRecord, gameId: string, expectedVersion: number): Promise<Result<GameSummary>> {
    const found = await this.atVersion(player, gameId, expectedVersion);
    if (!found.ok) return found;
    const { loaded, seat } = found.value;
    if (loaded.table.takeback)
      return refused(problems.conflict('takeback_pending', 'A take-back request is already waiting for answers'));
    const undoes = loaded.table.undoable[seat];
    if (undoes === undefined) {
      return refused(
        problems.conflict(
          'takeback_not_allowed',
          'You have no action to take back, or something hidden or random came into the game since your last one, or another player has moved since (RP-TB-1)',
        ),
      );
    }
    const pausesOf = seatPauses(loaded.meta);
    const record = this.entry(loaded, seat, player.id, { type: 'request_takeback', undoes } as { type: string }, {
      type: 'takeback_requested',
      data: { seat, undoes },
    });
    const requested = advanced(loaded, record, loaded.state, loaded.forfeited, pausesOf);
    const pending = {
      ...requested,
      table: { ...requested.table, takeback: { seat, undoes, requestedAt: record.version, accepted: [] } },
    };
    const records = [record];
    const after = takebackWaitingFor(pending).length === 0 ? await this.takeBack(pending, records, pausesOf) : pending;
    return this.settle(loaded, after, records, pausesOf, player);
  }

  /** Accepts or refuses the pending take-back; the last acceptance returns the game to the version before the action. */
  async answerTakeback(
    player: PlayerRecord,
    gameId: string,
    expectedVersion: number,
    accept: boolean,
  ): Promise<Result<GameSummary>> {
    const found = await this.atVersion(player, gameId, expectedVersion);
    if (!found.ok) return found;
    const { loaded, seat } = found.value;
    const tb = loaded.table.takeback;
    if (!tb) return refused(problems.conflict('no_takeback', 'No take-back request is waiting (a move ends one)'));
    if (tb.seat === seat)
      return refused(problems.conflict('own_takeback', 'This is your own request; the other players answer it'));
    if (!takebackWaitingFor(loaded).includes(seat))
      return refused(problems.conflict('already_answered', 'You have answered this request already'));
    const pausesOf = seatPauses(loaded.meta);
    const event = { type: accept ? 'takeback_accepted' : 'takeback_refused', data: { seat } };
    const record = this.entry(loaded, seat, player.id, { type: accept ? 'accept_takeback' : 'refuse_takeback' }, event);
    const answered = advanced(loaded, record, loaded.state, loaded.forfeited, pausesOf);
    const records = [record];
    if (!accept) {
      const { takeback: _refused, ...table } = answered.table;
      return this.settle(loaded, { ...answered, table }, records, pausesOf, player);
    }
    const accepted = {
      ...answered,
      table: { ...answered.table, takeback: { ...tb, accepted: [...tb.accepted, seat] } },
    };
    const after =
      takebackWaitingFor(accepted).length === 0 ? await this.takeBack(accepted, records, pausesOf) : accepted;
    return this.settle(loaded, after, records, pausesOf, player);
  }

  /**
   * Offers a rematch of a finished game: the same seats, options and time control, seated one
   * place on, with a new seed. It starts once every other seated person accepted (bots accept).
   */
  async proposeRematch(player: PlayerRecord, gameId: string): Promise<Result<GameSummary>> {
    return this.changeRematch(player, gameId, (meta, seat) => {
      if (meta.rematch && meta.rematch.declinedBy === undefined)
        return refused(problems.conflict('rematch_exists', 'A rematch has been offered already'));
      return ok({ proposedBy: seat, accepted: [seat] });
    });
  }

  async answerRematch(player: PlayerRecord, gameId: string, accept: boolean): Promise<Result<GameSummary>> {
    return this.changeRematch(player, gameId, (meta, seat) => {
      const offer = meta.rematch;
      if (!offer || offer.declinedBy !== undefined)
        return refused(problems.conflict('no_rematch', 'No rematch offer is waiting'));
      if (offer.gameId !== undefined) return refused(problems.conflict('rematch_started', 'The rematch has started'));
      if (!accept) return ok({ ...offer, declinedBy: seat });
      if (offer.accepted.includes(seat))
        return refused(problems.conflict('already_answered', 'You have accepted this offer already'));
      return ok({ ...offer, accepted: [...offer.accepted, seat] });
    });
  }

  private entry(
    l: Loaded,
    seat: Seat,
    playerId: string | null,
    action: { type: string },
    event: { type: string; data: Record<string, unknown> },
  ): EventRecord {
    return platformEntry(l, seat, playerId, action, event, this.games.at());
  }

  /** Writes what a finishing request did; a move that came first makes it 409 stale_version. */
  private async settle(
    base: Loaded,
    after: Loaded,
    records: EventRecord[],
    pausesOf: PausesOf,
    player: PlayerRecord,
  ): Promise<Result<GameSummary>> {
    const committed = await this.games.commit(base, after, records, pausesOf);
    if (!committed.ok) return refused(problems.staleVersion((await this.games.loadKnown(base.meta.id)).version));
    return ok(summaryFor(committed.value, player.id));
  }

  /** A running game the caller still plays, with the caller's seat. */
  private async playing(player: PlayerRecord, gameId: string): Promise<Result<{ loaded: Loaded; seat: Seat }>> {
    const loaded = await this.games.load(gameId);
    if (!loaded.ok) return loaded;
    const seat = playingSeat(loaded.value, player);
    return seat.ok ? ok({ loaded: loaded.value, seat: seat.value }) : seat;
  }

  /** The same, at the version the caller saw. */
  private async atVersion(
    player: PlayerRecord,
    gameId: string,
    expectedVersion: number,
  ): Promise<Result<{ loaded: Loaded; seat: Seat }>> {
    const found = await this.playing(player, gameId);
    if (found.ok && expectedVersion !== found.value.loaded.version)
      return refused(problems.staleVersion(found.value.loaded.version));
    return found;
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
      ...this.entry(l, tb.seat, playerId, { type: 'take_back', to } as { type: string }, {
        type: 'taken_back',
        data: { seat: tb.seat, to },
      }),
      toAct: toActOf({ ...l, state, table }),
    };
    appended.push(record);
    return { ...advanced({ ...l, table }, record, state, l.forfeited, pausesOf), table };
  }

  /**
   * Changes the offer on the finished game's meta (revision-guarded, retried like a join). When
   * every seated person has accepted, the new game's id is written there first and the game is
   * created after: a crash between leaves a link that the next accept or offer repairs.
   */
  private async changeRematch(
    player: PlayerRecord,
    gameId: string,
    change: (meta: GameMeta, seat: Seat) => Result<RematchRecord>,
  ): Promise<Result<GameSummary>> {
    for (let attempt = 0; attempt < MAX_META_ATTEMPTS; attempt++) {
      const found = await this.games.load(gameId);
      if (!found.ok) return found;
      const loaded = found.value;
      const seat = seatOf(loaded.meta, player.id);
      if (seat === null) return refused(notSeated());
      if (statusOf(loaded) !== 'finished')
        return refused(problems.conflict('game_not_finished', 'A rematch is offered once the game has ended'));
      const pending = loaded.meta.rematch?.gameId;
      if (pending !== undefined && !(await this.table.readGame(pending))) {
        await this.startRematch(loaded.meta, pending);
        return ok(summaryFor(await this.games.loadKnown(gameId), player.id));
      }
      const changed = change(loaded.meta, seat);
      if (!changed.ok) return changed;
      let offer = changed.value;
      const everyone = loaded.meta.seats.every((s, i) => s.bot || offer.accepted.includes(i));
      if (offer.declinedBy === undefined && everyone) offer = { ...offer, gameId: newId() };
      const meta: GameMeta = { ...loaded.meta, rematch: offer, revision: loaded.meta.revision + 1 };
      if (!(await written(this.table.replaceMeta(meta)))) continue;
      if (offer.gameId !== undefined) await this.startRematch(meta, offer.gameId);
      if (newRematchOffer(offer)) this.onRematchOffered(gameId);
      return ok(summaryFor({ ...loaded, meta }, player.id));
    }
    return refused(problems.conflict('busy', 'Too many players are answering at once; retry'));
  }

  /** The rematch itself: seats rotated by one (seat 1 becomes seat 0), the same options and time control, a new seed. */
  private async startRematch(old: GameMeta, id: string): Promise<void> {
    const now = this.games.at();
    const seats = old.seats.map((_, i) => old.seats[(i + 1) % old.players]!);
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
      ...newSeeding((await this.games.knownDef(old.game)).rulesRevision),
      revision: 1,
      startedAt: now,
      ...(old.timeControl ? { timeControl: old.timeControl } : {}),
      ...(old.visibility ? { visibility: old.visibility } : {}),
    };
    // Another accept created it first.
    if (!(await written(this.table.putMeta(meta)))) return;
    for (const [seat, s] of seats.entries()) {
      if (s.playerId !== null)
        await this.table.putMembership({ playerId: s.playerId, gameId: id, game: old.game, seat, joinedAt: now });
    }
    await this.games.start(await this.games.knownDef(old.game), meta);
  }
}

/** The seat of a person still playing a running game, or the refusal that says why not. */
function playingSeat(l: Loaded, player: PlayerRecord): Result<Seat> {
  const seat = seatOf(l.meta, player.id);
  if (seat === null) return refused(notSeated());
  if (l.meta.status === 'open')
    return refused(problems.conflict('game_not_started', 'The game starts when every seat is taken'));
  if (statusOf(l) !== 'active') return refused(problems.conflict('game_over', 'The game has ended'));
  if (l.forfeited.includes(seat))
    return refused(problems.forbidden('forfeited', 'You forfeited this game; the bot plays on for your seat'));
  return ok(seat);
}

const notSeated = () => problems.forbidden('not_seated', 'You do not hold a seat in this game');
