import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A stand-in build output: what matters here is how the server serves it, not what it contains.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Gift of Independence</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  ctx = await startTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await stopTestApp(ctx);
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('serving', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/campaigns/1/nope', '/api']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app for any other page path', async () => {
    for (const url of ['/', '/campaigns', '/campaigns/org-3', '/about', '/no/such/page?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches fingerprinted assets for a year and compresses them', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset or media file with 404, not the web app', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/seed/missing.svg' })).statusCode).toBe(404);
  });

  it('serves the shipped demo images', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/seed/orbit-reader-20.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('sends security headers, with a CSP that allows no inline script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS', async () => {
    const https = await startTestApp({ trustProxy: { hops: 1 } });
    try {
      const res = await https.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await stopTestApp(https);
    }
  });

  it('compresses JSON replies', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/campaigns?limit=50',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('declares who may call every /api route', () => {
    expect(ctx.app.routeTable.length).toBeGreaterThan(5);
    for (const route of ctx.app.routeTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });
});
