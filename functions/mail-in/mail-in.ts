import { createHash } from 'node:crypto';
import type { GameRegistry } from '../../engine/core/index.js';
import type { Services } from '../service/index.js';
import { Problem } from '../service/problem.js';
import type { DeliveryLog } from '../store/delivery-log.js';
import type { GameRecord, PlayerRecord } from '../store/records.js';
import { choiceFor } from '../notify/choices.js';
import type { Notifier } from '../notify/core.js';
import type { MailReplyOutcome, MailReplyProblem } from '../notify/message.js';
import { positionOf } from '../notify/position.js';
import { checkReply, claimedReply, type ClaimedReply } from '../notify/reply-address.js';
import { wordsIn } from '../notify/wording.js';
import { shownName } from '../notify/changes.js';
import { plainUi } from '../../web/render/game-ui.js';
import { webGame } from '../../web/render/games.js';
import { readReply, type InboundReply } from './read-reply.js';
import { writtenMove } from './reply-code.js';

export interface MailInConfig {
  services: Pick<Services, 'table' | 'games' | 'chat' | 'now'>;
  registry: GameRegistry;
  notifier: Notifier;
  /** Remembers the Message-IDs taken (in the game's partition, with the table's expiry). */
  deliveries: DeliveryLog;
  /** The key the turn emails' reply addresses are signed with, newest first (rotation). */
  secrets: readonly string[];
  replyDomain: string;
  log: (line: string) => void;
}

/** A reply bigger than this is no move: refused while it arrives locally, left unread in AWS (SES stores up to 40 MB; a move needs a few lines). */
export const MAX_INBOUND_BYTES = 1024 * 1024;

/**
 * A message as it arrives: the raw RFC 5322 bytes, the envelope's recipients (RCPT TO; SES's
 * receipt lists them too) and, where a receiving service checked them, the SPF and DKIM verdicts.
 */
export interface InboundMessage {
  raw: Buffer;
  envelopeTo: readonly string[];
  verdicts?: { spf: boolean; dkim: boolean };
}

/** Messages that play nothing and get no answer: nobody we may write to, or a copy seen before. */
export type Dropped = 'noToken' | 'forged' | 'wrongSender' | 'unauthenticated' | 'duplicate';

export type MailInOutcome =
  | { kind: 'played'; gameId: string; code: string; chat: boolean }
  | { kind: 'answered'; gameId: string; problem: MailReplyProblem }
  | { kind: 'dropped'; reason: Dropped };

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 32);

/**
 * Moves by reply (issue 20 #2): a reply to a turn email plays the code written on its first lines
 * through the same conditional append as POST /v1/games/{id}/actions, at the version its signed
 * Reply-To names. Only the seat's own player can move: the token must be signed for the seat's
 * holder and the sender must be that player's confirmed address (and, in AWS, SPF and DKIM must
 * pass). Anyone else's message is dropped without an answer, so a forwarded copy cannot play and
 * nobody can make railpost write to a third party. The player's own mistakes (a stale or unknown
 * code, no code at all) are answered with what went wrong and the current choices.
 */
export class MailIn {
  constructor(private readonly config: MailInConfig) {}

  async receive(message: InboundMessage): Promise<MailInOutcome> {
    const reply = await readReply(message.raw);
    const { table } = this.config.services;
    const claim = [...message.envelopeTo, ...reply.recipients].map((a) => claimedReply(a, this.config.replyDomain)).find((c) => c !== null);
    if (!claim) return this.dropped('noToken', reply);
    const game = await table.readGame(claim.gameId);
    const playerId = game?.meta.seats[claim.seat]?.playerId;
    if (!game || !playerId) return this.dropped('forged', reply);
    const check = checkReply(this.config.secrets, claim, playerId, this.config.services.now());
    if (check === 'forged') return this.dropped('forged', reply);
    const player = await table.getPlayer(playerId);
    if (!player?.email || !reply.from || !sameAddress(player.email, reply.from)) return this.dropped('wrongSender', reply);
    if (message.verdicts && !(message.verdicts.spf && message.verdicts.dkim)) return this.dropped('unauthenticated', reply);
    // Claimed before anything is played or sent: a mail server that delivers twice gets one move and one answer.
    if (!(await this.config.deliveries.claim(game.meta.id, playerId, `mail-in#${digest(reply.messageId)}`, this.config.services.now()))) {
      return this.dropped('duplicate', reply);
    }
    if (check === 'expired') return this.answer(game, player, claim, { problem: 'expired' });
    return this.play(game, player, claim, reply);
  }

  private async play(game: GameRecord, player: PlayerRecord, claim: ClaimedReply, reply: InboundReply): Promise<MailInOutcome> {
    const move = writtenMove(reply.written);
    if (!move) return this.answer(game, player, claim, { problem: 'noCode' });
    const problem = (p: MailReplyProblem, detail?: string) => this.answer(game, player, claim, { problem: p, code: move.code, ...(detail ? { detail } : {}) });
    if (game.latest?.version !== claim.version) return problem('stale');
    const def = await this.config.registry.get(game.meta.game);
    const words = wordsIn(player.language ?? 'en');
    const ui = webGame(game.meta.game)?.ui(words) ?? plainUi;
    const seatName = (seat: number) => shownName(game.meta.seats[seat]?.name ?? null) ?? words('mail.seat', { n: seat + 1 });
    const position = def && positionOf(def, game, claim.seat, ui, seatName, words);
    if (!position?.choices.length) return problem('notDue');
    const choice = choiceFor(position.choices, move.code);
    if (!choice) return problem('unknownCode');
    const { games, chat } = this.config.services;
    try {
      await games.act(player, game.meta.id, { action: choice.action, expectedVersion: claim.version });
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      if (err.code === 'stale_version') return problem('stale');
      if (err.code === 'not_your_turn' || err.code === 'forfeited' || err.code === 'game_over') return problem('notDue');
      return problem('illegal', err.detail);
    }
    const said = move.rest ? await this.say(player, game.meta.id, move.rest) : false;
    // After the game's last move the answer is the final email to every seat (answerReply sends nothing then).
    await this.config.notifier.answerReply(game.meta.id, player.id, claim.version, { played: choice.text });
    this.config.log(`mail-in: ${player.id} played ${move.code} in ${game.meta.id}`);
    return { kind: 'played', gameId: game.meta.id, code: move.code, chat: said };
  }

  /** The rest of the reply goes to the table talk; a full chat or an empty text only loses the talk. */
  private async say(player: PlayerRecord, gameId: string, text: string): Promise<boolean> {
    try {
      await this.config.services.chat.post(player, gameId, text);
      return true;
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      this.config.log(`mail-in: table talk of ${player.id} in ${gameId} not posted: ${err.code}`);
      return false;
    }
  }

  private async answer(game: GameRecord, player: PlayerRecord, claim: ClaimedReply, outcome: MailReplyOutcome & { problem: MailReplyProblem }): Promise<MailInOutcome> {
    await this.config.notifier.answerReply(game.meta.id, player.id, claim.version, outcome);
    return { kind: 'answered', gameId: game.meta.id, problem: outcome.problem };
  }

  private dropped(reason: Dropped, reply: InboundReply): MailInOutcome {
    this.config.log(`mail-in: dropped ${reason} (${reply.messageId})`);
    return { kind: 'dropped', reason };
  }
}
