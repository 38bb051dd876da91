import type { Language } from '../../engine/core/languages.js';
import {
  esc,
  formatTime,
  oneLine,
  outcomeLine,
  positionHtml,
  positionText,
  unsubscribeHeaders,
  type MailReplyOutcome,
  type Notification,
  type RenderedEmail,
} from './message.js';
import { wordsIn } from './wording.js';

/**
 * A daily digest: every game where it is the player's turn, each under a letter, with
 * its position and its codes as the turn email lists them, each code after the game's letter (`A3`,
 * `B12b`), so that one reply can move in several games. The answer to such a reply has the same
 * shape, after a line per game on what the reply did.
 */
export interface DigestEntry {
  label: string;
  /** The game as its turn email would show it (position, deadline, links). */
  game: Notification;
}

/** What a digest reply did in one game; no title for a label the digest did not have. */
export interface DigestAnswer {
  label: string;
  gameTitle: string | null;
  outcome: MailReplyOutcome;
}

export interface DigestMail {
  language: Language;
  playerName: string;
  entries: DigestEntry[];
  /** Games also waiting for the player, beyond the ones a digest lists. */
  waiting: number;
  /** Empty in the daily digest; a reply's outcomes in its answer. */
  answers: DigestAnswer[];
  /** The signed address a reply plays at; none when replies are not received. */
  replyTo?: string;
}

export function renderDigest(d: DigestMail, unsubscribeUrl: string): RenderedEmail {
  const t = wordsIn(d.language);
  const count = d.entries.length + d.waiting;
  const subject = oneLine(d.answers.length ? t('mail.digest.subjectAnswer') : t('mail.digest.subject', { count }));
  const answers = d.answers.map((a) =>
    a.gameTitle
      ? t('mail.digest.answer', { label: a.label, title: a.gameTitle, outcome: outcomeLine(d.language, a.outcome) })
      : outcomeLine(d.language, a.outcome),
  );
  const intro = count ? t('mail.digest.intro', { count }) : t('mail.digest.none');
  const more = d.waiting ? t('mail.digest.more', { count: d.waiting }) : null;
  const howTo =
    d.replyTo && d.entries.some((e) => e.game.position?.choices.length) ? t('mail.digest.howToReply') : null;
  const heading = (e: DigestEntry) => t('mail.digest.game', { label: e.label, title: e.game.gameTitle });
  const deadline = (e: DigestEntry) =>
    e.game.deadline ? t('mail.moveBy', { when: formatTime(e.game.deadline) }) : null;

  const text = [t('mail.hello', { name: d.playerName }), '', ...answers.flatMap((a) => [a, '']), intro, ''];
  if (howTo) text.push(howTo, '');
  for (const e of d.entries) {
    text.push(`== ${heading(e)} ==`, '');
    const by = deadline(e);
    if (by) text.push(by, '');
    if (e.game.position) text.push(...positionText(e.game.position, d.language, e.label));
    if (e.game.boardLink) text.push(`${t('mail.seeBoard')}: ${e.game.boardLink}`);
    text.push(`${t('mail.openGame')}: ${e.game.link}`, '');
  }
  if (more) text.push(more, '');
  text.push('-- ', t('mail.digest.footer'), `${t('mail.stop')}: ${unsubscribeUrl}`, '');

  const p = (s: string | null) => (s ? `<p>${esc(s)}</p>` : null);
  const html = [
    '<!doctype html>',
    // As the turn email: no colours of our own, so each mail client's light or dark theme applies.
    `<html lang="${d.language}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${esc(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.4">',
    p(t('mail.hello', { name: d.playerName })),
    ...answers.map(p),
    p(intro),
    p(howTo),
    ...d.entries.flatMap((e) => [
      `<h2 style="font-size: 1.2em">${esc(heading(e))}</h2>`,
      p(deadline(e)),
      e.game.position ? positionHtml(e.game.position, d.language, e.label, 'h3') : null,
      e.game.boardLink ? `<p><a href="${esc(e.game.boardLink)}">${esc(t('mail.seeBoard'))}</a></p>` : null,
      `<p><a href="${esc(e.game.link)}">${esc(t('mail.openGame'))}</a></p>`,
    ]),
    p(more),
    `<hr><p style="font-size: small">${esc(t('mail.digest.footer'))} <a href="${esc(unsubscribeUrl)}">${esc(t('mail.stop'))}</a>.</p>`,
    '</body></html>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');

  return {
    subject,
    text: text.join('\n'),
    html,
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}
