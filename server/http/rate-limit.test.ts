import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { clientKey, type Rule } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe('client keys', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

const rule: Rule = { name: 'test-rule', max: 3, windowSeconds: 60, message: 'Slow down, please.' };

async function hits(ctx: TestContext, key: string, n: number) {
  const outcomes: Array<'ok' | number> = [];
  for (let i = 0; i < n; i++) {
    outcomes.push(
      await ctx.app.limits.hit(rule, key).then(
        () => 'ok' as const,
        (e: { status: number }) => e.status,
      ),
    );
  }
  return outcomes;
}

describe('in-memory limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => stopTestApp(ctx));

  it('refuses past the maximum with the rule’s message and a Retry-After', async () => {
    expect(await hits(ctx, 'a', 4)).toEqual(['ok', 'ok', 'ok', 429]);
    const refused = await ctx.app.limits
      .hit(rule, 'a')
      .catch((e: { message: string; headers: Record<string, string> }) => e);
    expect(refused).toMatchObject({ message: 'Slow down, please.' });
    expect(Number((refused as { headers: Record<string, string> }).headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own count.
    expect(await hits(ctx, 'b', 1)).toEqual(['ok']);
  });

  it('keeps a count while many other keys arrive', async () => {
    await ctx.app.limits.count(rule, 'kept');
    for (let i = 0; i < 20_000; i += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, j) => ctx.app.limits.count(rule, `flood-${i + j}`)));
    }
    expect(await ctx.app.limits.peek(rule, 'kept')).toBe(1);
  });

  it('counts and peeks exactly', async () => {
    expect(await ctx.app.limits.peek(rule, 'c')).toBe(0);
    expect(await ctx.app.limits.count(rule, 'c')).toBe(1);
    expect(await ctx.app.limits.count(rule, 'c')).toBe(2);
    expect(await ctx.app.limits.peek(rule, 'c')).toBe(2);
  });
});

describe.skipIf(!REDIS_URL)('limits shared in Redis', () => {
  const prefix = `goi:test:${randomBytes(4).toString('hex')}:`;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    // A busy machine may take longer than a request would wait on Redis: a command let through
    // uncounted would read here as a limit not shared.
    const shared = { redisUrl: REDIS_URL, rateLimitKeyPrefix: prefix, redisCommandTimeoutMs: 10_000 };
    a = await startTestApp(shared);
    b = await startTestApp(shared);
    // Start-up waits only briefly for Redis: each app counts there before the tests do.
    for (const [ctx, key] of [
      [a, 'connected-a'],
      [b, 'connected-b'],
    ] as const) {
      await eventually(
        'the shared store to count the request',
        () => ctx.app.limits.count(rule, key),
        (n) => n > 0,
      );
    }
  });
  afterAll(async () => {
    await stopTestApp(a);
    await stopTestApp(b);
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('two server processes share one count', async () => {
    expect(await hits(a, 'shared', 2)).toEqual(['ok', 'ok']);
    expect(await hits(b, 'shared', 2)).toEqual(['ok', 429]);
    expect(await hits(a, 'shared', 1)).toEqual([429]);
  });

  it('shares a real route’s limit: three reset mails per email and address, across both instances', async () => {
    const send = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.org' },
        remoteAddress: '10.70.0.1',
      });
    const statuses = [
      (await send(a)).statusCode,
      (await send(b)).statusCode,
      (await send(a)).statusCode,
      (await send(b)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('stores only hashed keys, never an email', async () => {
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    redis.disconnect();
    // The reset mails above were counted per email.
    expect(keys.filter((k) => k.includes('forgot-email'))).not.toHaveLength(0);
    expect(keys.join(' ')).not.toContain('@');
  });
});

describe('a Redis that is down', () => {
  it('lets requests through instead of failing them', async () => {
    const ctx = await startTestApp({ redisUrl: 'redis://127.0.0.1:1', rateLimitKeyPrefix: 'goi:down:' });
    try {
      const started = Date.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.org' },
      });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await stopTestApp(ctx);
    }
  });
});
