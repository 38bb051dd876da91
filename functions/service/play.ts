/**
 * A person's move: checked, applied, the bots due after it played, committed as one write. Keyed
 * requests (Idempotency-Key) answer a retry with the first answer, from the commit it wrote.
 */
import { createHash } from 'node:crypto';
import type { GameTable } from '../store/ports/stores.js';
import type { CommitRecord, PersonSeat, RequestFingerprint } from '../domain/game.js';
import { accessTokenRevoked } from './players.js';
import { keyHint, type GameLog, type KeyedRequest } from './game-log.js';
import { fromCommit, seatPauses, statusOf, toActOf, type Loaded } from './game-state.js';
import { viewOf, type PlayerView } from './game-views.js';
import { noMetrics, type Metrics } from './metrics.js';
import { issueOf, ok, problems, refused, Refusal, type Result } from './refusal.js';
import { seatOf } from './visibility.js';

export interface ActInput {
  action: unknown;
  expectedVersion: number;
  idempotencyKey?: string | undefined;
}

/** Who moves: a player, and with an access token the credential version it carries (checked against the seat). */
export interface Mover {
  id: string;
  accessVersion?: number | undefined;
}

export interface ActResult {
  body: PlayerView;
  replayed: boolean;
}

export class Play {
  constructor(
    private readonly table: GameTable,
    private readonly games: GameLog,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  /** The move, or why not; refused moves are counted by code. */
  async act(player: Mover, gameId: string, input: ActInput): Promise<Result<ActResult>> {
    const result = await this.tryAct(player, gameId, input);
    if (!result.ok) this.metrics.count('RejectedMoves', { code: result.refusal.code });
    return result;
  }

  private async tryAct(player: Mover, gameId: string, input: ActInput): Promise<Result<ActResult>> {
    const found = await this.games.load(gameId);
    if (!found.ok) return found;
    const loaded = found.value;
    const seat = seatOf(loaded.meta, player.id);
    if (seat === null) return refused(problems.forbidden('not_seated', 'You do not hold a seat in this game'));
    // The seat has the player's version as the game started or as it moved on since (seat-copies.ts); no read.
    const { credentialVersion = 0 } = loaded.meta.seats[seat] as PersonSeat;
    if (player.accessVersion !== undefined && player.accessVersion < credentialVersion)
      return refused(accessTokenRevoked());
    if (loaded.meta.status === 'open')
      return refused(problems.conflict('game_not_started', 'The game starts when every seat is taken'));
    const request = input.idempotencyKey ? { ...fingerprint(player.id, input.idempotencyKey, input), seat } : undefined;
    const earlier = request && (await this.answered(loaded, player, request, input.expectedVersion));
    if (earlier) return earlier;
    if (statusOf(loaded) !== 'active') return refused(problems.conflict('game_over', 'The game has ended'));
    if (input.expectedVersion !== loaded.version) return refused(problems.staleVersion(loaded.version));
    if (loaded.forfeited.includes(seat))
      return refused(problems.forbidden('forfeited', 'You forfeited this game; the bot plays on for your seat'));
    if (!toActOf(loaded).includes(seat))
      return refused(problems.forbidden('not_your_turn', `Seat ${seat} is not to act now`));
    const parsed = loaded.def.action.safeParse(input.action);
    if (!parsed.success) {
      return refused(
        problems.badRequest('invalid_action', 'The action does not have the shape of any action of this game', {
          issues: parsed.error.issues.map(issueOf),
        }),
      );
    }
    const pausesOf = seatPauses(loaded.meta);
    const moved = this.games.apply(loaded, seat, player.id, parsed.data, pausesOf);
    if (!moved.ok) return moved;
    const committed = await this.games.commit(
      loaded,
      moved.value.after,
      [moved.value.record],
      pausesOf,
      request ? { request } : {},
    );
    if (!committed.ok) return this.lostRace(loaded, player, request);
    this.metrics.count('Moves');
    return ok({ body: viewOf(committed.value, player.id), replayed: false });
  }

  /**
   * The answer to a keyed request that was made before: from the commit that request wrote,
   * recomputed (the commit holds the state the answer showed). The newest commit, which the read
   * brought, answers a retry at once; an earlier one is read by the key it recorded (each seat's
   * last key is carried from commit to commit) or, for a retry of an older request, at the version
   * it was sent with. The same key with another request is 422; null if the key is new.
   */
  private async answered(
    loaded: Loaded,
    player: Mover,
    request: KeyedRequest,
    expectedVersion: number,
  ): Promise<Result<ActResult> | null> {
    const latest = loaded.commit;
    const recent = loaded.recentKeys[request.seat];
    const key =
      latest?.request?.key === request.key
        ? latest.key
        : recent?.key === keyHint(request)
          ? recent.commit
          : expectedVersion < loaded.version
            ? expectedVersion + 1
            : null;
    if (key === null) return null;
    const commit = key === latest?.key ? latest : await this.table.getCommit(loaded.meta.id, key);
    return commit ? await this.replayed(loaded, player, request, commit) : null;
  }

  /**
   * The first answer again, if `commit` was written by this request; 422 if by another request
   * under the same key. Told again, as is the bot turn it left due, if it is still the newest: the
   * first attempt may have failed before either.
   */
  private async replayed(
    loaded: Loaded,
    player: Mover,
    request: KeyedRequest,
    commit: CommitRecord,
  ): Promise<Result<ActResult> | null> {
    if (commit.request?.key !== request.key) return null;
    if (commit.request.hash !== request.hash)
      return refused(
        new Refusal(
          'idempotency_key_reused',
          'Idempotency key reused',
          'This Idempotency-Key was used for a different request',
        ),
      );
    const then = fromCommit(loaded.meta, loaded.def, commit);
    this.games.announce(loaded.meta, commit);
    if (commit.key === loaded.commit?.key) await this.games.handOver(loaded);
    return ok({ body: viewOf(then, player.id), replayed: true });
  }

  /**
   * Someone else wrote this version first. If it was this very request (same idempotency key,
   * retried before the first attempt finished), answer as if it succeeded; otherwise 409.
   */
  private async lostRace(loaded: Loaded, player: Mover, request: KeyedRequest | undefined): Promise<Result<ActResult>> {
    const now = await this.games.loadKnown(loaded.meta.id);
    const key = loaded.version + 1;
    if (request) {
      const winner = now.commit?.key === key ? now.commit : await this.table.getCommit(loaded.meta.id, key);
      const answer = winner && (await this.replayed(now, player, request, winner));
      if (answer) return answer;
    }
    return refused(problems.staleVersion(now.version));
  }
}

/**
 * 72-bit fingerprints (bytes count: each commit carries two): the key is the player's own (another
 * player's same key is another key), the hash tells two requests under one key apart.
 */
function fingerprint(playerId: string, idempotencyKey: string, input: ActInput): RequestFingerprint {
  const digest = (value: unknown) =>
    createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 12);
  return { key: digest([playerId, idempotencyKey]), hash: digest([input.action, input.expectedVersion]) };
}
