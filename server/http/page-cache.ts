import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Copy, CopyStore } from './copy-store';
import type { PageHtml } from './page-html';
import type { PublicReadRunner } from './read-after';

/** A page's HTML once, in each encoding a browser may ask for, so a copy answered costs no compression. */
type PageCopy = Copy & { identity: Buffer; br: Buffer; gzip: Buffer; etag: string; drawn: boolean };

export type PageCache = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  draw: () => Promise<PageHtml>,
) => Promise<void>;

/**
 * Whether a request carries anything that could say who sent it. The web app sends its session as
 * `Authorization: Bearer` (web/lib/api.ts) and sets no cookie; a cookie is counted all the same, so
 * a credential a later change adds cannot slip into a shared copy.
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding a request accepts that is sent: brotli, else gzip, else none. */
function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

function encode(encoding: Encoding, html: Buffer): Buffer {
  // Brotli's default (11) costs milliseconds per page; 4 compresses almost as well, far faster (decision 0022).
  if (encoding === 'br') return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  if (encoding === 'gzip') return zlib.gzipSync(html, { level: 6 });
  return html;
}

function pageCopy({ html, drawn }: PageHtml, ttlMs: number): PageCopy {
  const identity = Buffer.from(html);
  const br = encode('br', identity);
  const gzip = encode('gzip', identity);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`;
  return {
    identity,
    br,
    gzip,
    etag,
    drawn,
    size: identity.length + br.length + gzip.length,
    expires: Date.now() + ttlMs,
  };
}

/**
 * Compressed here, not by the compression plugin, which reaches declared routes only: pages are
 * answered by the not-found handler, and a drawn one carries tens of kilobytes (decision 0022).
 */
function send(reply: FastifyReply, encoding: Encoding, body: Buffer) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * Public pages drawn once and answered many times (decision 0048), kept in `store` beside the public
 * JSON replies so the writes that clear those clear the pages too. Keyed by `key`, which must name
 * everything the markup depends on. Only a page the server drew in full is kept and offered to
 * shared caches (`public, max-age=0, s-maxage, stale-while-revalidate`, for the store's lifetime,
 * with the copy's `Age`); the plain index.html is sent `no-cache`, as a drawing may have fallen back
 * to it for a moment. A request carrying credentials is drawn for alone, neither answered from nor
 * kept in a copy, and sent `private, no-store`.
 */
export function createPageCache(
  store: CopyStore,
  ttlMs: number,
  counts: { bypassed: number },
  publicRead: PublicReadRunner,
): PageCache {
  const seconds = Math.floor(ttlMs / 1000);
  const shared = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
  return async (request, reply, key, draw) => {
    if (carriesCredentials(request)) {
      counts.bypassed += 1;
      const { html } = await draw();
      const encoding = encodingFor(request);
      reply.header('cache-control', 'private, no-store');
      // Compressed only in the encoding asked for: this drawing is sent once.
      return void (await send(reply, encoding, encode(encoding, Buffer.from(html))));
    }
    // A page navigation carries no Read-After: its copy is as current as the replica (decision 0083).
    const page = await store.load<PageCopy>('page', `page ${key}`, async () => {
      const { value: made, asOf } = await publicRead(undefined, draw);
      return { copy: { ...pageCopy(made, ttlMs), asOf }, keep: made.drawn };
    });
    const kept = page.drawn && seconds > 0;
    reply.header('cache-control', kept ? shared : 'no-cache');
    if (kept) {
      reply.header('etag', page.etag);
      // How old the copy already is: a CDN counts its s-maxage and stale-while-revalidate from the
      // drawing, not from this answer, so a copy answered stale is not kept as long again.
      reply.header('age', String(Math.max(0, Math.floor((Date.now() - (page.expires - ttlMs)) / 1000))));
    }
    if (kept && request.headers['if-none-match'] === page.etag) {
      return void (await reply.code(304).header('vary', 'accept-encoding').send());
    }
    const encoding = encodingFor(request);
    await send(reply, encoding, page[encoding]);
  };
}
