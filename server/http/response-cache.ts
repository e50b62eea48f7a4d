import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Entry = { body: string; size: number; etag: string; headers: Record<string, string>; expires: number };

export type ResponseCache = {
  /**
   * Answers from a short-lived copy of a public JSON reply. On a miss, one caller produces the value
   * (concurrent callers for the same key wait for it rather than querying again); it is checked
   * against `schema`, serialised once, and kept for the cache's lifetime. For one lifetime more the
   * old copy is still answered while a single request produces the next one.
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

/**
 * What the copies may hold together, in bytes of reply body, by default. A search reply is 5 to 25 kB,
 * so this keeps a few thousand distinct searches: at 500 entries, visitors asking 1,200 different
 * searches within the lifetime of a copy each pushed another's out before it was asked again, and
 * almost every search reached the database (decision 0019).
 */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

export function createResponseCache({
  ttlMs,
  maxBytes = RESPONSE_CACHE_BYTES,
}: {
  ttlMs: number;
  maxBytes?: number;
}): ResponseCache {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  let generation = 0;
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
  };

  async function load<S extends z.ZodType>(
    key: string,
    schema: S,
    produce: () => Promise<{ value: z.input<S>; headers?: Record<string, string> }>,
  ): Promise<Entry> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit;
    const pending = inflight.get(key) ?? produceEntry(key, schema, produce);
    // A copy less than one lifetime past its own is still answered while one request makes the next:
    // visitors of a busy address never all wait on the database at once when its copy runs out.
    if (hit && hit.expires + ttlMs > now) {
      pending.catch(() => undefined);
      return hit;
    }
    return pending;
  }

  function produceEntry<S extends z.ZodType>(
    key: string,
    schema: S,
    produce: () => Promise<{ value: z.input<S>; headers?: Record<string, string> }>,
  ): Promise<Entry> {
    const startedIn = generation;
    const promise = (async () => {
      const { value, headers = {} } = await produce();
      const body = JSON.stringify(schema.parse(value));
      const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
      const entry: Entry = { body, size: Buffer.byteLength(body), etag, headers, expires: Date.now() + ttlMs };
      // A clear() while this was loading means the data changed: serve it once, but do not keep it.
      if (ttlMs > 0 && startedIn === generation && entry.size <= maxBytes) {
        forget(key);
        entries.set(key, entry);
        bytes += entry.size;
        // The oldest copies go first (expired ones among them) until the rest fit.
        while (bytes > maxBytes) forget(entries.keys().next().value!);
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
      bytes = 0;
    },
  };
}
