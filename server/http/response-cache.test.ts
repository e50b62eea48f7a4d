import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseCache } from './response-cache';

async function appWith(ttlMs: number) {
  const cache = createResponseCache({ ttlMs });
  let calls = 0;
  let value = 'first';
  const app = Fastify();
  const schema = z.array(z.object({ name: z.string() }));
  app.get('/things', async (request, reply) => {
    await cache.json(request, reply, schema, async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 20));
      // The extra field must not reach the client: the schema strips it.
      return { value: [{ name: value, secret: 'x' } as { name: string }], headers: { 'x-next-cursor': 'abc' } };
    });
  });
  await app.ready();
  return { app, cache, calls: () => calls, set: (v: string) => (value = v) };
}

describe('public response cache', () => {
  it('answers concurrent misses with one query and keeps the copy for its lifetime', async () => {
    const t = await appWith(60_000);
    const replies = await Promise.all(Array.from({ length: 10 }, () => t.app.inject('/things')));
    expect(t.calls()).toBe(1);
    for (const r of replies) {
      expect(r.json()).toEqual([{ name: 'first' }]);
      expect(r.headers['x-next-cursor']).toBe('abc');
      expect(r.headers['content-type']).toMatch(/application\/json/);
    }
    t.set('second');
    expect((await t.app.inject('/things')).json()).toEqual([{ name: 'first' }]);
    t.cache.clear();
    expect((await t.app.inject('/things')).json()).toEqual([{ name: 'second' }]);
    expect(t.calls()).toBe(2);
  });

  it('answers 304 when the client already has the same reply', async () => {
    const t = await appWith(60_000);
    const first = await t.app.inject('/things');
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: '/things', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps nothing with a zero lifetime', async () => {
    const t = await appWith(0);
    await t.app.inject('/things');
    t.set('second');
    expect((await t.app.inject('/things')).json()).toEqual([{ name: 'second' }]);
    expect(t.calls()).toBe(2);
  });
});
