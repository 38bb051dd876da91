import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { RateLimiterDynamo, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitedOperation, Limits, Rate } from '../service/limits.js';
import { Problem, problems } from '../service/problem.js';
import type { PlayerRecord } from '../store/records.js';
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

const retryAfterOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * The rates of service/limits.ts, counted by rate-limiter-flexible: shared operations in the
 * limits table (DynamoDB; one conditional update per limit and request), the others in memory.
 * Should the table fail, an in-memory limiter of the same rate stands in, so a store hiccup
 * neither opens the gates nor refuses everybody.
 */
export class RateLimits {
  private readonly limiters = new Map<string, { rate: Rate; limiter: RateLimiterAbstract }>();

  constructor(rates: Limits['rates'], store: RateLimitStore | null) {
    for (const [operation, config] of Object.entries(rates) as [LimitedOperation, Limits['rates'][LimitedOperation]][]) {
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
  async consume(operation: LimitedOperation, subject: Subject): Promise<void> {
    for (const [dimension, key, entry] of this.applicable(operation, subject)) {
      try {
        await entry.limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw refusal(operation, dimension, entry.rate, err);
        throw err;
      }
    }
  }

  /** 429 if one of the operation's limits is used up already; spends nothing. */
  async check(operation: LimitedOperation, subject: Subject): Promise<void> {
    for (const [dimension, key, entry] of this.applicable(operation, subject)) {
      const res = await entry.limiter.get(key);
      if (res && res.consumedPoints >= entry.rate.points) throw refusal(operation, dimension, entry.rate, res);
    }
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
};

function refusal(operation: LimitedOperation, dimension: Dimension, rate: Rate, res: RateLimiterRes): Problem {
  const who = dimension === 'perPlayer' ? 'per player' : 'per address';
  return problems.rateLimited(retryAfterOf(res), `At most ${rate.points} ${WHAT[operation]} ${who} in ${rate.seconds} s; retry after ${retryAfterOf(res)} s`);
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

/** Which writes are limited: everything else passes untouched. */
const LIMITED: { method: string; path: RegExp; operation: LimitedOperation }[] = [
  { method: 'POST', path: /^\/v1\/players$/, operation: 'createPlayer' },
  { method: 'POST', path: /^\/v1\/games$/, operation: 'createGame' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/join$/, operation: 'join' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/chat$/, operation: 'chat' },
  { method: 'POST', path: /^\/v1\/games\/[^/]+\/actions$/, operation: 'action' },
];

/**
 * Runs after authentication, so per-player limits know the player. A join is refused while its
 * caller has used up the wrong invite codes it may try; a join refused for a wrong code counts.
 * `clientAddress` reads the connection (never a client-supplied header such as X-Forwarded-For).
 */
export function rateLimitMiddleware(
  limits: RateLimits,
  clientAddress: (c: Context) => string | undefined,
): MiddlewareHandler<{ Variables: { player: PlayerRecord } }> {
  return async (c, next) => {
    const rule = LIMITED.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    if (!rule) return next();
    const subject: Subject = { player: c.get('player')?.id, address: addressKey(clientAddress(c)) };
    if (rule.operation === 'join') await limits.check('badInviteCode', subject);
    await limits.consume(rule.operation, subject);
    await next();
    if (rule.operation === 'join' && c.error instanceof Problem && c.error.code === 'bad_invite_code') {
      // This request keeps its 403; the next one is refused if this was the last code allowed.
      await limits.consume('badInviteCode', subject).catch((err: unknown) => {
        if (!(err instanceof Problem)) throw err;
      });
    }
  };
}
