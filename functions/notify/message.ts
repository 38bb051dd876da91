import type { Language } from '../../engine/core/languages.js';
import type { NotificationKind } from '../domain/notifications.js';
import type { Choice, ChoiceGroup } from './choices.js';
import type { Position } from './position.js';
import { wordsIn } from './wording.js';

export type { NotificationKind };

/** What a message about one game is about: every kind but a challenge (challenge-message.ts). */
export type GameNotificationKind = Exclude<NotificationKind, 'challenge'>;

export interface Notification {
  kind: GameNotificationKind;
  /** The recipient's language: every sentence, and the game's wording in `changes`. */
  language: Language;
  gameId: string;
  game: string; // the catalog id, e.g. "ticket-to-ride-europe"
  gameTitle: string; // e.g. "Ticket to Ride: Europe"
  playerId: string;
  playerName: string;
  seat: number;
  toAct: number[]; // seats due now
  seatNames: (string | null)[];
  version: number;
  link: string; // absolute URL of the game's page in the web client (its board, your hand, your moves)
  apiLink: string; // absolute URL of the game in the REST API, for machines (webhooks)
  boardLink?: string; // absolute URL of the board picture at this version, as a spectator sees it (no login)
  changes: string[]; // human lines: what happened since this player last acted (may be empty)
  deadline?: string; // ISO time, for yourTurn / reminder
  /** For gameFinished; `noWinner`: the game ended without a winner (a stalemate), though every seat is placed 1st. */
  result?: { places: number[]; scores: number[]; noWinner?: true };
  chat?: { from: string; text: string };
  /** The recipient's position and choices, in a turn email one can answer by replying. */
  position?: Position;
  /** The address a reply to this email plays at; only while the recipient is due. */
  replyTo?: string;
  /** The answer to a reply by email: what it played, or why it played nothing. */
  reply?: MailReplyOutcome;
}

/** Why a reply by email played nothing, said to its sender with the current choices. */
export type MailReplyProblem = 'stale' | 'expired' | 'unknownCode' | 'illegal' | 'noCode' | 'notDue';

export type MailReplyOutcome = { played: string } | { problem: MailReplyProblem; code?: string; detail?: string };

/**
 * `headers` carries the RFC 2369 / RFC 8058 one-click unsubscribe pair, which Gmail and Yahoo
 * expect from automated senders: `List-Unsubscribe: <url>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The URL must accept a POST without login.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** One line, whatever the inputs hold: a subject is a mail header and a push title. */
export function subjectOf(n: Notification): string {
  const t = wordsIn(n.language);
  const title = n.gameTitle;
  switch (n.kind) {
    case 'yourTurn':
    case 'reminder':
      return oneLine(t(`mail.subject.${n.kind}`, { title }));
    case 'gameStarted':
      return oneLine(t('mail.subject.started', { title }));
    case 'gameFinished': {
      if (n.result?.noWinner) return oneLine(t('mail.subject.finishedNoWinner', { title }));
      const place = placeOf(n);
      return oneLine(
        place
          ? t(place.tied ? 'mail.subject.finishedTied' : 'mail.subject.finishedPlaced', { title, rank: place.rank })
          : t('mail.subject.finished', { title }),
      );
    }
    case 'chat':
      return oneLine(t('mail.subject.chat', { name: n.chat?.from ?? t('mail.someone'), title }));
  }
}

/** A short body for channels with little room (Web Push), next to `subjectOf` as the title. */
export function summaryOf(n: Notification): string {
  const t = wordsIn(n.language);
  switch (n.kind) {
    case 'yourTurn':
    case 'reminder':
    case 'gameStarted': {
      const latest = n.changes.at(-1);
      const parts = [
        latest && sentence(latest),
        dueLine(n),
        n.deadline && t('mail.moveByShort', { when: formatTime(n.deadline) }),
      ];
      const fallback = n.toAct.includes(n.seat) ? t('mail.yourMove') : t('mail.follow');
      return truncate(parts.filter(Boolean).join(' '), SUMMARY_MAX) || fallback;
    }
    case 'gameFinished':
      return truncate(standings(n).join('; '), SUMMARY_MAX) || t('mail.seeResult');
    case 'chat':
      return truncate(n.chat?.text ?? '', SUMMARY_MAX);
  }
}

export function renderEmail(n: Notification, unsubscribeUrl: string): RenderedEmail {
  const subject = answerSubject(n) ?? subjectOf(n);
  const body = bodyOf(n);
  return {
    subject,
    text: renderText(body, n, unsubscribeUrl),
    html: renderHtml(subject, body, n, unsubscribeUrl),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Push services cap a payload at about 4 KB; a notification shows two or three lines anyway. */
export const SUMMARY_MAX = 240;

/** The content once, rendered twice (text and HTML), so that the two parts cannot drift apart. */
interface Body {
  greeting: string;
  paragraphs: string[];
  standings: string[];
  changes: string[];
  position: Position | null;
}

/** An answer to a reply by email says in its subject whether the reply played; null for other mail. */
function answerSubject(n: Notification): string | null {
  const t = wordsIn(n.language);
  if (!n.reply) return null;
  if ('problem' in n.reply) return oneLine(t('mail.subject.replyProblem', { title: n.gameTitle }));
  return n.toAct.includes(n.seat) ? null : oneLine(t('mail.subject.replyPlayed', { title: n.gameTitle }));
}

/** The first paragraph of an answer to a reply by email. */
function replyLine(n: Notification): string | null {
  return n.reply ? outcomeLine(n.language, n.reply) : null;
}

/** What a reply by email did, in a sentence. */
export function outcomeLine(language: Language, r: MailReplyOutcome): string {
  const t = wordsIn(language);
  if ('played' in r) return t('mail.reply.played', { action: r.played });
  const said = t(`mail.reply.${r.problem}`, { code: r.code ?? '' });
  return r.detail ? `${said} (${r.detail})` : said;
}

function bodyOf(n: Notification): Body {
  const t = wordsIn(n.language);
  const title = n.gameTitle;
  const deadline = n.deadline ? t('mail.moveBy', { when: formatTime(n.deadline) }) : null;
  const body = (paragraphs: (string | null)[], more: Partial<Body> = {}): Body => ({
    greeting: t('mail.hello', { name: n.playerName }),
    paragraphs: [replyLine(n), ...paragraphs].filter((p): p is string => Boolean(p)),
    standings: [],
    changes: n.changes,
    position: n.position ?? null,
    ...more,
  });
  switch (n.kind) {
    case 'yourTurn':
      // An answer to a reply by email may find the player's turn over: it says who is due instead.
      return n.toAct.includes(n.seat)
        ? body([t('mail.yourTurn', { title }), dueLine(n), deadline])
        : body([dueLine(n)]);
    case 'reminder':
      return body([t('mail.reminder', { title }), dueLine(n), deadline]);
    case 'gameStarted':
      return body([
        t(n.toAct.includes(n.seat) ? 'mail.startedYourTurn' : 'mail.started', { title }),
        dueLine(n),
        deadline,
      ]);
    case 'gameFinished': {
      const place = placeOf(n);
      const standing = standings(n);
      const placed = place
        ? t(place.tied ? 'mail.finishedTied' : 'mail.finishedPlaced', { title, rank: place.rank })
        : t('mail.finished', { title });
      const ended = n.result?.noWinner ? t('mail.finishedNoWinner', { title }) : placed;
      return body([ended, standing.length ? t('mail.finalStandings') : null], { standings: standing });
    }
    case 'chat':
      return body(
        [
          t('mail.chat', { name: n.chat?.from ?? t('mail.someone'), title }),
          t('mail.quote', { text: n.chat?.text ?? '' }),
        ],
        { changes: [] },
      );
  }
}

function renderText(b: Body, n: Notification, unsubscribeUrl: string): string {
  const t = wordsIn(n.language);
  const lines = [b.greeting, '', ...b.paragraphs.flatMap((p) => [p, ''])];
  if (b.standings.length) lines.push(...b.standings, '');
  if (b.changes.length) lines.push(t('mail.since'), ...b.changes.map((c) => `- ${c}`), '');
  if (b.position)
    lines.push(
      ...positionText(b.position, n.language),
      ...(b.position.choices.length && n.replyTo ? [t('mail.howToReply'), ''] : []),
    );
  if (n.boardLink) lines.push(`${t('mail.seeBoard')}: ${n.boardLink}`);
  lines.push(`${t('mail.openGame')}: ${n.link}`, '', ...textFooter(n.language, unsubscribeUrl));
  return lines.join('\n');
}

/** The end of every plain-text email: why it came, and the link that stops it. */
export function textFooter(language: Language, unsubscribeUrl: string): string[] {
  const t = wordsIn(language);
  // "-- " (with the space) is the signature separator mail clients recognise.
  return ['-- ', t('mail.footer'), `${t('mail.stop')}: ${unsubscribeUrl}`, ''];
}

function renderHtml(subject: string, b: Body, n: Notification, unsubscribeUrl: string): string {
  const t = wordsIn(n.language);
  const list = (tag: 'ol' | 'ul', items: string[]) =>
    `<${tag}>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`;
  return htmlPage(n.language, subject, unsubscribeUrl, [
    `<p>${esc(b.greeting)}</p>`,
    ...b.paragraphs.map((p) => `<p>${esc(p)}</p>`),
    b.standings.length ? list('ol', b.standings) : null,
    b.changes.length ? `<p>${esc(t('mail.since'))}</p>${list('ul', b.changes)}` : null,
    b.position ? positionHtml(b.position, n.language) : null,
    b.position?.choices.length && n.replyTo ? `<p>${esc(t('mail.howToReply'))}</p>` : null,
    n.boardLink ? `<p><a href="${esc(n.boardLink)}">${esc(t('mail.seeBoard'))}</a></p>` : null,
    `<p><a href="${esc(n.link)}">${esc(t('mail.openGame'))}</a></p>`,
  ]);
}

/** An HTML email around its content: the language, the title, and the footer that stops it. */
export function htmlPage(
  language: Language,
  subject: string,
  unsubscribeUrl: string,
  content: (string | null)[],
): string {
  const t = wordsIn(language);
  return [
    '<!doctype html>',
    // No colours of our own: each mail client's light or dark theme colours the text, and says so.
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${esc(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.4">',
    ...content,
    `<hr><p style="font-size: small">${esc(t('mail.footer'))} <a href="${esc(unsubscribeUrl)}">${esc(t('mail.stop'))}</a>.</p>`,
    '</body></html>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/**
 * The position in plain text: scores, the private panel, then the codes, one per line. A digest
 * puts its game's label before each code (`prefix`).
 */
export function positionText(p: Position, language: Language, prefix = ''): string[] {
  const t = wordsIn(language);
  const lines: string[] = [];
  if (p.scores.length) lines.push(t('mail.scores'), ...p.scores.map((s) => `- ${s}`), '');
  for (const section of p.panel) lines.push(`${section.title}:`, ...section.lines.map((l) => `- ${l}`), '');
  if (!p.choices.length) return lines;
  lines.push(t('mail.choices'), '');
  for (const g of p.choices) {
    if (g.title) lines.push(`${g.title}:`);
    if (isCompact(g)) {
      lines.push(...packed(g.choices.map((c) => `${prefix}${c.code} ${c.label}`)), '');
      continue;
    }
    const width = prefix.length + Math.max(...g.choices.map((c) => c.code.length));
    lines.push(...g.choices.map((c) => `  ${(prefix + c.code).padEnd(width)}  ${c.text}`), '');
  }
  return lines;
}

/** A place whose every choice reads in a few words under its title is listed on a line or two, not a line each. */
const isCompact = (g: ChoiceGroup): g is ChoiceGroup & { title: string } =>
  g.title !== null && g.choices.length > 1 && g.choices.every((c) => c.label !== null);

/** Plain-text lines stay within this many characters (mail clients wrap longer ones, breaking the columns). */
const LINE_WIDTH = 72;

/** Items side by side, three spaces apart, in lines indented like the one-per-line choices. */
function packed(items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && 2 + line.length + 3 + item.length > LINE_WIDTH) {
      lines.push(`  ${line}`);
      line = '';
    }
    line = line ? `${line}   ${item}` : item;
  }
  if (line) lines.push(`  ${line}`);
  return lines;
}

/** `heading`: the level of the choices' heading, under the email's own headings. */
export function positionHtml(p: Position, language: Language, prefix = '', heading: 'h2' | 'h3' = 'h2'): string {
  const t = wordsIn(language);
  const items = (xs: string[]) => `<ul>${xs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`;
  const code = (c: Choice) =>
    `<b style="font-family: monospace, monospace; font-size: 1em">${esc(prefix + c.code)}</b>`;
  const rows = (g: ChoiceGroup) =>
    g.choices
      .map(
        (c) =>
          `<tr><td style="font-family: monospace, monospace; font-size: 1em; font-weight: bold; padding-right: 1em; vertical-align: top">${esc(prefix + c.code)}</td><td>${esc(c.text)}</td></tr>`,
      )
      .join('');
  const group = (g: ChoiceGroup) =>
    isCompact(g)
      ? `<p><strong>${esc(g.title)}</strong><br>${g.choices.map((c) => `<span style="white-space: nowrap">${code(c)} ${esc(c.label!)}</span>`).join(' · ')}</p>`
      : `${g.title ? `<p><strong>${esc(g.title)}</strong></p>` : ''}<table role="presentation">${rows(g)}</table>`;
  return [
    p.scores.length ? `<p>${esc(t('mail.scores'))}</p>${items(p.scores)}` : '',
    ...p.panel.map((s) => `<p>${esc(s.title)}</p>${items(s.lines)}`),
    p.choices.length ? `<${heading} style="font-size: 1.1em">${esc(t('mail.choices'))}</${heading}>` : '',
    ...p.choices.map(group),
  ].join('');
}

/** The other seats due now; the recipient's own turn is said by the sentence before. */
function dueLine(n: Notification): string | null {
  const t = wordsIn(n.language);
  const others = n.toAct.filter((s) => s !== n.seat).map((s) => seatName(n, s));
  if (!others.length) return null;
  return t(n.toAct.includes(n.seat) ? 'mail.alsoDue' : 'mail.waitingFor', { names: others.join(', ') });
}

/** Best first, e.g. "1st: Alice, 120 points". */
function standings(n: Notification): string[] {
  if (!n.result) return [];
  const t = wordsIn(n.language);
  const { places, scores } = n.result;
  return places
    .map((place, seat) => ({ place, seat }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map(({ place, seat }) => {
      const name = seat === n.seat ? t('mail.you', { name: n.playerName }) : seatName(n, seat);
      return t('mail.standing', { rank: ordinal(n, place), name, count: scores[seat] ?? 0 });
    });
}

/** The recipient's place ("1st"), and whether another seat shares it. */
function placeOf(n: Notification): { rank: string; tied: boolean } | null {
  const places = n.result?.places ?? [];
  const place = places[n.seat];
  if (place === undefined) return null;
  return { rank: ordinal(n, place), tied: places.filter((p) => p === place).length > 1 };
}

/** Seats without a name are bots or empty; people count seats from 1. */
function seatName(n: Notification, seat: number): string {
  return n.seatNames[seat] ?? wordsIn(n.language)('mail.seat', { n: seat + 1 });
}

/**
 * "1st", "2nd" in English, "1." in Czech and German: the language's ordinal rule picks the form.
 * (Passed on as `rank`: i18next reads an `ordinal` option as "use ordinal plural rules".)
 */
function ordinal(n: Notification, k: number): string {
  return wordsIn(n.language)(`mail.ordinal.${new Intl.PluralRules(n.language, { type: 'ordinal' }).select(k)}`, {
    n: k,
  });
}

/** Recipients live in many time zones and mail clients do not localise body text: UTC, said so. */
export function formatTime(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : `${t.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Change lines come without a full stop; a one-line summary strings several together. */
function sentence(s: string): string {
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export function truncate(s: string, max: number): string {
  // By code point, so that an emoji is never cut in half.
  const chars = [...oneLine(s)];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
