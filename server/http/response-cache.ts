import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { createCopyStore, type Copy, type CopyCounts } from './copy-store';
import { createPageCache, type PageCache } from './page-cache';
import { onThePrimary, readAfter, type PublicReadRunner } from './read-after';

type Entry = Copy & { body: string; etag: string; headers: Record<string, string> };

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
  /**
   * Like `json`, for a reply its producer has already serialised from values each checked against
   * the route's schema (a search page assembled from kept campaign replies, decision 0056).
   */
  text(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: () => Promise<{ body: string; headers?: Record<string, string> }>,
  ): Promise<void>;
  /** Answers a public page's HTML from a copy kept the same way (server/http/page-cache.ts, decision 0048). */
  page: PageCache;
  /** Forgets every JSON reply and every page; writes that change public data call this. */
  clear(): void;
  /** Copies answered and made since start, per kind, for a metrics endpoint to read. */
  stats(): {
    json: CopyCounts;
    /** `bypassed`: page requests carrying credentials, drawn alone and never kept. */
    page: CopyCounts & { bypassed: number };
    entries: number;
    bytes: number;
  };
};

/**
 * What the copies may hold together, in bytes, by default. A search reply is 5 to 25 kB, so this
 * keeps a few thousand distinct searches: at 500 entries, visitors asking 1,200 different searches
 * within the lifetime of a copy each pushed another's out before it was asked again, and almost
 * every search reached the database (decision 0019). A drawn page weighs about 90 kB with its two
 * compressed forms (decision 0048).
 */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

export function createResponseCache({
  ttlMs,
  maxBytes = RESPONSE_CACHE_BYTES,
  publicRead = onThePrimary,
}: {
  ttlMs: number;
  maxBytes?: number;
  publicRead?: PublicReadRunner;
}): ResponseCache {
  const store = createCopyStore({ ttlMs, maxBytes });
  const pageCounts = { bypassed: 0 };

  const text: ResponseCache['text'] = async (request, reply, produce) => {
    const after = readAfter(request);
    const entry = await store.load<Entry>(
      'json',
      request.url,
      async () => {
        const { value, asOf } = await publicRead(after, produce);
        const { body, headers = {} } = value;
        const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
        return {
          copy: { body, size: Buffer.byteLength(body), etag, headers, expires: Date.now() + ttlMs, asOf },
          keep: true,
        };
      },
      after,
    );
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    reply.header('etag', entry.etag);
    reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) {
      await reply.code(304).send();
      return;
    }
    // Already serialised and checked against the schema: sent as it is.
    await reply.type('application/json; charset=utf-8').send(entry.body);
  };

  return {
    json(request, reply, schema, produce) {
      return text(request, reply, async () => {
        const { value, headers } = await produce();
        return { body: JSON.stringify(schema.parse(value)), headers };
      });
    },
    text,
    page: createPageCache(store, ttlMs, pageCounts, publicRead),
    clear: () => store.clear(),
    stats() {
      const { kinds, entries, bytes } = store.stats();
      const none = { hits: 0, misses: 0 };
      return {
        json: kinds.json ?? none,
        page: { ...(kinds.page ?? none), bypassed: pageCounts.bypassed },
        entries,
        bytes,
      };
    },
  };
}
