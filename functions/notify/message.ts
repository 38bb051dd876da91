import type { NotificationKind } from '../store/records.js';

export type { NotificationKind };

export interface Notification {
  kind: NotificationKind;
  gameId: string;
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
  result?: { places: number[]; scores: number[] }; // for gameFinished
  chat?: { from: string; text: string };
}

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
  const title = n.gameTitle;
  switch (n.kind) {
    case 'yourTurn':
      return oneLine(`Your turn in ${title}`);
    case 'reminder':
      return oneLine(`Reminder: your turn in ${title}`);
    case 'gameStarted':
      return oneLine(`${title} has started`);
    case 'gameFinished': {
      const place = placeOf(n);
      return oneLine(place ? `${title} has ended: you ${place}` : `${title} has ended`);
    }
    case 'chat':
      return oneLine(`${n.chat?.from ?? 'Someone'} wrote in ${title}`);
  }
}

/** A short body for channels with little room (Web Push), next to `subjectOf` as the title. */
export function summaryOf(n: Notification): string {
  switch (n.kind) {
    case 'yourTurn':
    case 'reminder':
    case 'gameStarted': {
      const latest = n.changes.at(-1);
      const parts = [latest && sentence(latest), dueLine(n), n.deadline && `Move by ${formatTime(n.deadline)}.`];
      const fallback = n.toAct.includes(n.seat) ? "It's your move." : 'Open the game to follow it.';
      return truncate(parts.filter(Boolean).join(' '), SUMMARY_MAX) || fallback;
    }
    case 'gameFinished':
      return truncate(standings(n).join('; '), SUMMARY_MAX) || 'Open the game to see the result.';
    case 'chat':
      return truncate(n.chat?.text ?? '', SUMMARY_MAX);
  }
}

export function renderEmail(n: Notification, unsubscribeUrl: string): RenderedEmail {
  const subject = subjectOf(n);
  const body = bodyOf(n);
  return {
    subject,
    text: renderText(body, n, unsubscribeUrl),
    html: renderHtml(subject, body, n, unsubscribeUrl),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Push services cap a payload at about 4 KB; a notification shows two or three lines anyway. */
const SUMMARY_MAX = 240;

const FOOTER = 'You get this email because you turned on email notifications on railpost.';

/** The content once, rendered twice (text and HTML), so that the two parts cannot drift apart. */
interface Body {
  greeting: string;
  paragraphs: string[];
  standings: string[];
  changes: string[];
}

function bodyOf(n: Notification): Body {
  const title = `"${n.gameTitle}"`;
  const deadline = n.deadline ? `Please move by ${formatTime(n.deadline)}.` : null;
  const body = (paragraphs: (string | null)[], more: Partial<Body> = {}): Body => ({
    greeting: `Hello ${n.playerName},`,
    paragraphs: paragraphs.filter((p): p is string => Boolean(p)),
    standings: [],
    changes: n.changes,
    ...more,
  });
  switch (n.kind) {
    case 'yourTurn':
      return body([`It's your turn in ${title}.`, dueLine(n), deadline]);
    case 'reminder':
      return body([`A reminder: your turn in ${title} is still open.`, dueLine(n), deadline]);
    case 'gameStarted': {
      const mine = n.toAct.includes(n.seat) ? " It's your turn." : '';
      return body([`${title} has started.${mine}`, dueLine(n), deadline]);
    }
    case 'gameFinished': {
      const place = placeOf(n);
      const standing = standings(n);
      return body([`${title} has ended.${place ? ` You ${place}.` : ''}`, standing.length ? 'Final standings:' : null], { standings: standing });
    }
    case 'chat':
      return body([`${n.chat?.from ?? 'Someone'} wrote in ${title}:`, `“${n.chat?.text ?? ''}”`], { changes: [] });
  }
}

function renderText(b: Body, n: Notification, unsubscribeUrl: string): string {
  const lines = [b.greeting, '', ...b.paragraphs.flatMap((p) => [p, ''])];
  if (b.standings.length) lines.push(...b.standings, '');
  if (b.changes.length) lines.push('Since you last acted:', ...b.changes.map((c) => `- ${c}`), '');
  // "-- " (with the space) is the signature separator mail clients recognise.
  if (n.boardLink) lines.push(`See the board: ${n.boardLink}`);
  lines.push(`Open the game and its board: ${n.link}`, '', '-- ', FOOTER, `Stop these emails: ${unsubscribeUrl}`, '');
  return lines.join('\n');
}

function renderHtml(subject: string, b: Body, n: Notification, unsubscribeUrl: string): string {
  const list = (tag: 'ol' | 'ul', items: string[]) => `<${tag}>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`;
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${esc(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.4">',
    `<p>${esc(b.greeting)}</p>`,
    ...b.paragraphs.map((p) => `<p>${esc(p)}</p>`),
    b.standings.length ? list('ol', b.standings) : null,
    b.changes.length ? `<p>Since you last acted:</p>${list('ul', b.changes)}` : null,
    n.boardLink ? `<p><a href="${esc(n.boardLink)}">See the board</a></p>` : null,
    `<p><a href="${esc(n.link)}">Open the game and its board</a></p>`,
    `<hr><p style="font-size: small; color: #666">${esc(FOOTER)} <a href="${esc(unsubscribeUrl)}">Stop these emails</a>.</p>`,
    '</body></html>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** The other seats due now; the recipient's own turn is said by the sentence before. */
function dueLine(n: Notification): string | null {
  const others = n.toAct.filter((s) => s !== n.seat).map((s) => seatName(n, s));
  if (!others.length) return null;
  return n.toAct.includes(n.seat) ? `Also due now: ${others.join(', ')}.` : `Waiting for: ${others.join(', ')}.`;
}

/** Best first, e.g. "1st: Alice, 120 points". */
function standings(n: Notification): string[] {
  if (!n.result) return [];
  const { places, scores } = n.result;
  return places
    .map((place, seat) => ({ place, seat }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map(({ place, seat }) => {
      const name = seat === n.seat ? `${n.playerName} (you)` : seatName(n, seat);
      return `${ordinal(place)}: ${name}, ${scores[seat] ?? 0} points`;
    });
}

/** "placed 2nd", or "tied for 1st" when another seat shares the place. */
function placeOf(n: Notification): string | null {
  const places = n.result?.places ?? [];
  const place = places[n.seat];
  if (place === undefined) return null;
  const tied = places.filter((p) => p === place).length > 1;
  return `${tied ? 'tied for' : 'placed'} ${ordinal(place)}`;
}

/** Seats without a name are bots or empty; people count seats from 1. */
function seatName(n: Notification, seat: number): string {
  return n.seatNames[seat] ?? `Seat ${seat + 1}`;
}

function ordinal(k: number): string {
  const teen = k % 100 >= 11 && k % 100 <= 13;
  return `${k}${teen ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th')}`;
}

/** Recipients live in many time zones and mail clients do not localise body text: UTC, said so. */
function formatTime(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? iso : `${t.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Change lines come without a full stop; a one-line summary strings several together. */
function sentence(s: string): string {
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function truncate(s: string, max: number): string {
  // By code point, so that an emoji is never cut in half.
  const chars = [...oneLine(s)];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
