import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import RateLimiterDynamo from 'rate-limiter-flexible/lib/RateLimiterDynamo.js';
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import { DEFAULT_LIMITS, type LimitedOperation, type Limits, type Rate } from '../service/limits.js';
import { Refusal } from '../service/refusal.js';
import type { Bearer } from './env.js';
import type { limitsStoreClient } from '../store/limits-table.js';

export interface RateLimitStore {
  client: ReturnType<typeof limitsStoreClient>;
  tableName: string;
}

/** Who a request counts against: its player (once authenticated) and its client address. */
export interface Subject {
  player?: string | undefined;
  address?: string | undefined;
}

type Dimension = 'perPlayer' | 'perAddress';
const DIMENSIONS: Dimension[] = ['perPlayer', 'perAddress'];

const secondsUntil = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Where a client stands against the tightest limit of a request, sent as the RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset headers (draft-ietf-httpapi-ratelimit-headers: with
 * several limits, the one with the least left).
 */
export interface Quota {
  limit: number;
  remaining: number;
  /** Seconds until the window of this limit ends. */
  resetSeconds: number;
}

const quotaOf = (rate: Rate, res: RateLimiterRes): Quota => ({
  limit: rate.points,
  remaining: Math.max(0, rate.points - res.consumedPoints),
  resetSeconds: secondsUntil(res),
});

/** Requests spent ahead of their judgement; `refund` answers where the client stands after it. */
export interface Reservation {
  quotas: Quota[];
  refund(): Promise<Quota[]>;
}

const tightest = (quotas: Quota[]): Quota | null =>
  quotas.reduce<Quota | null>(
    (best, q) =>
      !best || q.remaining < best.remaining || (q.remaining === best.remaining && q.resetSeconds > best.resetSeconds)
        ? q
        : best,
    null,
  );

/** A 429, with where the client stands (its headers). */
export class RateLimited extends Refusal {
  constructor(
    readonly quota: Quota,
    detail: string,
  ) {
    super('rate_limited', 'Too many requests', detail, { retryAfter: quota.resetSeconds });
  }
}

/**
 * The rates of service/limits.ts, counted by rate-limiter-flexible: shared operations in the
 * limits table (DynamoDB; one conditional update per limit and request), the others in memory.
 * Should the table fail, an in-memory limiter of the same rate stands in, so a store hiccup
 * neither opens the gates nor refuses everybody.
 */
export class RateLimits {
  private readonly limiters = new Map<string, { rate: Rate; limiter: RateLimiterAbstract }>();

  constructor(rates: Limits['rates'], store: RateLimitStore | null) {
    for (const [operation, config] of Object.entries(rates) as [
      LimitedOperation,
      Limits['rates'][LimitedOperation],
    ][]) {
      for (const dimension of DIMENSIONS) {
        const rate = config[dimension];
        if (!rate) continue;
        const keyPrefix = `${operation}:${dimension}`;
        const options = { keyPrefix, points: rate.points, duration: rate.seconds };
        const memory = new RateLimiterMemory(options);
        const limiter =
          config.shared && store
            ? new RateLimiterDynamo({
                ...options,
                storeClient: store.client,
                tableName: store.tableName,
                tableCreated: true,
                ttlSet: true,
                insuranceLimiter: memory,
                // A key already over its limit is refused from memory until its window ends: floods cost no writes.
                inMemoryBlockOnConsumed: rate.points + 1,
              })
            : memory;
        this.limiters.set(keyPrefix, { rate, limiter });
      }
    }
  }

  /** Spends one request of each of the operation's limits; 429 rate_limited once one is used up. */
  async consume(operation: LimitedOperation, subject: Subject): Promise<Quota[]> {
    const quotas: Quota[] = [];
    for (const [dimension, key, entry] of this.applicable(operation, subject)) {
      try {
        quotas.push(quotaOf(entry.rate, await entry.limiter.consume(key)));
      } catch (err) {
        if (err instanceof RateLimiterRes) throw refusal(operation, dimension, entry.rate, err);
        throw err;
      }
    }
    return quotas;
  }

  /**
   * Spends one request of each of the operation's limits before the attempt is judged (429 once
   * one is used up); `refund` gives it back when the attempt turns out not to count. Counting
   * first holds a burst to the limit: a check before and a count after let every racing attempt
   * pass the check.
   */
  async reserve(operation: LimitedOperation, subject: Subject): Promise<Reservation> {
    const taken: [string, { rate: Rate; limiter: RateLimiterAbstract }][] = [];
    const quotas: Quota[] = [];
    const refund = () =>
      Promise.all(taken.map(async ([key, entry]) => quotaOf(entry.rate, await entry.limiter.reward(key, 1))));
    for (const [dimension, key, entry] of this.applicable(operation, subject)) {
      try {
        quotas.push(quotaOf(entry.rate, await entry.limiter.consume(key)));
        taken.push([key, entry]);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        // The limits that did have room keep it: the attempt was not made.
        await refund();
        throw refusal(operation, dimension, entry.rate, err);
      }
    }
    return { quotas, refund };
  }

  private *applicable(operation: LimitedOperation, subject: Subject) {
    for (const dimension of DIMENSIONS) {
      const key = dimension === 'perPlayer' ? subject.player : subject.address;
      const entry = this.limiters.get(`${operation}:${dimension}`);
      if (key && entry) yield [dimension, key, entry] as const;
    }
  }
}

const WHAT: Record<LimitedOperation, string> = {
  createPlayer: 'new players',
  createGame: 'new games',
  join: 'joins',
  badInviteCode: 'wrong invite codes',
  chat: 'chat messages',
  action: 'actions',
  signInMail: 'sign-in mails',
  signInCode: 'sign-in code attempts',
  confirmationMail: 'address confirmation mails',
  seek: 'seeks and withdrawn seeks',
  streamTicket: 'event stream tickets',
  accessToken: 'access tokens',
  botAccount: 'bot account upgrades',
};

function refusal(operation: LimitedOperation, dimension: Dimension, rate: Rate, res: RateLimiterRes): RateLimited {
  const who =
    dimension === 'perPlayer' ? `per ${DEFAULT_LIMITS.rates[operation].perPlayerIs ?? 'player'}` : 'per address';
  // A key blocked in memory is refused with a result that does not count its points: refused is none left.
  const quota = { ...quotaOf(rate, res), remaining: 0 };
  return new RateLimited(
    quota,
    `At most ${rate.points} ${WHAT[operation]} ${who} in ${rate.seconds} s; retry after ${quota.resetSeconds} s`,
  );
}

/** The RateLimit-* headers of a quota. */
function quotaHeaders(q: Quota): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.remaining),
    'RateLimit-Reset': String(q.resetSeconds),
  };
}

/**
 * The address limits count: IPv6 clients usually hold a whole /64, so that is one address;
 * an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressKey(raw: string | undefined): string | undefined {
  if (!raw || !ipaddr.isValid(raw)) return undefined;
  const parsed = ipaddr.parse(raw);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * Which writes are limited: everything else passes untouched. `perPlayer` names what the
 * per-player limit counts instead of the player; with `onlyWithKey`, a request it finds nothing
 * for is not limited at all.
 */
const LIMITED: {
  method: string;
  path: RegExp;
  operation: LimitedOperation;
  perPlayer?: (c: Context) => Promise<string | undefined>;
  onlyWithKey?: true;
}[] = [
  { method: 'POST', path: /^\/v1\/players$/, operation: 'createPlayer' },
  { method: 'POST', path: /^\/v1\/games$/, operation: 'createGame' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/join$/, operation: 'join' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/chat$/, operation: 'chat' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/actions$/, operation: 'action' },
  // A rematch makes a game: offering and accepting one count with the games created, or resign and rematch would bypass that limit.
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/rematch(\/accept)?$/, operation: 'createGame' },
  // Finishing games, take-backs and declining a rematch count with the moves.
  {
    method: 'POST',
    path: /^\/v1\/games\/[^/]+\/(resign|abort|takeback(\/accept|\/refuse)?|rematch\/decline)$/,
    operation: 'action',
  },
  { method: 'POST', path: /^\/v1\/stream-tickets$/, operation: 'streamTicket' },
  { method: 'POST', path: /^\/v1\/access-tokens$/, operation: 'accessToken' },
  { method: 'POST', path: /^\/v1\/players\/me\/bot-account$/, operation: 'botAccount' },
  { method: 'POST', path: /^\/v1\/sign-in$/, operation: 'signInMail', perPlayer: emailKey },
  { method: 'POST', path: /^\/v1\/sign-in\/verify$/, operation: 'signInCode' },
  // Only a change naming an address mails a code; notification settings and names pass unlimited.
  {
    method: 'PATCH',
    path: /^\/v1\/players\/me$/,
    operation: 'confirmationMail',
    perPlayer: emailKey,
    onlyWithKey: true,
  },
  { method: 'POST', path: /^\/v1\/seeks$/, operation: 'seek' },
  { method: 'DELETE', path: /^\/v1\/seeks\/current$/, operation: 'seek' },
];

/**
 * Sign-in and confirmation mails count per address they go to, known or not (so the limit says
 * nothing of accounts); the counters keep a digest of the address, not the address.
 */
async function emailKey(c: Context): Promise<string | undefined> {
  const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
  if (typeof body?.email !== 'string') return undefined;
  return `email:${createHash('sha256').update(body.email.trim().toLowerCase()).digest('base64url')}`;
}

/**
 * Runs after authentication, so per-player limits know the player. A join first counts as a wrong
 * invite code, refused once its caller has used those up, and gets that back unless it was refused
 * for a wrong code: guesses sent at once are counted before any is judged.
 * `clientAddress` reads the connection (never a client-supplied header such as X-Forwarded-For).
 */
export function rateLimitMiddleware(
  limits: RateLimits,
  clientAddress: (c: Context) => string | undefined,
): MiddlewareHandler<{ Variables: { bearer: Bearer } }> {
  return async (c, next) => {
    const rule = LIMITED.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    if (!rule) return next();
    const subject: Subject = {
      player: rule.perPlayer ? await rule.perPlayer(c) : c.get('bearer')?.id,
      address: addressKey(clientAddress(c)),
    };
    if (rule.onlyWithKey && !subject.player) return next();
    let guess: Reservation | null = null;
    let quotas: Quota[];
    try {
      if (rule.operation === 'join') guess = await limits.reserve('badInviteCode', subject);
      quotas = await limits.consume(rule.operation, subject);
    } catch (err) {
      await guess?.refund();
      // Set before the throw: the problem answer is made from this context.
      if (err instanceof RateLimited)
        for (const [name, value] of Object.entries(quotaHeaders(err.quota))) c.header(name, value);
      throw err;
    }
    await next();
    const wrongCode = c.error instanceof Refusal && c.error.code === 'bad_invite_code';
    const guesses = guess ? (wrongCode ? guess.quotas : await guess.refund()) : [];
    const quota = tightest([...guesses, ...quotas]);
    if (quota) for (const [name, value] of Object.entries(quotaHeaders(quota))) c.res.headers.set(name, value);
  };
}
