import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCache } from './response-cache';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { createRecipientCampaign, payForCampaign, signInNewAdmin } from '../test/fixtures';

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

/**
 * A server whose page drawing is a stand-in that writes whatever the request carries into the
 * markup: a copy that reached another visitor would show it. (The real drawing never reads the
 * visitor, decision 0022; the cache must not rely on that.)
 */
async function pageServer(cache: ResponseCache, drawn = (url: string) => url !== '/fallback') {
  const app = Fastify();
  const drawings: string[] = [];
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0]!;
    return cache.page(request, reply, url, async () => {
      drawings.push(url);
      const who = request.headers.authorization ?? request.headers.cookie ?? 'nobody';
      return {
        html: `<!doctype html><p>${url} drawn for ${who}</p>${'<p>padding</p>'.repeat(200)}`,
        drawn: drawn(url),
      };
    });
  });
  await app.ready();
  return { app, drawings };
}

describe('the page cache', () => {
  let app: FastifyInstance;
  let drawings: string[];
  let cache: ResponseCache;
  beforeAll(async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    ({ app, drawings } = await pageServer(cache));
  });
  afterAll(() => app.close());

  it('draws a page once and answers it again, compressed once, with headers a CDN honours', async () => {
    const first = await app.inject({ url: '/campaigns/7', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const again = await app.inject({ url: '/campaigns/7?ref=abc', headers: { 'accept-encoding': 'gzip' } });
    const plain = await app.inject({ url: '/campaigns/7' });
    expect(drawings.filter((url) => url === '/campaigns/7')).toHaveLength(1);
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toContain('/campaigns/7 drawn for nobody');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(plain.body);
    for (const reply of [first, again, plain]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe(SHARED);
      expect(reply.headers.vary).toBe('accept-encoding');
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Whole seconds since the copy was made, moments ago (a busy machine may take a few).
    expect(plain.headers.age).toMatch(/^[0-3]$/);
    // A browser that has the page already is told so, without the page.
    const revalidated = await app.inject({ url: '/campaigns/7', headers: { 'if-none-match': plain.headers.etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it("never answers one visitor's signed-in page to another, nor a kept page to a signed-in visitor", async () => {
    const signedIn = await app.inject({ url: '/about', headers: { authorization: 'Bearer secret-marker-ada' } });
    const signedOut = await app.inject({ url: '/about' });
    expect(signedIn.body).toContain('drawn for Bearer secret-marker-ada');
    expect(signedOut.body).not.toContain('secret-marker');
    expect(signedOut.body).toContain('/about drawn for nobody');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedOut.headers['cache-control']).toBe(SHARED);
    // Now a copy is kept: a request with credentials is still drawn for alone, cookie or token.
    const withCookie = await app.inject({ url: '/about', headers: { cookie: 'sid=cookie-marker' } });
    expect(withCookie.body).toContain('drawn for sid=cookie-marker');
    expect(withCookie.headers['cache-control']).toBe('private, no-store');
    const again = await app.inject({ url: '/about' });
    expect(again.body).toBe(signedOut.body);
    expect(drawings.filter((url) => url === '/about')).toHaveLength(3);
    expect(cache.stats().page.bypassed).toBe(2);
  });

  it('keeps no fallback page and offers it to no shared cache', async () => {
    const first = await app.inject({ url: '/fallback' });
    await app.inject({ url: '/fallback' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeUndefined();
    expect(drawings.filter((url) => url === '/fallback')).toHaveLength(2);
  });

  it('draws again after a clear, and counts what it answered', async () => {
    const before = cache.stats();
    await app.inject({ url: '/how-it-works' });
    await app.inject({ url: '/how-it-works' });
    cache.clear();
    await app.inject({ url: '/how-it-works' });
    expect(drawings.filter((url) => url === '/how-it-works')).toHaveLength(2);
    const after = cache.stats();
    expect(after.page.misses - before.page.misses).toBe(2);
    expect(after.page.hits - before.page.hits).toBe(1);
    expect(after.entries).toBe(1);
    expect(after.bytes).toBeGreaterThan(0);
  });

  it('keeps nothing and offers nothing to shared caches when its lifetime is 0', async () => {
    const off = await pageServer(createResponseCache({ ttlMs: 0 }));
    try {
      const first = await off.app.inject({ url: '/about' });
      await off.app.inject({ url: '/about' });
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(off.drawings).toHaveLength(2);
    } finally {
      await off.app.close();
    }
  });
});

/**
 * The app as deployed, with a stand-in for the build's server drawing (dist/ssr/entry-server.js):
 * it draws a campaign page from the app's own API, as the real one does, and counts its drawings.
 */
describe('public pages in the app', () => {
  let ctx: TestContext;
  let root: string;
  const drawingsOf = () => (globalThis as { pageDrawings?: number }).pageDrawings ?? 0;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-page-cache-'));
    fs.mkdirSync(path.join(root, 'web'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(
      path.join(root, 'web', 'index.html'),
      '<!doctype html><html><head><title>Gift of Independence</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(root, 'ssr', 'entry-server.js'),
      `export function createPageRenderer(api) {
        return async (pathname) => {
          const id = /^\\/campaigns\\/(\\d+)$/.exec(pathname)?.[1];
          if (!id) return null;
          globalThis.pageDrawings = (globalThis.pageDrawings ?? 0) + 1;
          const reply = await api('/api/campaigns/' + id, { method: 'GET' });
          if (!reply.ok) return null;
          const campaign = await reply.json();
          return { title: 'Campaign', html: '<p>Raised: ' + campaign.amount_raised + '</p>', state: null };
        };
      }\n`,
    );
    ctx = await startTestApp({ webDistDir: path.join(root, 'web'), publicCacheSeconds: 60 });
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    fs.rmSync(root, { recursive: true, force: true });
  });

  const raisedOn = (body: string) => /Raised: (\d+)/.exec(body)?.[1];

  it('draws a campaign page once, and anew with the new figure once a gift is recorded', async () => {
    const id = await createRecipientCampaign(ctx.database.db);
    const start = drawingsOf();
    const first = await ctx.app.inject({ url: `/campaigns/${id}` });
    const second = await ctx.app.inject({ url: `/campaigns/${id}`, headers: { 'accept-encoding': 'br' } });
    expect(drawingsOf() - start).toBe(1);
    expect(raisedOn(first.body)).toBe('0');
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(first.headers['cache-control']).toBe(SHARED);
    expect(first.headers.vary).toBe('accept-encoding');

    await payForCampaign(ctx.app, id);
    const after = await ctx.app.inject({ url: `/campaigns/${id}` });
    expect(drawingsOf() - start).toBe(2);
    const campaign = (await ctx.app.inject({ url: `/api/campaigns/${id}` })).json() as { amount_raised: number };
    expect(campaign.amount_raised).toBeGreaterThan(0);
    expect(raisedOn(after.body)).toBe(String(campaign.amount_raised));
  });

  it('draws for a signed-in visitor alone, sent private and never kept', async () => {
    const id = await createRecipientCampaign(ctx.database.db);
    const { token } = await signInNewAdmin(ctx.app, ctx.database.db);
    const start = drawingsOf();
    const signedIn = await ctx.app.inject({ url: `/campaigns/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    const signedOut = await ctx.app.inject({ url: `/campaigns/${id}` });
    expect(signedOut.headers['cache-control']).toBe(SHARED);
    const signedInAgain = await ctx.app.inject({
      url: `/campaigns/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedInAgain.headers['cache-control']).toBe('private, no-store');
    // Neither signed-in request was answered from the copy nor left one behind.
    expect(drawingsOf() - start).toBe(3);
  });

  it('keeps no page the server could not draw, such as a campaign that is not public', async () => {
    const id = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    const reply = await ctx.app.inject({ url: `/campaigns/${id}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<div id="root"></div>');
    expect(reply.headers['cache-control']).toBe('no-cache');
  });
});
