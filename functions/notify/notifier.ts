/**
 * The notifier: decides who hears of what happened in a game (a transition, a reminder, table
 * talk, the answer to a reply, a digest) and hands each message to the channels its player chose.
 * The same code runs in-process locally and behind the table's stream in AWS.
 */
import { DEFAULT_LIMITS } from '../service/limits.js';
import type { ChatRecord, EventRecord, GameRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { shownName } from './changes.js';
import type { ChallengeNotice } from '../service/challenges.js';
import { challengeMessage } from './challenge-message.js';
import { emailNotification, sendOutgoing, toPlayer, wants, type DeliveryFailure } from './channels.js';
import { composeMessage } from './compose-message.js';
import { sendDigest, type DigestReason } from './daily-digest.js';
import type { MailReplyOutcome, Notification } from './message.js';
import type { NotifierConfig } from './notifier-config.js';
import { recipientsOf, standing, type Transition } from './recipients.js';
import { wordsIn } from './wording.js';

export class Notifier {
  constructor(private readonly config: NotifierConfig) {}

  /** The game, as the caller has it already or as one read finds it. */
  private async gameOf(gameId: string, known: GameRecord | null | undefined): Promise<GameRecord | null> {
    return known === undefined ? this.config.table.readGame(gameId) : known;
  }

  /**
   * Delivers every message of a transition; failures are returned (for retries), never thrown.
   * `game` is the game as it is now, when the caller has read it already.
   */
  async deliver(t: Transition, records: readonly EventRecord[], known?: GameRecord | null): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(t.gameId, known);
    if (!game) return [];
    const { meta, latest } = game;
    const failures: DeliveryFailure[] = [];
    for (const r of recipientsOf(t, meta.seats)) {
      const player = await this.config.table.getPlayer(r.playerId);
      if (!player || !wants(player, r.kind).any) continue;
      const deadline = t.finished ? undefined : latest?.clocks?.[r.seat]?.deadline;
      const n = await composeMessage(this.config, game, r, player, t, records, deadline ?? undefined);
      failures.push(...(await this.once(player, n, `${r.kind}#${t.version}`)));
    }
    return failures;
  }

  /** The reminder the sweeper claimed for one seat: its time is running out. */
  async remind(
    r: { gameId: string; seat: number; deadline: string },
    known?: GameRecord | null,
  ): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(r.gameId, known);
    const latest = game?.latest;
    const playerId = game?.meta.seats[r.seat]?.playerId;
    if (
      !game ||
      !latest ||
      game.meta.status !== 'active' ||
      latest.status !== 'active' ||
      !playerId ||
      !latest.toAct.includes(r.seat)
    )
      return [];
    const player = await this.config.table.getPlayer(playerId);
    if (!player || !wants(player, 'reminder').any) return [];
    const t = standing(r.gameId, latest.toAct, latest.version);
    return this.once(
      player,
      await composeMessage(this.config, game, { seat: r.seat, playerId, kind: 'reminder' }, player, t, [], r.deadline),
      `reminder#${r.seat}#${r.deadline}`,
    );
  }

  /**
   * A table-talk message, to every seated person but its author who chose to hear of chat. A
   * burst of messages must not become a burst of emails, pushes and webhook calls: each recipient
   * hears of the first message of a fixed window only (the game's chat has the rest).
   */
  async chat(m: ChatRecord, known?: GameRecord | null): Promise<DeliveryFailure[]> {
    const game = await this.gameOf(m.gameId, known);
    if (!game) return [];
    const { meta, latest } = game;
    const failures: DeliveryFailure[] = [];
    const t = standing(m.gameId, latest?.status === 'active' ? latest.toAct : [], latest?.version ?? 0);
    const window = Math.floor(
      Date.parse(m.at) / ((this.config.chatNoticeSeconds ?? DEFAULT_LIMITS.chatNoticeSeconds) * 1000),
    );
    for (const [seat, holder] of meta.seats.entries()) {
      if (holder.bot || !holder.playerId || holder.playerId === m.playerId) continue;
      const player = await this.config.table.getPlayer(holder.playerId);
      if (!player || !wants(player, 'chat').any) continue;
      const recipient = { seat, playerId: player.id, kind: 'chat' as const };
      const n = await composeMessage(this.config, game, recipient, player, t, [], undefined);
      n.chat = { from: shownName(m.name) ?? wordsIn(n.language)('mail.seat', { n: m.seat + 1 }), text: m.text };
      failures.push(...(await this.once(player, n, `chat#${window}`)));
    }
    return failures;
  }

  /**
   * The answer to a reply by email, to its player only and by email: what was played
   * and the position now, or what went wrong and the current choices. `since` is the version the
   * reply was written at: the moves after it are told. Nothing after the end (the game's final
   * email says it).
   */
  async answerReply(
    gameId: string,
    playerId: string,
    since: number,
    outcome: MailReplyOutcome,
  ): Promise<DeliveryFailure[]> {
    const game = await this.config.table.readGame(gameId);
    const latest = game?.latest;
    const seat = game?.meta.seats.findIndex((s) => s.playerId === playerId) ?? -1;
    if (!game || !latest || latest.status !== 'active' || seat < 0) return [];
    const player = await this.config.table.getPlayer(playerId);
    if (!player?.email) return [];
    const records = (await this.config.table.commitsAfter(gameId, since, undefined, latest))
      .flatMap((c) => c.records)
      .filter((r) => r.version > since);
    const n = await composeMessage(
      this.config,
      game,
      { seat, playerId, kind: 'yourTurn' },
      player,
      standing(gameId, latest.toAct, latest.version),
      records,
      latest.clocks?.[seat]?.deadline ?? undefined,
    );
    n.reply = outcome;
    const failures: DeliveryFailure[] = [];
    await emailNotification(this.config, player, n, failures);
    return failures;
  }

  /**
   * A challenge made to the player, or one of theirs answered or withdrawn (RP-CHALLENGE-6). Once
   * per challenge, party and status: a redelivered stream record sends nothing twice.
   */
  async challenge({ to, challenge: c }: ChallengeNotice): Promise<DeliveryFailure[]> {
    const player = await this.config.table.getPlayer(to);
    if (!player || !wants(player, 'challenge').any) return [];
    if (!(await this.config.deliveries.claimForPlayer(player.id, `challenge#${c.id}#${c.status}`, new Date())))
      return [];
    return sendOutgoing(this.config, player, await challengeMessage(this.config, player, c));
  }

  /** A digest email of every game where it is the player's turn (see sendDigest). */
  digest(playerId: string, why: DigestReason): Promise<DeliveryFailure[]> {
    return sendDigest(this.config, playerId, why);
  }

  /** Sends a message unless it was sent before (a redelivered stream record, a retried batch). */
  private async once(player: PlayerRecord, n: Notification, key: string): Promise<DeliveryFailure[]> {
    if (!(await this.config.deliveries.claim(n.gameId, player.id, key, new Date()))) return [];
    return toPlayer(this.config, player, n);
  }
}
