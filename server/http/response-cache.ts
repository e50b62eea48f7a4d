import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Entry = { body: string; etag: string; headers: Record<string, string>; expires: number };

export type ResponseCache = {
  /**
   * Answers from a short-lived copy of a public JSON reply. On a miss, one caller produces the value
   * (concurrent callers for the same key wait for it rather than querying again); it is checked
   * against `schema`, serialised once, and kept for the cache's lifetime.
   */
  json<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    produce: () => Promise<{ value: z.input<S>; headers?: Record<string, string> }>,
  ): Promise<void>;
  /** Forgets everything; writes that change public data call this. */
  clear(): void;
};

export function createResponseCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }): ResponseCache {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  let generation = 0;

  async function load<S extends z.ZodType>(
    key: string,
    schema: S,
    produce: () => Promise<{ value: z.input<S>; headers?: Record<string, string> }>,
  ): Promise<Entry> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit;
    const pending = inflight.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const promise = (async () => {
      const { value, headers = {} } = await produce();
      const body = JSON.stringify(schema.parse(value));
      const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
      const entry: Entry = { body, etag, headers, expires: Date.now() + ttlMs };
      // A clear() while this was loading means the data changed: serve it once, but do not keep it.
      if (ttlMs > 0 && startedIn === generation) {
        entries.delete(key);
        entries.set(key, entry);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return entry;
    })().finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    async json(request, reply, schema, produce) {
      const entry = await load(request.url, schema, produce);
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      reply.header('etag', entry.etag);
      reply.header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === entry.etag) {
        await reply.code(304).send();
        return;
      }
      // Already serialised and checked against the schema: sent as it is.
      await reply.type('application/json; charset=utf-8').send(entry.body);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
