import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createResponseCache } from './response-cache';

async function appWith(ttlMs: number, maxBytes?: number) {
  const cache = createResponseCache({ ttlMs, maxBytes });
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
  // A reply of `size` characters for each address.
  app.get('/sized/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    await cache.json(request, reply, schema, async () => {
      calls += 1;
      return { value: [{ name: key.padEnd(Number(key.split('-')[1]), '.') }] };
    });
  });
  await app.ready();
  return { app, cache, calls: () => calls, set: (v: string) => (value = v) };
}

/**
 * Asks for `url` until it answers `body`, a few milliseconds of real time apart, while the faked clock
 * stands still (expect.poll would move it on between its tries, ageing the copy).
 */
async function answerOnceMade(app: FastifyInstance, url: string, body: string): Promise<boolean> {
  for (let tries = 0; tries < 500; tries += 1) {
    if ((await app.inject(url)).body === body) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
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

  it('keeps copies up to its size in bytes, letting the oldest go first', async () => {
    // Each reply is [{"name":"..."}]: 12 bytes around a 100-byte name.
    const t = await appWith(60_000, 250);
    await t.app.inject('/sized/a-100');
    await t.app.inject('/sized/b-100');
    expect(t.calls()).toBe(2);
    await t.app.inject('/sized/a-100');
    await t.app.inject('/sized/b-100');
    expect(t.calls()).toBe(2);
    // A third does not fit beside both: the oldest copy goes.
    await t.app.inject('/sized/c-100');
    await t.app.inject('/sized/b-100');
    await t.app.inject('/sized/c-100');
    expect(t.calls()).toBe(3);
    await t.app.inject('/sized/a-100');
    expect(t.calls()).toBe(4);
    // A reply larger than the whole budget is answered but not kept.
    expect((await t.app.inject('/sized/d-300')).statusCode).toBe(200);
    await t.app.inject('/sized/d-300');
    expect(t.calls()).toBe(6);
  });

  it('answers the old copy for one lifetime more while a single request makes the next', async () => {
    // The clock alone is the test's: a busy machine's pauses cannot age a copy behind its back.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t = await appWith(100);
      await t.app.inject('/things');
      t.set('second');
      vi.advanceTimersByTime(120);
      // Past its lifetime: every visitor still gets the old copy at once, and one query runs.
      const stale = await Promise.all(Array.from({ length: 5 }, () => t.app.inject('/things')));
      for (const r of stale) expect(r.json()).toEqual([{ name: 'first' }]);
      // Once that query is done, its copy is answered; until then, the old one, with no second query.
      expect(await answerOnceMade(t.app, '/things', JSON.stringify([{ name: 'second' }]))).toBe(true);
      expect(t.calls()).toBe(2);
      // Two lifetimes past, the copy is not answered: the visitor waits for a fresh one.
      t.set('third');
      vi.advanceTimersByTime(220);
      expect((await t.app.inject('/things')).json()).toEqual([{ name: 'third' }]);
      expect(t.calls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the old copy until its remaking ends, even one that takes longer than a lifetime', async () => {
    // The clock alone is the test's: a busy machine's pauses cannot age a copy behind its back.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = createResponseCache({ ttlMs: 50 });
      const app = Fastify();
      let value = 'first';
      let gate: Promise<void> = Promise.resolve();
      let calls = 0;
      app.get('/slow', async (request, reply) => {
        await cache.json(request, reply, z.string(), async () => {
          calls += 1;
          const now = value;
          await gate;
          return { value: now };
        });
      });
      await app.ready();
      await app.inject('/slow');
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => (open = resolve));
      value = 'second';
      vi.advanceTimersByTime(60);
      // Past its lifetime: answered, and the one remaking starts and waits.
      expect((await app.inject('/slow')).json()).toBe('first');
      vi.advanceTimersByTime(120);
      // Two lifetimes past, the remaking still under way: still answered, and no second making.
      expect((await app.inject('/slow')).json()).toBe('first');
      expect(calls).toBe(2);
      open();
      expect(await answerOnceMade(app, '/slow', '"second"')).toBe(true);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing with a zero lifetime', async () => {
    const t = await appWith(0);
    await t.app.inject('/things');
    t.set('second');
    expect((await t.app.inject('/things')).json()).toEqual([{ name: 'second' }]);
    expect(t.calls()).toBe(2);
  });
});
