import type { AccountStore } from '../store/ports/accounts.js';
import type { PlayerStore } from '../store/ports/players.js';
import { type CredentialRecord, type PlayerRecord, type Scope, SCOPES } from '../domain/player.js';
import { SESSION_MS, type Access, type Players } from './players.js';
import { Refusal, ok, problems, refused, type Result } from './refusal.js';
import { newId, newSecret, sha256Hex } from './secrets.js';
import type { EndedCredentials } from './streams.js';
import type { GameLog } from './game-log.js';

/** Personal access tokens one player may hold. */
export const MAX_TOKENS = 20;
/** A session's label is the browser's user agent, cut to this. */
export const MAX_LABEL_CHARACTERS = 120;

/** A credential and its bearer token, which is shown this once. */
export interface Issued {
  credential: CredentialRecord;
  token: string;
}

/**
 * Browser sessions (made by signing in by email) and personal access tokens (made by a player
 * for other programs): items under the player, each with its hash, scopes and last use.
 */
export class Credentials {
  constructor(
    private readonly accounts: AccountStore,
    private readonly table: PlayerStore,
    private readonly players: Players,
    /** Where a player's credential version is copied onto their seats, for moves to check (seat-copies.ts). */
    private readonly seats: Pick<GameLog, 'refreshSeats'>,
    private readonly now: () => Date,
    /** Told of every credential that stops working, so that the sockets opened with it close. */
    private readonly onEnded: (playerId: string, ended: EndedCredentials) => Promise<void> | void = () => undefined,
  ) {}

  async startSession(playerId: string, label: string): Promise<Issued> {
    const now = this.now();
    return this.issue({
      playerId,
      kind: 'session',
      name: label.slice(0, MAX_LABEL_CHARACTERS) || 'browser',
      scopes: [...SCOPES],
      expiresAt: new Date(now.getTime() + SESSION_MS).toISOString(),
    });
  }

  /** A token may carry only scopes its creator's credential has: no credential can mint a stronger one. */
  async createToken(access: Access, name: string, scopes: readonly Scope[]): Promise<Result<Issued>> {
    const beyond = scopes.filter((scope) => !access.credential.scopes.includes(scope));
    if (beyond.length > 0)
      return refused(
        problems.forbidden('insufficient_scope', `This token lacks the scope ${beyond.join(', ')} it would hand on`),
      );
    const playerId = access.player.id;
    // Stored before it is counted, so a counted id without a credential is one revoked (see count);
    // its secret is not out yet, so a token the cap refuses was never usable.
    const issued = await this.issue({
      playerId,
      kind: 'token',
      name,
      scopes: SCOPES.filter((s) => scopes.includes(s)),
      expiresAt: null,
    });
    if (await this.count(playerId, issued.credential.id)) return ok(issued);
    await this.accounts.deleteCredential(playerId, issued.credential.id);
    return refused(
      new Refusal('too_many_tokens', 'Conflict', `At most ${MAX_TOKENS} tokens per player; revoke one first`, {
        limit: MAX_TOKENS,
      }),
    );
  }

  /**
   * Counts a token against the cap: one conditional update, so racing creates cannot pass it
   * together. When the cap is reached, ids whose credential is gone (a revocation cut short
   * before it uncounted) are dropped and the count tried once more.
   */
  private async count(playerId: string, id: string): Promise<boolean> {
    if (await this.accounts.countToken(playerId, id, MAX_TOKENS)) return true;
    const live = new Set((await this.accounts.listCredentials(playerId)).map((c) => c.id));
    const gone = (await this.accounts.countedTokens(playerId)).filter((counted) => !live.has(counted));
    if (gone.length === 0) return false;
    await this.accounts.uncountTokens(playerId, gone);
    return this.accounts.countToken(playerId, id, MAX_TOKENS);
  }

  private async issue(c: Omit<CredentialRecord, 'id' | 'hash' | 'createdAt' | 'lastUsedAt'>): Promise<Issued> {
    const id = newId();
    const secret = newSecret();
    const at = this.now().toISOString();
    const credential: CredentialRecord = { ...c, id, hash: sha256Hex(secret), createdAt: at, lastUsedAt: at };
    await this.accounts.putCredential(credential);
    return { credential, token: `${c.playerId}.${id}.${secret}` };
  }

  /** The player's sessions or tokens, newest first; expired sessions are not listed. */
  async list(player: PlayerRecord, kind: CredentialRecord['kind']): Promise<CredentialRecord[]> {
    const now = this.now().getTime();
    return (await this.accounts.listCredentials(player.id))
      .filter((c) => c.kind === kind && (c.expiresAt === null || Date.parse(c.expiresAt) > now))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  /** Access tokens exchanged before it carry an older credential version, and are refused from now on. */
  async revoke(player: PlayerRecord, kind: CredentialRecord['kind'], id: string): Promise<Result<void>> {
    const found = await this.accounts.getCredential(player.id, id);
    if (!found || found.kind !== kind || !(await this.accounts.deleteCredential(player.id, id)))
      return refused(problems.notFound(kind === 'session' ? 'Session' : 'Token'));
    if (kind === 'token') await this.accounts.uncountTokens(player.id, [id]);
    await this.endAccessTokens(player.id);
    this.players.forget(player.id, id);
    await this.onEnded(player.id, { ids: [id], registration: false });
    return ok(undefined);
  }

  /**
   * Ends every session (the caller's too); with `tokens`, also revokes every personal access
   * token and the registration token, which only an account with a confirmed address may do:
   * signing in by email is then the only way back.
   */
  async signOutEverywhere(player: PlayerRecord, tokens: boolean): Promise<Result<void>> {
    if (tokens && !player.email) {
      return refused(
        problems.badRequest(
          'email_address_required',
          'Confirm an email address first: without one, revoking every token would lock you out for good',
        ),
      );
    }
    const ending = (await this.accounts.listCredentials(player.id)).filter((c) => c.kind === 'session' || tokens);
    for (const c of ending) await this.accounts.deleteCredential(player.id, c.id);
    await this.accounts.uncountTokens(
      player.id,
      ending.filter((c) => c.kind === 'token').map((c) => c.id),
    );
    // A hash no secret has: the registration token stops working.
    if (tokens) await this.table.updatePlayer(player.id, { tokenHash: '0'.repeat(64) });
    await this.endAccessTokens(player.id);
    this.players.forget(player.id);
    await this.onEnded(player.id, { ids: ending.map((c) => c.id), registration: tokens });
    return ok(undefined);
  }

  /**
   * Access tokens exchanged before are refused from now on: on the profile at once, on moves once
   * the new version is on the player's seats (their running games, one by one).
   */
  private async endAccessTokens(playerId: string): Promise<void> {
    await this.table.bumpCredentialVersion(playerId);
    await this.seats.refreshSeats(playerId);
  }
}
