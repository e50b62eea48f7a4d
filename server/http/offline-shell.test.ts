import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A stand-in build output with the offline shell's files (decision 0046).
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Gift of Independence</title><div id="root"></div>',
  );
  fs.writeFileSync(
    path.join(webDir, 'sw.js'),
    `self.addEventListener('fetch', () => undefined);\n${'// rules\n'.repeat(400)}`,
  );
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Gift of Independence' }));
  fs.writeFileSync(path.join(webDir, 'offline.html'), '<!doctype html><title>You Are Offline</title><main></main>');
  ctx = await startTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await stopTestApp(ctx);
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the offline shell', () => {
  it('serves the service worker as a script that browsers check for a new version on every visit', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
    const compressed = await ctx.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
  });

  it('serves the web app manifest with its own content type', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({ name: 'Gift of Independence' });
  });

  it('serves the offline page as HTML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/offline.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('You Are Offline');
  });

  it('lets pages use a worker and a manifest from this site only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives['worker-src']).toBe("'self'");
    expect(directives['manifest-src']).toBe("'self'");
    expect(directives['script-src']).not.toContain('blob:');
  });
});
