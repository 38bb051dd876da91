/**
 * The digest email: every game where it is the player's turn in one message, each under a
 * letter its reply codes start with, the day's digest or the answer to a reply to one.
 */
import { randomBytes } from 'node:crypto';
import type { PlayerRecord } from '../domain/player.js';
import type { SheetEntry } from '../store/ports/digests.js';
import { shownName } from './changes.js';
import { sendMail, unsubscribeUrl, type DeliveryFailure } from './channels.js';
import { composeMessage } from './compose-message.js';
import { renderDigest, type DigestAnswer, type DigestEntry } from './digest-mail.js';
import { nowOf, type NotifierConfig } from './notifier-config.js';
import { standing } from './recipients.js';
import { digestReplyAddress } from './reply-address.js';
import { wordsFor } from './wording.js';

/** Games one digest lists at most (labels A to H); it says how many more wait. */
export const DIGEST_MAX_GAMES = 8;
/** A digest's reply address and sheet hold this long: until about the next day's digest. */
export const DIGEST_REPLY_HOURS = 24;

/** Why a digest goes out: the day's digest, or the answer to a reply to one. */
export type DigestReason = { day: string } | { answers: DigestAnswer[] };

/**
 * Every game where it is the player's turn, soonest deadline first, at most DIGEST_MAX_GAMES of
 * them, each under a letter its codes start with. The letters are kept in a sheet for the reply.
 * The day's digest goes out once (its sheet is named by the day) and not at all when no game
 * waits; the answer to a reply always goes out, under a new sheet.
 */
export async function sendDigest(
  config: NotifierConfig,
  playerId: string,
  why: DigestReason,
): Promise<DeliveryFailure[]> {
  const { table, digests, email } = config;
  const player = await table.getPlayer(playerId);
  if (!digests || !email || !player?.email) return [];
  const daily = 'day' in why;
  if (daily && !(player.notifications.digest && player.notifications.email && player.notifications.events.yourTurn))
    return [];
  const { entries, waiting } = await dueGames(config, player);
  if (daily && !entries.length) return [];
  const expires = new Date(nowOf(config).getTime() + DIGEST_REPLY_HOURS * 3_600_000);
  const sheet = daily ? why.day : `r${randomBytes(5).readUIntBE(0, 5).toString(36)}`;
  const listed: SheetEntry[] = entries.map((e) => ({
    label: e.label,
    gameId: e.game.gameId,
    seat: e.game.seat,
    version: e.game.version,
  }));
  if (!(await digests.putSheet(player.id, sheet, listed, expires))) return [];
  const replyTo =
    config.replyDomain && entries.length
      ? digestReplyAddress(config.unsubscribeSecret, config.replyDomain, { playerId: player.id, sheet, expires })
      : undefined;
  const language = player.language ?? 'en';
  // A digest with no game due composes no message, so its reader's words may not be loaded yet.
  await wordsFor(language);
  const mail = renderDigest(
    {
      language,
      playerName: shownName(player.name) ?? player.name,
      entries,
      waiting,
      answers: daily ? [] : why.answers,
      ...(replyTo ? { replyTo } : {}),
    },
    unsubscribeUrl(config, player),
  );
  const failures: DeliveryFailure[] = [];
  await sendMail(config, player, mail, replyTo, failures);
  return failures;
}

/** The games where it is the player's turn, as their turn emails would show them, labelled A, B, …; and how many more wait. */
async function dueGames(
  config: NotifierConfig,
  player: PlayerRecord,
): Promise<{ entries: DigestEntry[]; waiting: number }> {
  const { table } = config;
  const memberships = await table.listMemberships(player.id);
  const summaries = await table.readSummaries(memberships.map((m) => m.gameId));
  const due = memberships.flatMap((m) => {
    const found = summaries.get(m.gameId);
    const latest = found?.latest;
    if (found?.meta.status !== 'active' || latest?.status !== 'active' || !latest.toAct.includes(m.seat)) return [];
    return [
      { gameId: m.gameId, seat: m.seat, deadline: latest.clocks?.[m.seat]?.deadline ?? null, joinedAt: m.joinedAt },
    ];
  });
  // Soonest deadline first; untimed games after, oldest first.
  due.sort(
    (a, b) => (a.deadline ?? '\uffff').localeCompare(b.deadline ?? '\uffff') || a.joinedAt.localeCompare(b.joinedAt),
  );
  const entries: DigestEntry[] = [];
  let waiting = 0;
  for (const d of due) {
    if (entries.length >= DIGEST_MAX_GAMES) {
      waiting++;
      continue;
    }
    const game = await table.readGame(d.gameId);
    const latest = game?.latest;
    if (!game || !latest || latest.forfeited.includes(d.seat)) continue;
    const { replyTo: _single, ...n } = await composeMessage(
      config,
      game,
      { seat: d.seat, playerId: player.id, kind: 'yourTurn' },
      player,
      standing(d.gameId, latest.toAct, latest.version),
      [],
      d.deadline ?? undefined,
    );
    entries.push({ label: String.fromCharCode(65 + entries.length), game: n });
  }
  return { entries, waiting };
}
