import type { NotificationKind } from '../../notify/message.js';

/** The small pages behind the "stop these emails" link; no script, no external assets. */

const KIND_NAMES: Record<NotificationKind, string> = {
  yourTurn: '“your turn”',
  reminder: 'reminder',
  gameStarted: '“game started”',
  gameFinished: '“game finished”',
  chat: 'chat',
  challenge: 'challenge',
};

function what(kind: NotificationKind | 'all'): string {
  return kind === 'all' ? 'all railpost emails' : `${KIND_NAMES[kind]} notifications from railpost (on every channel)`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${esc(title)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.4; max-width: 36em; margin: 2em auto; padding: 0 1em">',
    `<h1 style="font-size: 1.4em">${esc(title)}</h1>`,
    body,
    '</body></html>',
    '',
  ].join('\n');
}

/**
 * The confirmation page a GET shows. It changes nothing: mail scanners and link previews fetch
 * links in emails, so only the POST of this form (or a mail client's RFC 8058 one-click POST)
 * unsubscribes. The form posts the same body a one-click client sends, to the same URL: an
 * action of just "?token=…" keeps whatever path prefix the page was served under.
 */
export function confirmPage(token: string, kind: NotificationKind | 'all'): string {
  return page(
    'Stop these emails?',
    [
      `<p>Press the button to stop ${esc(what(kind))}.</p>`,
      `<form method="post" action="?token=${esc(encodeURIComponent(token))}">`,
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
      '<button type="submit">Unsubscribe</button>',
      '</form>',
      '<p style="font-size: small; color: #666">You can turn notifications back on in your player settings at any time.</p>',
    ].join('\n'),
  );
}

export function donePage(kind: NotificationKind | 'all'): string {
  return page(
    'Unsubscribed',
    `<p>Done: you will get no more ${esc(what(kind))}.</p>\n<p style="font-size: small; color: #666">You can turn them back on in your player settings.</p>`,
  );
}
