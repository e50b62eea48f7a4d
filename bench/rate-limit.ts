/**
 * Rate-limit store figures at 100,000 keys: counts per second and memory, in process memory and in
 * Redis (when BENCH_REDIS_URL or TEST_REDIS_URL is set). Prints figures; asserts nothing.
 *   node --import tsx bench/rate-limit.ts
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { registerRateLimits, type Rule } from '../server/http/rate-limit';

const KEYS = 100_000;
const rule: Rule = { name: 'bench', max: 1_000_000, windowSeconds: 600 };
const CONCURRENCY = 64;

async function measure(label: string, redisUrl?: string) {
  const app = Fastify({ logger: false });
  const prefix = `goi:bench:${randomBytes(4).toString('hex')}:`;
  const limits = await registerRateLimits(app, { redisUrl, keyPrefix: prefix });
  await app.ready();
  const key = (i: number) => `203.0.${(i >> 8) & 255}.${i & 255}|${i}`;

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // Fill the store with 100,000 distinct keys, as many clients would.
  const fillStart = performance.now();
  for (let i = 0; i < KEYS; i += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, KEYS - i) }, (_, j) => limits.count(rule, key(i + j))),
    );
  }
  const fillSeconds = (performance.now() - fillStart) / 1000;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  // Then count attempts spread at random over all of them.
  const ops = 200_000;
  const start = performance.now();
  for (let i = 0; i < ops; i += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, () => limits.hit(rule, key(Math.floor(Math.random() * KEYS)))),
    );
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label.padEnd(22)} fill ${Math.round(KEYS / fillSeconds)
      .toLocaleString('en')
      .padStart(9)} keys/s   ` +
      `counts at ${KEYS.toLocaleString('en')} keys ${Math.round(ops / seconds)
        .toLocaleString('en')
        .padStart(9)}/s   ` +
      `heap growth ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB${redisUrl ? ' (in Redis, not this process)' : ''}`,
  );
  await app.close();
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (found.length) await redis.del(...found);
    } while (cursor !== '0');
    redis.disconnect();
  }
}

export async function runRateLimitBench() {
  console.log(`\nRate limits: ${KEYS.toLocaleString('en')} distinct keys, ${CONCURRENCY} counts in flight`);
  await measure('memory (default)');
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (redisUrl) await measure('Redis', redisUrl);
  else console.log('Redis: set BENCH_REDIS_URL=redis://127.0.0.1:6379 to include it.');
}

if (import.meta.url === `file://${process.argv[1]}`) await runRateLimitBench();
