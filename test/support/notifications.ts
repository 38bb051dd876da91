/** Fixtures for the notification settings endpoints. */
import { randomBytes } from 'node:crypto';
import type { LocalServer } from '../../functions/local/server.js';
import type { NotificationKind } from '../../functions/notify/message.js';
import { signBoardLink } from '../../functions/notify/board-link.js';
import { signUnsubscribe } from '../../functions/notify/unsubscribe.js';

/**
 * The notice kinds a player hears of before choosing (docs/notifications.md), written out here
 * rather than read from the domain, so that a changed default fails the suites that use it.
 */
export const DEFAULT_EVENTS = {
  yourTurn: true,
  reminder: true,
  gameStarted: true,
  gameFinished: true,
  chat: false,
  challenge: true,
};

/** What PushSubscription.toJSON() gives in a browser: an https endpoint, a P-256 point (0x04 || X || Y) and a 16-byte secret. */
export function pushSubscription(
  endpoint = `https://push.example.net/wpush/v2/${randomBytes(12).toString('base64url')}`,
) {
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** The token of an unsubscribe link, as the notifier signs it with the server's secret. */
export function unsubscribeToken(server: LocalServer, playerId: string, kind?: NotificationKind | 'all'): string {
  return signUnsubscribe(server.notifySecrets.unsubscribeSecret, {
    playerId,
    channel: 'email',
    ...(kind ? { kind } : {}),
  });
}

/** The token of an email's board picture link, as the notifier signs it. */
export function boardPictureToken(server: LocalServer, gameId: string, version: number): string {
  return signBoardLink(server.notifySecrets.unsubscribeSecret, { gameId, version });
}

/** The RFC 8058 one-click unsubscribe request's body, as mail clients post it to an unsubscribe link. */
export const oneClick = {
  body: { 'List-Unsubscribe': 'One-Click' as const },
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
};
