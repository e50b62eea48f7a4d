import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@contract/public-pages';
import { selectRows } from '../../db/client';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

const PUBLIC_URL = 'https://gift.example.ng';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ publicUrl: `${PUBLIC_URL}/` });
});
afterAll(() => stopTestApp(ctx));

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function idsWhere(
  table: 'recipient_campaigns' | 'organization_campaigns',
  statuses: string[],
): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from ${sql.identifier(table)} where status = any(${sql.param(statuses)}::text[]) order by id`,
  );
  return rows.map((r) => Number(r.id));
}

describe('GET /robots.txt', () => {
  it('allows every crawler and points at the sitemap on PUBLIC_URL, whatever Host the request names', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the static public pages and every publicly visible campaign, and nothing else', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body).not.toContain('evil.example');

    const visibleRecipient = await idsWhere('recipient_campaigns', ['approved', 'purchased', 'delivered']);
    const visibleOrganization = await idsWhere('organization_campaigns', [
      'approved',
      'partially_fulfilled',
      'fulfilled',
    ]);
    const hiddenRecipient = await idsWhere('recipient_campaigns', ['pending', 'rejected']);
    const hiddenOrganization = await idsWhere('organization_campaigns', ['pending', 'rejected']);
    expect(visibleRecipient.length).toBeGreaterThan(0);
    expect(visibleOrganization.length).toBeGreaterThan(0);
    expect(hiddenRecipient.length + hiddenOrganization.length).toBeGreaterThan(0);

    const expected = [
      ...PUBLIC_PAGES.map((p) => `${PUBLIC_URL}${p}`),
      ...visibleRecipient.map((id) => `${PUBLIC_URL}/campaigns/${id}`),
      ...visibleOrganization.map((id) => `${PUBLIC_URL}/campaigns/org-${id}`),
    ];
    expect(locs(res.body).sort()).toEqual(expected.sort());
    expect(locs(res.body)).toContain(`${PUBLIC_URL}/fund`);
    // Each campaign says when it last changed, in the W3C form crawlers read.
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });

  it('drops a campaign once it is no longer public', async () => {
    const [first] = await idsWhere('recipient_campaigns', ['approved']);
    await ctx.database.db.execute(
      sql`update recipient_campaigns set status = 'rejected', is_featured = false where id = ${first!}`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(res.body)).not.toContain(`${PUBLIC_URL}/campaigns/${first}`);
  });

  it('is not part of the API description', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

describe('without PUBLIC_URL', () => {
  it('uses the address the server listens on', async () => {
    const local = await startTestApp({ publicUrl: undefined, host: '127.0.0.1' });
    try {
      await local.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = local.app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const robots = await (
        await fetch(`${base}/robots.txt`, { headers: { 'x-forwarded-host': 'evil.example' } })
      ).text();
      expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
      const sitemap = await fetch(`${base}/sitemap.xml`);
      expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(locs(await sitemap.text())).toContain(`http://localhost:${port}/campaigns`);
    } finally {
      await stopTestApp(local);
    }
  });
});
