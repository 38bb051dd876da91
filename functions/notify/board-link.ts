import * as z from 'zod';
import { signToken, verifyToken } from './signed-token.js';

/**
 * A board picture link for emails: the game's board as a spectator sees it at one version (the
 * version the email is about). It shows only what any signed-in player may already see of the game,
 * so the link (forwarded, or fetched by a mail scanner) reveals no one's hand; fixed to a version,
 * the picture never changes, so it can be cached. Format `b1` (signed-token.ts, purpose "board").
 */
const VERSION = 'b1';
const PURPOSE = 'board';

const WirePayload = z.object({ g: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), v: z.number().int().min(0) });

export interface BoardLink {
  gameId: string;
  version: number;
}

export function signBoardLink(secret: string, link: BoardLink): string {
  return signToken(secret, PURPOSE, VERSION, { g: link.gameId, v: link.version } satisfies z.infer<typeof WirePayload>);
}

export function verifyBoardLink(secret: string | readonly string[], token: string): BoardLink | null {
  const parsed = WirePayload.safeParse(verifyToken(secret, PURPOSE, VERSION, token));
  return parsed.success ? { gameId: parsed.data.g, version: parsed.data.v } : null;
}
