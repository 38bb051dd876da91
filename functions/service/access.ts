/** Who is calling and with what (Players.access reads it from the bearer token). */
import type { PlayerRecord, Scope } from '../domain/player.js';

/** Who is calling and with what: the credential decides what the request may do. */
export interface Access {
  player: PlayerRecord;
  credential: {
    /** The token from POST /v1/players, a browser session, or a personal access token. */
    kind: 'registration' | 'session' | 'token';
    /** The session's or token's id; null for the registration token. */
    id: string | null;
    scopes: readonly Scope[];
    /** Set for an access token: the player's credential version it was exchanged at. */
    version?: number;
    /** When the bearer stops working (an access token's own expiry); null if it has none. */
    expiresAt: string | null;
    /** When the bearer was made; null where that is not known (an access token's claims do not carry it). */
    createdAt: string | null;
  };
}

/** What a verified access token says (api/access-token.ts checks its signature and expiry). */
export interface AccessTokenClaims {
  playerId: string;
  kind: Access['credential']['kind'];
  credentialId: string | null;
  scopes: readonly Scope[];
  credentialVersion: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}
