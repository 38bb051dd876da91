import * as z from 'zod';
import { shortMac, verifyShortMac } from './signed-token.js';

/**
 * The Reply-To of a turn email: a per-player, per-game address whose local part is a
 * signed token, `m.<game>.<seat>.<version>.<expiry>.<mac>@<reply domain>`. The MAC (signed-token.ts,
 * purpose "reply", format "m") also covers the seat holder's player id, which the address leaves
 * out to stay within the 64 characters a local part may have: a seat that changed hands, another
 * game, version or seat, or a changed expiry, all fail it. The token lives as long as the turn: the
 * version pins it to one position, the expiry to the turn's deadline.
 */
const FORMAT = 'm';
const PURPOSE = 'reply';

export interface ReplyToken {
  gameId: string;
  seat: number;
  version: number;
  /** When the token stops playing (the turn's deadline, or a bound for untimed games). */
  expires: Date;
}

/** Untimed games: a reply is still taken this long after the turn email. */
export const UNTIMED_REPLY_DAYS = 60;

const LocalPart = z.object({
  format: z.literal(FORMAT),
  gameId: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
  seat: z.coerce.number().int().min(0).max(9),
  version: z.coerce.number().int().min(0),
  expiry: z.string().regex(/^[0-9a-z]{1,9}$/),
  tag: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

/** What an address claims, before anything is checked against the game and a key. */
export interface ClaimedReply extends ReplyToken {
  tag: string;
}

const signedText = (t: ReplyToken, playerId: string, expiry: string) =>
  `${t.gameId}.${t.seat}.${t.version}.${expiry}.${playerId}`;
const expiryText = (expires: Date) => Math.floor(expires.getTime() / 1000).toString(36);

export function replyAddress(secret: string, domain: string, token: ReplyToken, playerId: string): string {
  const expiry = expiryText(token.expires);
  const tag = shortMac(secret, PURPOSE, FORMAT, signedText(token, playerId, expiry));
  return `${FORMAT}.${token.gameId}.${token.seat}.${token.version}.${expiry}.${tag}@${domain}`;
}

/** The token an address of the reply domain carries (unverified); null for any other address. */
export function claimedReply(address: string, domain: string): ClaimedReply | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const [format, gameId, seat, version, expiry, tag, ...rest] = address.slice(0, at).split('.');
  if (rest.length) return null;
  const parsed = LocalPart.safeParse({ format, gameId, seat, version, expiry, tag });
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    gameId: d.gameId,
    seat: d.seat,
    version: d.version,
    tag: d.tag,
    expires: new Date(parseInt(d.expiry, 36) * 1000),
  };
}

/**
 * `forged` unless the claim was signed for this seat holder (under any of the keys); a genuine one
 * past its expiry is `expired` (its sender is told, a forger is not).
 */
export function checkReply(
  secret: string | readonly string[],
  claim: ClaimedReply,
  playerId: string,
  now: Date,
): 'valid' | 'expired' | 'forged' {
  if (!verifyShortMac(secret, PURPOSE, FORMAT, signedText(claim, playerId, expiryText(claim.expires)), claim.tag))
    return 'forged';
  return now.getTime() < claim.expires.getTime() ? 'valid' : 'expired';
}

/**
 * The Reply-To of a digest email: per player, `d.<player>.<sheet>.<expiry>.<mac>@<reply
 * domain>`. The sheet (a stored, expiring record) maps the digest's labels to the game, seat and
 * version each one's codes play at; the MAC (purpose "reply", format "d") covers the player, the
 * sheet and the expiry, so that no other player's sheet can be named.
 */
const DIGEST_FORMAT = 'd';

export interface DigestReplyToken {
  playerId: string;
  sheet: string;
  expires: Date;
}

export interface ClaimedDigestReply extends DigestReplyToken {
  tag: string;
}

const DigestLocalPart = z.object({
  format: z.literal(DIGEST_FORMAT),
  playerId: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
  sheet: z.string().regex(/^[0-9a-z]{1,10}$/),
  expiry: z.string().regex(/^[0-9a-z]{1,9}$/),
  tag: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
});

const digestSignedText = (t: DigestReplyToken, expiry: string) => `${t.playerId}.${t.sheet}.${expiry}`;

export function digestReplyAddress(secret: string, domain: string, token: DigestReplyToken): string {
  const expiry = expiryText(token.expires);
  const tag = shortMac(secret, PURPOSE, DIGEST_FORMAT, digestSignedText(token, expiry));
  return `${DIGEST_FORMAT}.${token.playerId}.${token.sheet}.${expiry}.${tag}@${domain}`;
}

/** The digest token an address of the reply domain carries (unverified); null for any other address. */
export function claimedDigestReply(address: string, domain: string): ClaimedDigestReply | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const [format, playerId, sheet, expiry, tag, ...rest] = address.slice(0, at).split('.');
  if (rest.length) return null;
  const parsed = DigestLocalPart.safeParse({ format, playerId, sheet, expiry, tag });
  if (!parsed.success) return null;
  const d = parsed.data;
  return { playerId: d.playerId, sheet: d.sheet, tag: d.tag, expires: new Date(parseInt(d.expiry, 36) * 1000) };
}

/** As `checkReply`, for a digest's address. */
export function checkDigestReply(
  secret: string | readonly string[],
  claim: ClaimedDigestReply,
  now: Date,
): 'valid' | 'expired' | 'forged' {
  if (!verifyShortMac(secret, PURPOSE, DIGEST_FORMAT, digestSignedText(claim, expiryText(claim.expires)), claim.tag))
    return 'forged';
  return now.getTime() < claim.expires.getTime() ? 'valid' : 'expired';
}
