/**
 * A challenge's message to one party, in their language (RP-CHALLENGE-6): who challenged them to
 * which game at what pace, or how their challenge was answered, with a link to the challenge (or,
 * once accepted, to its game) in the web client, in each channel's form.
 */
import type { ChallengeRecord } from '../domain/challenge.js';
import type { TimeControl } from '../domain/game.js';
import type { PlayerRecord } from '../domain/player.js';
import { durationText } from '../../presentation/duration-text.js';
import { shownName } from './changes.js';
import type { Outgoing } from './channels.js';
import {
  esc,
  formatTime,
  htmlPage,
  oneLine,
  SUMMARY_MAX,
  textFooter,
  truncate,
  unsubscribeHeaders,
} from './message.js';
import type { NotifierConfig } from './notifier-config.js';
import type { PushMessage } from './push.js';
import type { ChallengePayload } from './webhook.js';
import { gameTitle, wordsFor, type Words } from './wording.js';

/** The message of a challenge as it is now, for `player` (its opponent while pending or canceled, else its challenger). */
export async function challengeMessage(
  config: NotifierConfig,
  player: PlayerRecord,
  c: ChallengeRecord,
): Promise<Outgoing> {
  const language = player.language ?? 'en';
  const t = await wordsFor(language);
  const title = gameTitle(t, c.game, config.registry.facts(c.game)?.title);
  // The message is about the other party: the challenger made or withdrew it, the opponent answered it.
  const other = c.challenger.id === player.id ? c.opponent : c.challenger;
  const name = shownName(other.name) ?? t('mail.someone');
  const page =
    c.status === 'accepted' && c.gameId
      ? `${config.publicUrl}/#/games/${c.gameId}`
      : `${config.publicUrl}/#/challenges/${c.id}`;
  const subject = oneLine(t(`mail.subject.challenge.${c.status}`, { name, title }));
  const paragraphs = [t(`mail.challenge.${c.status}`, { name, title }), ...details(t, language, c)];
  const open = t(c.status === 'accepted' ? 'mail.openGame' : 'mail.challenge.open');
  const greeting = t('mail.hello', { name: shownName(player.name) ?? t('mail.someone') });
  const push: PushMessage = { title: subject, body: truncate(paragraphs.join(' '), SUMMARY_MAX), url: page, tag: c.id };
  const payload: ChallengePayload['data'] = {
    challengeId: c.id,
    status: c.status,
    game: c.game,
    title,
    playerId: player.id,
    challenger: { id: c.challenger.id, name: shownName(c.challenger.name) ?? '' },
    opponent: { id: c.opponent.id, name: shownName(c.opponent.name) ?? '' },
    link: `${config.publicUrl}/v1/challenges/${c.id}`,
    page,
    ...(c.gameId ? { gameId: c.gameId } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
  };
  return {
    kind: 'challenge',
    email: (unsubscribeUrl) => ({
      subject,
      text: [
        greeting,
        '',
        ...paragraphs.flatMap((p) => [p, '']),
        `${open}: ${page}`,
        '',
        ...textFooter(language, unsubscribeUrl),
      ].join('\n'),
      html: htmlPage(language, subject, unsubscribeUrl, [
        `<p>${esc(greeting)}</p>`,
        ...paragraphs.map((p) => `<p>${esc(p)}</p>`),
        `<p><a href="${esc(page)}">${esc(open)}</a></p>`,
      ]),
      headers: unsubscribeHeaders(unsubscribeUrl),
    }),
    push: JSON.stringify(push),
    topic: c.id,
    webhook: (now) => ({ type: 'challenge', timestamp: now.toISOString(), data: payload }),
  };
}

/** What the challenge says beyond its first sentence: the pace and what to do (made), or why not (declined). */
function details(t: Words, language: string, c: ChallengeRecord): string[] {
  switch (c.status) {
    case 'pending':
      return [
        t('mail.challenge.pace', { pace: paceOf(t, language, c.timeControl) }),
        t('mail.challenge.answer', { when: formatTime(c.expiresAt) }),
      ];
    case 'declined':
      return [t(`mail.challenge.reason.${c.reason ?? 'generic'}`)];
    default:
      return [];
  }
}

/** "3 days per move", "A time bank", "No deadline": the words the web client's lobby uses. */
function paceOf(t: Words, language: string, tc: TimeControl | undefined): string {
  if (!tc) return t('newGame.noDeadline');
  return tc.perMove ? t('newGame.perMove', { duration: durationText(language, tc.perMove) }) : t('lobby.bank');
}
