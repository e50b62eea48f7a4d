import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { redactUrl } from '../db/client';
import { AppError } from './errors';

/** A named limit: at most `max` attempts per key in a fixed window of `windowSeconds`. */
export type Rule = { name: string; max: number; windowSeconds: number; message?: string };

export type RateLimits = {
  /** Counts one attempt; throws 429 with Retry-After once the rule's `max` is passed. */
  hit(rule: Rule, key: string): Promise<void>;
  /** Counts one attempt without refusing; answers the attempts in this window, this one included. */
  count(rule: Rule, key: string): Promise<number>;
  /** The attempts in this window so far, without counting one. */
  peek(rule: Rule, key: string): Promise<number>;
  /** Where the counts live, for the start-up log. */
  readonly description: string;
};

export const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/**
 * The part of a client address a limit is keyed by. IPv6 clients usually hold a whole /64, so
 * one person could otherwise rotate through billions of keys; IPv4-mapped addresses count as IPv4.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// Keys hold emails and addresses: only their hashes reach the store (and Redis, when shared).
const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

type Checker = (
  req: FastifyRequest,
  callOptions?: { increment?: boolean },
) => Promise<{ ttl?: number; remaining?: number }>;

/**
 * Registers @fastify/rate-limit (no global limit: each route counts what it needs) with counts in
 * this process, or in Redis when `redisUrl` is set so every server process shares them. A Redis
 * outage lets requests through and logs it, rather than locking everybody out.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    redisUrl?: string;
    keyPrefix?: string;
    /** How long one Redis command may take before the request goes on uncounted (500 ms unless given). */
    commandTimeoutMs?: number;
    localKeys?: number;
    /** Told the rule's name whenever a rule refuses (the metrics count them). */
    onRefusal?: (rule: string) => void;
  },
): Promise<RateLimits> {
  const localKeys = options.localKeys ?? 100_000;
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Loaded only when limits are shared (decision 0059).
    const { Redis } = await import('ioredis');
    redis = new Redis(options.redisUrl, {
      // A request must not wait on a Redis that is down: fail fast, count nothing, go on.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 500,
      lazyConnect: false,
    });
    redis.on('error', (error: Error) =>
      app.log.warn({ err: { message: error.message } }, 'Redis for rate limits is unreachable'),
    );
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
    // Start counting from the first request: wait briefly for the connection (a Redis that is down
    // does not hold up start-up; it is retried in the background).
    const connecting = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      connecting.once('ready', done);
      connecting.once('error', done);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.keyPrefix ?? 'goi:rl:' } : { cache: localKeys }),
    skipOnError: true,
  });

  // Every rule counts with an unreachable library maximum and is compared here, so the exact count
  // is known (the library clips what it reports at its maximum).
  const UNBOUNDED = Number.MAX_SAFE_INTEGER;
  const checkers = new Map<string, { rule: Rule; check: Checker }>();
  function checker(rule: Rule): Checker {
    const known = checkers.get(rule.name);
    if (known) {
      if (known.rule.max !== rule.max || known.rule.windowSeconds !== rule.windowSeconds) {
        throw new Error(`Rate limit rule ${rule.name} is declared twice with different limits.`);
      }
      return known.check;
    }
    const check = (app as unknown as { createRateLimit(o: object): Checker }).createRateLimit({
      // Each rule gets its own store; the library does not pass the plugin's size on to it, and its
      // default (5,000 keys) would let a flood of new keys evict the counts that matter.
      cache: localKeys,
      max: UNBOUNDED,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (req: FastifyRequest & { limitKey?: string }) => req.limitKey ?? '',
    });
    checkers.set(rule.name, { rule, check });
    return check;
  }
  // The library reads only the key and the route's options from the request it is given.
  const probe = (rule: Rule, key: string) =>
    ({ limitKey: `${rule.name}:${hashed(key)}`, routeOptions: { config: {} } }) as unknown as FastifyRequest;

  async function run(rule: Rule, key: string, increment: boolean) {
    const result = await checker(rule)(probe(rule, key), { increment });
    // skipOnError: with Redis down the library answers no count at all.
    const current = result.remaining === undefined ? 0 : UNBOUNDED - result.remaining;
    return { current, ttlMs: result.ttl ?? 0 };
  }

  return {
    description: redis ? `Redis at ${redactUrl(options.redisUrl!)}` : 'this process (memory)',
    async hit(rule, key) {
      const result = await run(rule, key, true);
      if (result.current > rule.max) {
        options.onRefusal?.(rule.name);
        const retryAfter = Math.max(1, Math.ceil((result.ttlMs || rule.windowSeconds * 1000) / 1000));
        throw new AppError('rate_limited', rule.message ?? TOO_MANY, undefined, { 'retry-after': String(retryAfter) });
      }
    },
    async count(rule, key) {
      return (await run(rule, key, true)).current;
    },
    async peek(rule, key) {
      return (await run(rule, key, false)).current;
    },
  };
}
