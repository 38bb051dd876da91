import { newWebhookSecret } from '../notify/webhook.js';
import { LimitReached, WriteConflict, type GameTable } from '../store/game-table.js';
import type { TimeTable } from '../store/time-table.js';
import { pushSubscriptionId } from '../store/keys.js';
import { notificationKinds, resolveNotifications, type NotificationChoices, type NotificationKind, type PlayerRecord, type PushRecord, type PushSubscription, type Vacation, type WebhookRecord } from '../store/records.js';
import { Problem, problems } from './problem.js';
import { equalHashes, newId, newSecret, sha256Hex } from './secrets.js';
import { cleanText, characterCount } from './text.js';
import { addVacation, endVacation } from './vacations.js';

export const MAX_NAME_CHARACTERS = 64;
/** Other players' emails, push titles and chat headers carry names: bytes bound them whatever the script. */
export const MAX_NAME_BYTES = 128;

/**
 * A name as others will read it: one line, nothing invisible (see cleanText). A name that is
 * empty or too long once cleaned is refused, never cut, so nobody is renamed by surprise.
 */
export function playerName(raw: string): string {
  const name = cleanText(raw, 'join');
  if (name.length === 0) throw problems.badRequest('invalid_name', 'The name is empty once control and invisible characters are dropped');
  if (characterCount(name) > MAX_NAME_CHARACTERS || Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) {
    throw problems.badRequest('invalid_name', `A name has at most ${MAX_NAME_CHARACTERS} characters and ${MAX_NAME_BYTES} bytes (UTF-8)`);
  }
  return name;
}

/**
 * Tokens are `<playerId>.<secret>`: the id finds the profile in one read, and only the
 * SHA-256 of the 256-bit secret is stored, compared in constant time.
 */
export class Players {
  constructor(
    private readonly table: GameTable,
    private readonly times: TimeTable,
    private readonly now: () => Date,
  ) {}

  async create(input: { name: string; email?: string | undefined }): Promise<{ player: PlayerRecord; token: string }> {
    const id = newId();
    const secret = newSecret();
    const stored = {
      id,
      name: playerName(input.name),
      tokenHash: sha256Hex(secret),
      createdAt: this.now().toISOString(),
      ...(input.email ? { email: input.email } : {}),
    };
    await this.table.putPlayer(stored);
    return { player: { ...stored, notifications: resolveNotifications(undefined, Boolean(input.email)), vacations: [] }, token: `${id}.${secret}` };
  }

  /** The player a bearer token belongs to; 401 for anything else. */
  async authenticate(authorization: string | undefined): Promise<PlayerRecord> {
    // The auth scheme name is case-insensitive (RFC 9110 section 11.1).
    const match = /^Bearer +([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/i.exec(authorization ?? '');
    if (!match) throw problems.unauthorized();
    const [, id, secret] = match as unknown as [string, string, string];
    const player = await this.table.getPlayer(id);
    if (!player || !equalHashes(sha256Hex(secret), player.tokenHash)) throw problems.unauthorized('The token is not valid');
    return player;
  }

  /**
   * `notifications` changes only what it names. Turning email on needs an address (after this
   * change); without one, `notifications.email` always reads false.
   */
  async update(
    player: PlayerRecord,
    changes: { name?: string | undefined; email?: string | null | undefined; notifications?: NotificationChoices | undefined },
  ): Promise<PlayerRecord> {
    const address = changes.email === undefined ? player.email : changes.email;
    const name = changes.name === undefined ? undefined : playerName(changes.name);
    if (changes.notifications?.email === true && !address) {
      throw problems.badRequest('email_address_required', 'Set an email address to turn email notifications on');
    }
    const { notifications, ...rest } = changes;
    await this.table.updatePlayer(player.id, { ...defined({ ...rest, name }), ...(notifications ? { notifications } : {}) }).catch(mapConflict);
    const updated = await this.table.getPlayer(player.id);
    if (!updated) throw problems.notFound('Player');
    return updated;
  }

  /** One-click unsubscribe: every email, or one kind of notification (on every channel). */
  async unsubscribe(playerId: string, kind: NotificationKind | 'all' | undefined): Promise<PlayerRecord> {
    const notifications: NotificationChoices = kind && kind !== 'all' ? { events: { [kind]: false } } : { email: false };
    try {
      await this.table.updatePlayer(playerId, { notifications });
    } catch (err) {
      if (err instanceof WriteConflict) throw problems.notFound('Player');
      throw err;
    }
    const updated = await this.table.getPlayer(playerId);
    if (!updated) throw problems.notFound('Player');
    return updated;
  }

  // ---- vacations (the caller then moves the deadlines: Games.refreshDeadlines)

  async addVacation(player: PlayerRecord, wanted: { from: string; until: string }): Promise<Vacation> {
    const id = newId();
    const next = await this.times.changeVacations(player.id, (current) => addVacation(current, wanted, this.now(), id)).catch(mapConflict);
    return next.find((v) => v.id === id)!;
  }

  async endVacation(player: PlayerRecord, id: string): Promise<void> {
    await this.times.changeVacations(player.id, (current) => endVacation(current, id, this.now())).catch(mapConflict);
  }

  // ---- webhooks

  async listWebhooks(player: PlayerRecord): Promise<WebhookRecord[]> {
    return byCreation(await this.table.listWebhooks(player.id));
  }

  /** The URL must already be checked (see api/webhook-url.ts). The answer holds the secret: show it once. */
  async addWebhook(player: PlayerRecord, input: { url: string; events?: NotificationKind[] | undefined }): Promise<WebhookRecord> {
    const events = input.events ? notificationKinds.filter((k) => input.events!.includes(k)) : [...notificationKinds];
    const record: WebhookRecord = { playerId: player.id, id: newId(), url: input.url, secret: newWebhookSecret(), events, createdAt: this.now().toISOString() };
    await this.table.putWebhook(record).catch(mapConflict);
    return record;
  }

  async deleteWebhook(player: PlayerRecord, id: string): Promise<void> {
    if (!(await this.table.deleteWebhook(player.id, id))) throw problems.notFound('Webhook');
  }

  // ---- Web Push

  async listPushSubscriptions(player: PlayerRecord): Promise<PushRecord[]> {
    return byCreation(await this.table.listPushSubscriptions(player.id));
  }

  /** The same endpoint again replaces the earlier subscription (same id). */
  async addPushSubscription(player: PlayerRecord, subscription: PushSubscription): Promise<PushRecord> {
    const record: PushRecord = { playerId: player.id, id: pushSubscriptionId(subscription.endpoint), subscription, createdAt: this.now().toISOString() };
    await this.table.putPushSubscription(record).catch(mapConflict);
    return record;
  }

  async deletePushSubscription(player: PlayerRecord, id: string): Promise<void> {
    if (!(await this.table.deletePushSubscription(player.id, id))) throw problems.notFound('Push subscription');
  }
}

function defined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}

function byCreation<T extends { createdAt: string; id: string }>(items: T[]): T[] {
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

function mapConflict(err: unknown): never {
  if (err instanceof LimitReached) {
    const code = err.what === 'webhooks' ? 'too_many_webhooks' : 'too_many_push_subscriptions';
    throw new Problem(409, code, 'Conflict', `At most ${err.limit} per player; delete one first`, { limit: err.limit });
  }
  if (err instanceof WriteConflict) throw problems.conflict('concurrent_update', 'Another change got in the way; retry');
  throw err;
}
