/**
 * Challenges (docs/challenges.md): a player asks another, by id, to play a catalog game with given
 * options; the one challenged accepts (the game starts with both seated) or declines, the
 * challenger may cancel, and an unanswered challenge expires. Each settlement is one conditional
 * write, so of two racing answers exactly one counts (RP-CHALLENGE-3).
 */
import type { GameRegistry } from '../../engine/core/index.js';
import {
  partyOf,
  type ChallengeRecord,
  type ChallengeSettlement,
  type DeclineReason,
  type SeatChoice,
} from '../domain/challenge.js';
import { seatOfPlayer, type TimeControl } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import type { ChallengeStore } from '../store/ports/challenges.js';
import { WriteConflict } from '../store/ports/errors.js';
import type { PlayerStore } from '../store/ports/players.js';
import type { Caps } from './limits.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { newId } from './secrets.js';
import { checkedOptions, type Seating } from './seating.js';

/** An unanswered challenge expires this long after it was made (RP-CHALLENGE-5). */
export const CHALLENGE_DAYS = 7;
const DAY = 86_400_000;

/** A challenge as its parties read it: `expired` is a pending one past `expiresAt`. */
export type ChallengeAnswer = Omit<ChallengeRecord, 'status'> & { status: ChallengeRecord['status'] | 'expired' };

/** Told to one party: the challenge as it is now (made: to the opponent; answered: to the challenger). */
export interface ChallengeNotice {
  to: string;
  challenge: ChallengeRecord;
}

/** Who hears of a challenge as it is now: the opponent of one made or withdrawn, the challenger of one answered. */
export const noticeOf = (challenge: ChallengeRecord): ChallengeNotice => ({
  to: (challenge.status === 'pending' || challenge.status === 'canceled' ? challenge.opponent : challenge.challenger)
    .id,
  challenge,
});

export interface ChallengeInput {
  opponent: string;
  game: string;
  options?: Record<string, unknown> | undefined;
  timeControl?: TimeControl | undefined;
  seat?: SeatChoice | undefined;
}

export interface ChallengesDeps {
  store: ChallengeStore;
  players: Pick<PlayerStore, 'getPlayer'>;
  seating: Seating;
  registry: GameRegistry;
  caps: Caps;
  now: () => Date;
  /** Where the parties hear of it: the event stream and their notification channels. */
  onChallenge?: ((notice: ChallengeNotice) => Promise<void> | void) | undefined;
  /** Draws the challenger's seat for `seat: 'random'`; tests fix it. */
  coin?: () => boolean;
}

export class Challenges {
  constructor(private readonly d: ChallengesDeps) {}

  private at = () => this.d.now().toISOString();

  async create(player: PlayerRecord, input: ChallengeInput): Promise<Result<ChallengeAnswer>> {
    if (input.opponent === player.id)
      return refused(problems.badRequest('challenge_yourself', 'You cannot challenge yourself'));
    const def = this.d.registry.facts(input.game);
    if (!def)
      return refused(problems.badRequest('unknown_game', `There is no game "${input.game}"; see GET /v1/catalog`));
    if (def.minPlayers > 2 || def.maxPlayers < 2)
      return refused(
        problems.badRequest(
          'invalid_players',
          `${def.title} takes ${def.minPlayers} to ${def.maxPlayers} players, not 2`,
        ),
      );
    const opponent = await this.d.players.getPlayer(input.opponent);
    if (!opponent) return refused(problems.badRequest('unknown_opponent', `There is no player "${input.opponent}"`));
    const options = checkedOptions((await this.d.registry.get(def.id))!, input.options, 2);
    if (!options.ok) return options;
    const now = this.at();
    const { challengesOutgoing: outCap, challengesIncoming: inCap } = this.d.caps;
    if ((await this.d.store.pending(player.id, 'outgoing', now, outCap)).length >= outCap)
      return refused(
        problems.conflict(
          'too_many_challenges',
          `At most ${outCap} of your challenges may wait for an answer at once; cancel one, or wait for answers`,
          { limit: outCap },
        ),
      );
    if ((await this.d.store.pending(opponent.id, 'incoming', now, inCap)).length >= inCap)
      return refused(
        problems.conflict(
          'opponent_challenges_full',
          `${opponent.name} has ${inCap} challenges waiting for an answer; try later`,
          { limit: inCap },
        ),
      );
    const challenge: ChallengeRecord = {
      id: newId(),
      challenger: partyOf(player),
      opponent: partyOf(opponent),
      game: def.id,
      options: options.value as Record<string, unknown>,
      ...(input.timeControl ? { timeControl: input.timeControl } : {}),
      seat: input.seat ?? 'random',
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(Date.parse(now) + CHALLENGE_DAYS * DAY).toISOString(),
    };
    await this.d.store.put(challenge);
    return this.told(challenge);
  }

  /** The player's pending challenges, made and received, newest first: at most the two caps together. */
  async list(player: PlayerRecord): Promise<ChallengeAnswer[]> {
    const now = this.at();
    const [outgoing, incoming] = await Promise.all([
      this.d.store.pending(player.id, 'outgoing', now, this.d.caps.challengesOutgoing),
      this.d.store.pending(player.id, 'incoming', now, this.d.caps.challengesIncoming),
    ]);
    return [...outgoing, ...incoming];
  }

  /** A challenge, to its two parties only: anyone else is told it does not exist. */
  async get(player: PlayerRecord, id: string): Promise<Result<ChallengeAnswer>> {
    const found = await this.partyTo(player, id);
    return found.ok ? ok(this.answer(found.value)) : found;
  }

  /**
   * The opponent accepts: the game starts with both seated (RP-CHALLENGE-2), and the challenge names
   * it. An accept of a challenge accepted already whose game a crash left unmade starts that game
   * (RP-CHALLENGE-7); a start is safe to repeat and to race, so the game is made once.
   */
  async accept(player: PlayerRecord, id: string): Promise<Result<ChallengeAnswer>> {
    const settled = await this.settle(player, id, 'opponent', { status: 'accepted', gameId: newId(), at: this.at() });
    const c = settled.ok ? settled.value : await this.gameless(player, id);
    if (!c?.gameId) return settled;
    const first = c.seat === 'first' || (c.seat === 'random' && (this.d.coin ?? coinFlip)());
    // Seated as they are now, so that a bot account shows as one (docs/bots.md).
    const challenger = (await this.d.players.getPlayer(c.challenger.id)) ?? c.challenger;
    const seats = [seatOfPlayer(challenger), seatOfPlayer(player)];
    await this.d.seating.startChallenge(c.gameId, {
      game: c.game,
      options: c.options,
      timeControl: c.timeControl,
      seats: first ? seats : seats.reverse(),
    });
    return this.told(c);
  }

  /** The player's challenge accepted by them whose game has not started (RP-CHALLENGE-7); null for any other. */
  private async gameless(player: PlayerRecord, id: string): Promise<ChallengeRecord | null> {
    const c = await this.d.store.get(id);
    if (c?.status !== 'accepted' || c.opponent.id !== player.id || !c.gameId) return null;
    return (await this.d.seating.started(c.gameId)) ? null : c;
  }

  async decline(player: PlayerRecord, id: string, reason: DeclineReason = 'generic'): Promise<Result<ChallengeAnswer>> {
    const settled = await this.settle(player, id, 'opponent', { status: 'declined', reason, at: this.at() });
    return settled.ok ? this.told(settled.value) : settled;
  }

  async cancel(player: PlayerRecord, id: string): Promise<Result<ChallengeAnswer>> {
    const settled = await this.settle(player, id, 'challenger', { status: 'canceled', at: this.at() });
    return settled.ok ? this.told(settled.value) : settled;
  }

  /** Tells the other party (RP-CHALLENGE-6), once what was answered is done. */
  private async told(challenge: ChallengeRecord): Promise<Result<ChallengeAnswer>> {
    await this.d.onChallenge?.(noticeOf(challenge));
    return ok(challenge);
  }

  /** Forgets every challenge the player made or received (account deletion, docs/accounts.md). */
  async forget(playerId: string): Promise<void> {
    for (const c of await this.d.store.all(playerId)) await this.d.store.remove(c);
  }

  /**
   * Settles a pending challenge by the party whose answer it is; 409 challenge_not_pending once
   * it is settled or expired, whoever settled it first.
   */
  private async settle(
    player: PlayerRecord,
    id: string,
    by: 'challenger' | 'opponent',
    settlement: ChallengeSettlement,
  ): Promise<Result<ChallengeRecord>> {
    const found = await this.partyTo(player, id);
    if (!found.ok) return found;
    const c = found.value;
    if (c[by].id !== player.id)
      return refused(
        problems.forbidden(
          'not_your_challenge',
          by === 'opponent'
            ? 'Only the challenged player answers a challenge'
            : 'Only its challenger cancels a challenge',
        ),
      );
    const now = this.answer(c);
    if (now.status !== 'pending') return refused(notPending(now));
    try {
      const settled = await this.d.store.settle(id, settlement);
      return ok(settled);
    } catch (err) {
      if (!(err instanceof WriteConflict)) throw err;
      const after = await this.d.store.get(id);
      return refused(notPending(after ? this.answer(after) : { ...now, status: 'expired' }));
    }
  }

  private async partyTo(player: PlayerRecord, id: string): Promise<Result<ChallengeRecord>> {
    const c = await this.d.store.get(id);
    return c && (c.challenger.id === player.id || c.opponent.id === player.id)
      ? ok(c)
      : refused(problems.notFound('Challenge'));
  }

  private answer(c: ChallengeRecord): ChallengeAnswer {
    return c.status === 'pending' && c.expiresAt <= this.at() ? { ...c, status: 'expired' } : c;
  }
}

const coinFlip = () => Math.random() < 0.5;

const notPending = (c: ChallengeAnswer) =>
  problems.conflict('challenge_not_pending', `The challenge is ${c.status}`, {
    challengeStatus: c.status,
    ...(c.gameId ? { gameId: c.gameId } : {}),
  });
