import { createHash } from 'node:crypto';
import type { GameRegistry } from '../../engine/core/index.js';
import type { Services } from '../service/index.js';
import { Refusal } from '../service/refusal.js';
import type { DeliveryStore } from '../store/ports/deliveries.js';
import type { GameRecord } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { choiceFor } from '../notify/choices.js';
import type { Notifier } from '../notify/notifier.js';
import type { MailReplyOutcome, MailReplyProblem } from '../notify/message.js';
import { positionOf } from '../notify/position.js';
import {
  checkDigestReply,
  checkReply,
  claimedDigestReply,
  claimedReply,
  type ClaimedDigestReply,
  type ClaimedReply,
} from '../notify/reply-address.js';
import type { DigestAnswer } from '../notify/digest-mail.js';
import type { DigestStore } from '../store/ports/digests.js';
import { gameTitle, wordsFor } from '../notify/wording.js';
import { shownName } from '../notify/changes.js';
import { plainUi } from '../../presentation/game-ui.js';
import { webGame } from '../../presentation/games.js';
import { MAIL_ANSWERS } from '../service/limits.js';
import { readReply, type InboundReply } from './read-reply.js';
import { senderVouched, type SenderEvidence } from './sender-check.js';
import { writtenMove } from './reply-code.js';
import { digestMoves } from './digest-codes.js';

export interface MailInConfig {
  services: Pick<Services, 'table' | 'games' | 'chat' | 'now'>;
  registry: GameRegistry;
  notifier: Notifier;
  /** Remembers the Message-IDs taken (in the game's partition, with the table's expiry). */
  deliveries: DeliveryStore;
  /** The sheets that say which game each letter of a digest stands for. */
  digests: DigestStore;
  /** The key the turn emails' reply addresses are signed with, newest first (rotation). */
  secrets: readonly string[];
  replyDomain: string;
  log: (line: string) => void;
}

/** A reply bigger than this is no move: refused while it arrives locally, left unread in AWS (SES stores up to 40 MB; a move needs a few lines). */
export const MAX_INBOUND_BYTES = 1024 * 1024;

/**
 * A message as it arrives: the raw RFC 5322 bytes, the envelope's recipients (RCPT TO; SES's
 * receipt lists them too) and what the receiving service vouches for about its sender (none: it
 * plays nothing).
 */
export interface InboundMessage {
  raw: Buffer;
  envelopeTo: readonly string[];
  sender?: SenderEvidence;
}

/**
 * Messages that play nothing and get no answer: nobody we may write to, a copy seen before, a
 * message no parser can read (dropped for good: a retry reads it no better), or the seat's answers
 * for the hour are used up.
 */
export type Dropped =
  'noToken' | 'forged' | 'wrongSender' | 'unauthenticated' | 'duplicate' | 'unreadable' | 'tooManyAnswers';

export type MailInOutcome =
  | { kind: 'played'; gameId: string; code: string; chat: boolean }
  | { kind: 'answered'; gameId: string; problem: MailReplyProblem }
  /** A reply to a digest: each game's code and what it did (null: played); or why nothing was tried. */
  | {
      kind: 'digest';
      moves: { code: string; gameId: string | null; problem: MailReplyProblem | null }[];
      problem?: MailReplyProblem;
    }
  | { kind: 'dropped'; reason: Dropped };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 32);

/**
 * Moves by reply: a reply to a turn email plays the code written on its first lines
 * through the same conditional append as POST /v1/games/{id}/actions, at the version its signed
 * Reply-To names. Only the seat's own player can move: the token must be signed for the seat's
 * holder and the sender must be that player's confirmed address, vouched for by the receiving
 * service (RP-MAIL-1: in AWS, SPF and DKIM pass aligned with the From domain). Anyone else's
 * message is dropped without an answer, so a forwarded copy cannot play and nobody can make
 * railpost write to a third party. The player's own mistakes (a stale or unknown code, no code at
 * all) are answered with what went wrong and the current choices, a few times an hour (RP-MAIL-4).
 */
export class MailIn {
  constructor(private readonly config: MailInConfig) {}

  async receive(message: InboundMessage): Promise<MailInOutcome> {
    const reply = await readReply(message.raw);
    if ('unreadable' in reply) {
      this.config.log(`mail-in: dropped unreadable (${reply.unreadable})`);
      return { kind: 'dropped', reason: 'unreadable' };
    }
    const { table } = this.config.services;
    const digestClaim = [...message.envelopeTo, ...reply.recipients]
      .map((a) => claimedDigestReply(a, this.config.replyDomain))
      .find((c) => c !== null);
    if (digestClaim) return this.receiveDigest(message, reply, digestClaim);
    const claim = [...message.envelopeTo, ...reply.recipients]
      .map((a) => claimedReply(a, this.config.replyDomain))
      .find((c) => c !== null);
    if (!claim) return this.dropped('noToken', reply);
    const game = await table.readGame(claim.gameId);
    const playerId = game?.meta.seats[claim.seat]?.playerId;
    if (!game || !playerId) return this.dropped('forged', reply);
    const check = checkReply(this.config.secrets, claim, playerId, this.config.services.now());
    if (check === 'forged') return this.dropped('forged', reply);
    const player = await this.sender(playerId, message, reply);
    if ('dropped' in player) return this.dropped(player.dropped, reply);
    // Claimed before anything is played or sent: a mail server that delivers twice gets one move and one answer.
    if (
      !(await this.config.deliveries.claim(
        game.meta.id,
        playerId,
        `mail-in#${digest(reply.messageId)}`,
        this.config.services.now(),
      ))
    ) {
      return this.dropped('duplicate', reply);
    }
    if (check === 'expired') return this.answer(game, player, claim, { problem: 'expired' }, reply);
    return this.play(game, player, claim, reply);
  }

  /** The player a token names, if the message is theirs: from their confirmed address, as the receiving service vouches (RP-MAIL-1). */
  private async sender(
    playerId: string,
    message: InboundMessage,
    reply: InboundReply,
  ): Promise<PlayerRecord | { dropped: Dropped }> {
    const player = await this.config.services.table.getPlayer(playerId);
    if (!player?.email || !reply.from || !sameAddress(player.email, reply.from)) return { dropped: 'wrongSender' };
    if (!senderVouched(message.sender, reply.from)) return { dropped: 'unauthenticated' };
    return player;
  }

  private async play(
    game: GameRecord,
    player: PlayerRecord,
    claim: ClaimedReply,
    reply: InboundReply,
  ): Promise<MailInOutcome> {
    const move = writtenMove(reply.written);
    if (!move) return this.answer(game, player, claim, { problem: 'noCode' }, reply);
    const outcome = await this.playCode(game, player, claim.seat, claim.version, move.code);
    if ('problem' in outcome) return this.answer(game, player, claim, outcome, reply);
    const said = move.rest ? await this.say(player, game.meta.id, move.rest) : false;
    // After the game's last move the answer is the final email to every seat (answerReply sends nothing then).
    await this.config.notifier.answerReply(game.meta.id, player.id, claim.version, outcome);
    this.config.log(`mail-in: ${player.id} played ${move.code} in ${game.meta.id}`);
    return { kind: 'played', gameId: game.meta.id, code: move.code, chat: said };
  }

  /**
   * A reply to a digest: the same checks as a reply to a turn email, then each game's
   * code is played on its own, so that a stale or wrong code in one game does not stop the others.
   * The answer is one email: what each code did, and the games where it is still the player's turn.
   * Other text is not posted to any table (it could be meant for any of them).
   */
  private async receiveDigest(
    message: InboundMessage,
    reply: InboundReply,
    claim: ClaimedDigestReply,
  ): Promise<MailInOutcome> {
    const now = this.config.services.now();
    const check = checkDigestReply(this.config.secrets, claim, now);
    if (check === 'forged') return this.dropped('forged', reply);
    const player = await this.sender(claim.playerId, message, reply);
    if ('dropped' in player) return this.dropped(player.dropped, reply);
    if (!(await this.config.deliveries.claimForPlayer(player.id, `mail-in#${digest(reply.messageId)}`, now)))
      return this.dropped('duplicate', reply);
    const sheet = check === 'valid' ? await this.config.digests.getSheet(player.id, claim.sheet) : null;
    const moves = digestMoves(reply.written);
    const none = async (problem: MailReplyProblem): Promise<MailInOutcome> =>
      (await this.mayAnswer(null, player.id))
        ? this.answerDigest(player, [{ label: '', gameTitle: null, outcome: { problem } }], {
            kind: 'digest',
            moves: [],
            problem,
          })
        : this.dropped('tooManyAnswers', reply);
    if (!sheet) return none('expired');
    if (!moves.length) return none('noCode');
    const words = await wordsFor(player.language ?? 'en');
    const answers: DigestAnswer[] = [];
    const done: Extract<MailInOutcome, { kind: 'digest' }>['moves'] = [];
    for (const move of moves) {
      const code = `${move.label}${move.code}`;
      const entry = sheet.find((e) => e.label === move.label);
      const game = entry ? await this.config.services.table.readGame(entry.gameId) : null;
      if (!entry || !game) {
        answers.push({ label: move.label, gameTitle: null, outcome: { problem: 'unknownCode', code } });
        done.push({ code, gameId: null, problem: 'unknownCode' });
        continue;
      }
      const outcome =
        game.meta.seats[entry.seat]?.playerId === player.id
          ? await this.playCode(game, player, entry.seat, entry.version, move.code)
          : { problem: 'notDue' as const };
      const title = gameTitle(words, game.meta.game, this.config.registry.facts(game.meta.game)?.title);
      answers.push({
        label: move.label,
        gameTitle: title,
        outcome: 'problem' in outcome ? { ...outcome, code } : outcome,
      });
      done.push({ code, gameId: game.meta.id, problem: 'problem' in outcome ? outcome.problem : null });
      if (!('problem' in outcome))
        this.config.log(`mail-in: ${player.id} played ${code} of a digest in ${game.meta.id}`);
    }
    if (done.every((m) => m.problem) && !(await this.mayAnswer(null, player.id)))
      return this.dropped('tooManyAnswers', reply);
    return this.answerDigest(player, answers, { kind: 'digest', moves: done });
  }

  private async answerDigest(
    player: PlayerRecord,
    answers: DigestAnswer[],
    outcome: MailInOutcome,
  ): Promise<MailInOutcome> {
    await this.config.notifier.digest(player.id, { answers });
    return outcome;
  }

  /**
   * Plays one code of a turn at the seat and version its email showed, through the same
   * conditional append as the API; what it played, or why it played nothing.
   */
  private async playCode(
    game: GameRecord,
    player: PlayerRecord,
    seat: number,
    version: number,
    code: string,
  ): Promise<MailReplyOutcome> {
    const problem = (p: MailReplyProblem, detail?: string): MailReplyOutcome => ({
      problem: p,
      code,
      ...(detail ? { detail } : {}),
    });
    if (game.latest?.version !== version) return problem('stale');
    const def = await this.config.registry.get(game.meta.game);
    const words = await wordsFor(player.language ?? 'en');
    const ui = webGame(game.meta.game)?.ui(words) ?? plainUi;
    const seatName = (s: number) => shownName(game.meta.seats[s]?.name ?? null) ?? words('mail.seat', { n: s + 1 });
    const position = def && positionOf(def, game, seat, ui, seatName);
    if (!position?.choices.length) return problem('notDue');
    const choice = choiceFor(position.choices, code);
    if (!choice) return problem('unknownCode');
    try {
      await this.config.services.games.act(player, game.meta.id, { action: choice.action, expectedVersion: version });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      if (err.code === 'stale_version') return problem('stale');
      if (err.code === 'not_your_turn' || err.code === 'forfeited' || err.code === 'game_over')
        return problem('notDue');
      return problem('illegal', err.detail);
    }
    return { played: choice.text };
  }

  /** The rest of the reply goes to the table talk; a full chat or an empty text only loses the talk. */
  private async say(player: PlayerRecord, gameId: string, text: string): Promise<boolean> {
    try {
      await this.config.services.chat.post(player, gameId, text);
      return true;
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      this.config.log(`mail-in: table talk of ${player.id} in ${gameId} not posted: ${err.code}`);
      return false;
    }
  }

  /**
   * Whether one more answer saying that a reply played nothing may go to the player (about the
   * game, or about their digest when null): an old reply sent again and again gets a few (RP-MAIL-4).
   */
  private mayAnswer(gameId: string | null, playerId: string): Promise<boolean> {
    const now = this.config.services.now();
    const window = Math.floor(now.getTime() / 1000 / MAIL_ANSWERS.seconds);
    return this.config.deliveries.count(gameId, playerId, `mail-answers#${window}`, MAIL_ANSWERS.points, now);
  }

  private async answer(
    game: GameRecord,
    player: PlayerRecord,
    claim: ClaimedReply,
    outcome: Extract<MailReplyOutcome, { problem: MailReplyProblem }>,
    reply: InboundReply,
  ): Promise<MailInOutcome> {
    if (!(await this.mayAnswer(game.meta.id, player.id))) return this.dropped('tooManyAnswers', reply);
    await this.config.notifier.answerReply(game.meta.id, player.id, claim.version, outcome);
    return { kind: 'answered', gameId: game.meta.id, problem: outcome.problem };
  }

  private dropped(reason: Dropped, reply: InboundReply): MailInOutcome {
    this.config.log(`mail-in: dropped ${reason} (${reply.messageId})`);
    return { kind: 'dropped', reason };
  }
}
