import type { Language } from '../../engine/core/languages.js';
import { LimitReached, WriteConflict } from '../store/ports/errors.js';
import { type GameTable } from '../store/ports/stores.js';
import type { TimeStore, VacationChange } from '../store/ports/times.js';
import { pushSubscriptionId } from '../domain/player.js';
import type { AccountStore } from '../store/ports/accounts.js';
import {
  notificationKinds,
  resolveNotifications,
  type NotificationChoices,
  type NotificationKind,
} from '../domain/notifications.js';
import {
  SCOPES,
  type PlayerRecord,
  type PushRecord,
  type PushSubscription,
  type Scope,
  type Vacation,
  type WebhookRecord,
} from '../domain/player.js';
import { Refusal, ok, problems, refused, type Result } from './refusal.js';
import { equalHashes, newId, newSecret, newWebhookSecret, sha256Hex } from './secrets.js';
import { cleanText, characterCount } from './text.js';
import { addVacation, endVacation } from './vacations.js';
import { isTimeZone } from './digest-time.js';
import type { Digests } from './digests.js';
import type { Access, AccessTokenClaims } from './access.js';

export type { Access, AccessTokenClaims } from './access.js';

export const MAX_NAME_CHARACTERS = 64;
/** Other players' emails, push titles and chat headers carry names: bytes bound them whatever the script. */
export const MAX_NAME_BYTES = 128;

/**
 * A name as others will read it: one line, nothing invisible (see cleanText). A name that is
 * empty or too long once cleaned is refused, never cut, so nobody is renamed by surprise.
 */
export function playerName(raw: string): Result<string> {
  const name = cleanText(raw, 'join');
  if (name.length === 0)
    return refused(
      problems.badRequest('invalid_name', 'The name is empty once control and invisible characters are dropped'),
    );
  if (characterCount(name) > MAX_NAME_CHARACTERS || Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
    return refused(
      problems.badRequest(
        'invalid_name',
        `A name has at most ${MAX_NAME_CHARACTERS} characters and ${MAX_NAME_BYTES} bytes (UTF-8)`,
      ),
    );
  }
  return ok(name);
}

/**
 * How long a verified token is trusted without reading the profile again. It bounds how late a
 * change to the stored token hash (revoking a token) takes effect on the other instances that
 * served the token lately, and how stale the name and settings the routes outside
 * `/v1/players/me` see may be there. The instance that made a change sees it at once.
 */
export const TOKEN_TRUST_MS = 60_000;
/** Tokens trusted at once per instance; the oldest is dropped first. */
const TRUSTED_TOKENS = 10_000;
/** A session unused this long expires; every use (seen at most once an hour) moves it on. */
export const SESSION_MS = 30 * 86_400_000;
/** How often a credential's `lastUsedAt` (and a session's expiry) is written: a write per hour at most, not per request. */
const TOUCH_MS = 3_600_000;

/** An access token exchanged before its player's credential version moved on (a credential ended since). */
export const accessTokenRevoked = () =>
  new Refusal('access_token_revoked', 'Missing or invalid token', 'A credential ended since: exchange one again');

/**
 * `<playerId>.<secret>` (the registration token) or `<playerId>.<credentialId>.<secret>` (a
 * session or a personal access token). The auth scheme name is case-insensitive (RFC 9110 section 11.1).
 */
const BEARER = /^Bearer +([A-Za-z0-9_-]{1,64})\.(?:([A-Za-z0-9_-]{16})\.)?([A-Za-z0-9_-]{43})$/i;

/**
 * Tokens name their player (and credential), so one read finds them; only the SHA-256 of each
 * 256-bit secret is stored, compared in constant time. A verified token is then trusted for
 * TOKEN_TRUST_MS in memory, so moves and polls cost no read for it.
 */
export class Players {
  private readonly trusted = new Map<string, { tokenHash: string; access: Access; until: number }>();

  constructor(
    private readonly table: GameTable,
    private readonly times: TimeStore,
    private readonly now: () => Date,
    private readonly accounts: AccountStore,
    private readonly digests: Digests,
  ) {}

  async create(input: {
    name: string;
    language?: Language | undefined;
  }): Promise<Result<{ player: PlayerRecord; token: string }>> {
    const name = playerName(input.name);
    if (!name.ok) return name;
    const id = newId();
    const secret = newSecret();
    const stored = {
      id,
      name: name.value,
      tokenHash: sha256Hex(secret),
      createdAt: this.now().toISOString(),
      ...defined({ language: input.language }),
    };
    await this.table.putPlayer(stored);
    return ok({
      player: { ...stored, notifications: resolveNotifications(undefined, false), vacations: [] },
      token: `${id}.${secret}`,
    });
  }

  /**
   * The player a bearer token belongs to; refused as unauthorized for anything else. `fresh` reads the profile
   * (and the credential) even if the token is trusted (the routes that show or change the profile).
   */
  async authenticate(authorization: string | undefined, fresh = false): Promise<Result<PlayerRecord>> {
    const access = await this.access(authorization, fresh);
    return access.ok ? ok(access.value.player) : access;
  }

  /** The caller and its credential (see `authenticate`). */
  async access(authorization: string | undefined, fresh = false): Promise<Result<Access>> {
    const match = BEARER.exec(authorization ?? '');
    if (!match) return refused(problems.unauthorized());
    const [, id, credentialId, secret] = match as unknown as [string, string, string | undefined, string];
    const key = credentialId ? `${id}.${credentialId}` : id;
    const tokenHash = sha256Hex(secret);
    const trusted = this.trusted.get(key);
    if (!fresh && trusted && trusted.until > this.now().getTime() && equalHashes(tokenHash, trusted.tokenHash))
      return ok(trusted.access);
    const access = credentialId
      ? await this.verifyCredential(id, credentialId, tokenHash)
      : await this.verifyRegistration(id, tokenHash);
    this.trusted.delete(key);
    if (!access) return refused(problems.unauthorized('The token is not valid'));
    this.trusted.set(key, { tokenHash, access, until: this.now().getTime() + TOKEN_TRUST_MS });
    if (this.trusted.size > TRUSTED_TOKENS) this.trusted.delete(this.trusted.keys().next().value!);
    return ok(access);
  }

  /**
   * The caller of an access token whose signature and expiry were checked: its profile read (or
   * trusted, as a credential's is) to compare the credential version, so a revocation refuses it
   * as it refuses the credential. A deleted player is unauthorized.
   */
  async accessByToken(claims: AccessTokenClaims, fresh = false): Promise<Result<Access>> {
    const key = `${claims.playerId}.${claims.credentialId ?? ''}#access`;
    const trusted = this.trusted.get(key);
    const player =
      !fresh && trusted && trusted.until > this.now().getTime()
        ? trusted.access.player
        : await this.table.getPlayer(claims.playerId);
    if (!player) return refused(problems.unauthorized('The token is not valid'));
    // Older only: a profile trusted here from before the bump may be older than a token exchanged since.
    if (claims.credentialVersion < (player.credentialVersion ?? 0)) return refused(accessTokenRevoked());
    const { kind, credentialId: id, scopes, credentialVersion: version } = claims;
    const expiresAt = new Date(claims.expiresAt).toISOString();
    const access: Access = { player, credential: { kind, id, scopes, version, expiresAt, createdAt: null } };
    this.trusted.set(key, { tokenHash: '', access, until: this.now().getTime() + TOKEN_TRUST_MS });
    if (this.trusted.size > TRUSTED_TOKENS) this.trusted.delete(this.trusted.keys().next().value!);
    return ok(access);
  }

  private async verifyRegistration(id: string, tokenHash: string): Promise<Access | null> {
    const player = await this.table.getPlayer(id);
    if (!player || !equalHashes(tokenHash, player.tokenHash)) return null;
    // Made with the player and never replaced (signing out everywhere ends it for good).
    const credential = { kind: 'registration' as const, id: null, scopes: SCOPES, expiresAt: null };
    return { player, credential: { ...credential, createdAt: player.createdAt } };
  }

  private async verifyCredential(id: string, credentialId: string, tokenHash: string): Promise<Access | null> {
    const [player, credential] = await Promise.all([
      this.table.getPlayer(id),
      this.accounts.getCredential(id, credentialId),
    ]);
    if (!player || !credential || !equalHashes(tokenHash, credential.hash)) return null;
    const now = this.now();
    if (credential.expiresAt !== null && Date.parse(credential.expiresAt) <= now.getTime()) return null;
    let { expiresAt } = credential;
    if (now.getTime() - Date.parse(credential.lastUsedAt) >= TOUCH_MS) {
      expiresAt = credential.kind === 'session' ? new Date(now.getTime() + SESSION_MS).toISOString() : null;
      await this.accounts.touchCredential(id, credentialId, now.toISOString(), expiresAt);
    }
    return {
      player,
      credential: {
        kind: credential.kind,
        id: credentialId,
        scopes: credential.kind === 'session' ? SCOPES : credential.scopes,
        expiresAt,
        createdAt: credential.createdAt,
      },
    };
  }

  /** The changed profile, for every credential of the player this instance trusts. */
  private trust(player: PlayerRecord): PlayerRecord {
    for (const entry of this.trusted.values())
      if (entry.access.player.id === player.id) entry.access = { ...entry.access, player };
    return player;
  }

  /**
   * Stops trusting the player's credentials on this instance (one, or all of them): a revoked
   * credential is refused here at once, elsewhere within TOKEN_TRUST_MS.
   */
  forget(playerId: string, credentialId?: string): void {
    if (credentialId) this.trusted.delete(`${playerId}.${credentialId}`);
    // Ending any credential moves the credential version on: every access token of the player is checked again.
    for (const [key, entry] of this.trusted)
      if (entry.access.player.id === playerId && (!credentialId || entry.access.credential.version !== undefined))
        this.trusted.delete(key);
  }

  /** Reads the profile again (after a change made elsewhere in the service) and trusts it. */
  async reload(playerId: string): Promise<Result<PlayerRecord>> {
    const updated = await this.table.getPlayer(playerId);
    return updated ? ok(this.trust(updated)) : refused(problems.notFound('Player'));
  }

  /**
   * `notifications` changes only what it names. Turning email on needs an address (after this
   * change); without one, `notifications.email` always reads false.
   */
  async update(
    player: PlayerRecord,
    changes: {
      name?: string | undefined;
      language?: Language | undefined;
      notifications?: NotificationChoices | undefined;
    },
    /** The address the player will have after this request (a new one counts while it waits for its confirmation). */
    address: string | undefined,
  ): Promise<Result<PlayerRecord>> {
    const name = changes.name === undefined ? undefined : playerName(changes.name);
    if (name && !name.ok) return name;
    if (changes.notifications?.email === true && !address) {
      return refused(
        problems.badRequest('email_address_required', 'Set an email address to turn email notifications on'),
      );
    }
    const digest = changes.notifications?.digest;
    if (digest && !isTimeZone(digest.timeZone)) {
      return refused(
        problems.badRequest('unknown_time_zone', `"${digest.timeZone}" is not an IANA time zone, e.g. "Europe/Prague"`),
      );
    }
    const { notifications } = changes;
    const written = await settled(
      this.table.updatePlayer(player.id, {
        ...defined({ name: name?.value, language: changes.language }),
        ...(notifications ? { notifications } : {}),
      }),
    );
    if (!written.ok) return written;
    const updated = await this.reload(player.id);
    if (updated.ok && digest !== undefined) await this.digests.schedule(player.id, updated.value.notifications.digest);
    return updated;
  }

  /** One-click unsubscribe: every email, or one kind of notification (on every channel). */
  async unsubscribe(playerId: string, kind: NotificationKind | 'all' | undefined): Promise<Result<PlayerRecord>> {
    const notifications: NotificationChoices =
      kind && kind !== 'all' ? { events: { [kind]: false } } : { email: false };
    try {
      await this.table.updatePlayer(playerId, { notifications });
    } catch (err) {
      if (err instanceof WriteConflict) return refused(problems.notFound('Player'));
      throw err;
    }
    return this.reload(playerId);
  }

  // ---- vacations (the caller then moves the deadlines: Timing.refreshDeadlines)

  async addVacation(player: PlayerRecord, wanted: { from: string; until: string }): Promise<Result<Vacation>> {
    const id = newId();
    const next = await this.changeVacations(player, (current) => addVacation(current, wanted, this.now(), id));
    return next.ok ? ok(next.value.find((v) => v.id === id)!) : next;
  }

  async endVacation(player: PlayerRecord, id: string): Promise<Result<void>> {
    const next = await this.changeVacations(player, (current) => endVacation(current, id, this.now()));
    return next.ok ? ok(undefined) : next;
  }

  private async changeVacations(player: PlayerRecord, change: VacationChange<Refusal>): Promise<Result<Vacation[]>> {
    const changed = await settled(this.times.changeVacations(player.id, change));
    // The change's own outcome, or why the write failed.
    const next = changed.ok ? changed.value : changed;
    if (next.ok) this.trust({ ...player, vacations: next.value });
    return next;
  }

  // ---- webhooks

  async listWebhooks(player: PlayerRecord): Promise<WebhookRecord[]> {
    return byCreation(await this.table.webhooks.list(player.id));
  }

  /** The URL must already be checked (see api/webhook-url.ts). The answer holds the secret: show it once. */
  async addWebhook(
    player: PlayerRecord,
    input: { url: string; events?: NotificationKind[] | undefined },
  ): Promise<Result<WebhookRecord>> {
    const events = input.events ? notificationKinds.filter((k) => input.events!.includes(k)) : [...notificationKinds];
    const record: WebhookRecord = {
      playerId: player.id,
      id: newId(),
      url: input.url,
      secret: newWebhookSecret(),
      events,
      createdAt: this.now().toISOString(),
    };
    const written = await settled(this.table.webhooks.put(record));
    return written.ok ? ok(record) : written;
  }

  /** The endpoint's delivery log goes with it (the bodies it keeps are the player's data). */
  async deleteWebhook(player: PlayerRecord, id: string): Promise<Result<void>> {
    if (!(await this.table.webhooks.delete(player.id, id))) return refused(problems.notFound('Webhook'));
    await this.table.webhookAttempts.forget(player.id, id);
    return ok(undefined);
  }

  // ---- Web Push

  async listPushSubscriptions(player: PlayerRecord): Promise<PushRecord[]> {
    return byCreation(await this.table.pushSubscriptions.list(player.id));
  }

  /** The same endpoint again replaces the earlier subscription (same id). */
  async addPushSubscription(player: PlayerRecord, subscription: PushSubscription): Promise<Result<PushRecord>> {
    const record: PushRecord = {
      playerId: player.id,
      id: pushSubscriptionId(subscription.endpoint),
      subscription,
      createdAt: this.now().toISOString(),
    };
    const written = await settled(this.table.pushSubscriptions.put(record));
    return written.ok ? ok(record) : written;
  }

  async deletePushSubscription(player: PlayerRecord, id: string): Promise<Result<void>> {
    const deleted = await this.table.pushSubscriptions.delete(player.id, id);
    return deleted ? ok(undefined) : refused(problems.notFound('Push subscription'));
  }
}

function defined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

function byCreation<T extends { createdAt: string; id: string }>(items: T[]): T[] {
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** A write whose expected failures (a cap reached, a change that lost its race) are refusals; anything else is thrown on. */
async function settled<T>(write: Promise<T>): Promise<Result<T>> {
  try {
    return ok(await write);
  } catch (err) {
    if (err instanceof LimitReached) {
      const code = err.what === 'webhooks' ? 'too_many_webhooks' : 'too_many_push_subscriptions';
      return refused(
        new Refusal(code, 'Conflict', `At most ${err.limit} per player; delete one first`, { limit: err.limit }),
      );
    }
    if (err instanceof WriteConflict)
      return refused(problems.conflict('concurrent_update', 'Another change got in the way; retry'));
    throw err;
  }
}
