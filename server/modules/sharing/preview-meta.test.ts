import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { createOrganizationCampaign, createRecipientCampaign } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { findPublicCampaign } from '../campaigns/public-campaign';
import { SITE_PREVIEW_PATH } from './preview-address';
import { cutAtWord } from '@contract/text';
import { DESCRIPTION_LIMIT } from './preview-meta';
import { PREVIEW_PAGES } from './preview-pages';

const PUBLIC_URL = 'https://gift.example.ng';
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
// The shell as the build writes it: its general description spread over lines.
const INDEX = `<!doctype html><html lang="en-NG"><head><meta charset="UTF-8" />
    <meta
      name="description"
      content="The shell's general description."
    />
    <title>Gift of Independence</title></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-preview-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  // A stand-in for the build's server drawing: /about is drawn, /help fails, the rest are not drawn.
  fs.mkdirSync(path.join(webDir, '..', 'ssr'), { recursive: true });
  fs.writeFileSync(
    path.join(webDir, '..', 'ssr', 'entry-server.js'),
    `export function createPageRenderer() {
      return async (url) => {
        if (url === '/about') return { title: 'About Us | Gift of Independence', html: '<h1>About Us</h1>', state: null };
        if (url === '/help') throw new Error('drawing failed');
        return null;
      };
    }`,
  );
  ctx = await startTestApp({ publicUrl: `${PUBLIC_URL}/`, webDistDir: webDir });
});
afterAll(async () => {
  await stopTestApp(ctx);
  fs.rmSync(path.join(webDir, '..', 'ssr'), { recursive: true, force: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** The preview tags of a page: `og:title` etc. by name, `canonical` and `description`. */
function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[m[1]!] = unescape(m[2]!);
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html);
  if (canonical) tags.canonical = unescape(canonical[1]!);
  return tags;
}

async function page(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...HOSTILE } });
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, tags: tagsOf(res.body) };
}

async function publicIds(table: 'recipient_campaigns' | 'organization_campaigns', statuses: string[]) {
  const rows = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`select id from ${sql.identifier(table)} where status = any(${sql.param(statuses)}::text[]) order by id limit 1`,
  );
  return Number(rows[0]!.id);
}

function expectSiteImage(tags: Record<string, string>) {
  expect(tags['og:image']).toBe(PUBLIC_URL + SITE_PREVIEW_PATH);
  expect(tags['og:image:width']).toBe('1200');
  expect(tags['og:image:height']).toBe('630');
  expect(tags['og:image:type']).toBe('image/png');
  expect(tags['og:image:alt']).toMatch(/^Gift of Independence: Give the Gift of Independence\./);
  expect(tags['twitter:image']).toBe(tags['og:image']);
}

describe('link-preview tags on the public pages', () => {
  it('every public page that is not a campaign says its own title, description and address, with the site image', async () => {
    for (const [pathName, { title }] of Object.entries(PREVIEW_PAGES)) {
      const { html, tags } = await page(pathName);
      const url = pathName === '/' ? `${PUBLIC_URL}/` : PUBLIC_URL + pathName;
      expect(tags.canonical, pathName).toBe(url);
      expect(tags['og:url'], pathName).toBe(url);
      expect(tags['og:title'], pathName).toBe(title);
      expect(tags['twitter:title'], pathName).toBe(title);
      expect(tags['og:type'], pathName).toBe('website');
      expect(tags['og:site_name'], pathName).toBe('Gift of Independence');
      expect(tags['twitter:card'], pathName).toBe('summary_large_image');
      expect(tags.description, pathName).toBe(tags['og:description']);
      expect(tags['twitter:description'], pathName).toBe(tags['og:description']);
      expect(tags.description!.length, pathName).toBeGreaterThan(20);
      expect(tags.description!.length, pathName).toBeLessThanOrEqual(200);
      expectSiteImage(tags);
      // One description, the page's own: the shell's general one is replaced.
      expect(html.match(/name="description"/g), pathName).toHaveLength(1);
      expect(html).not.toContain('evil.example');
    }
  });

  it('names the pages by the titles the pages give themselves', () => {
    const sources: Record<string, string> = {
      '/': 'web/app/home-page.tsx',
      '/campaigns': 'web/features/campaigns/campaigns-page.tsx',
      '/search': 'web/features/campaigns/search-page.tsx',
      '/login': 'web/features/accounts/login-card.tsx',
      '/about': 'web/features/content/about-page.tsx',
      '/how-it-works': 'web/features/content/how-it-works-page.tsx',
      '/help': 'web/features/content/help-page.tsx',
      '/supported-states': 'web/features/content/supported-states-page.tsx',
      '/transparency': 'web/features/content/transparency-page.tsx',
      '/fund': 'web/features/content/fund-page.tsx',
      '/organizations': 'web/features/content/organizations-page.tsx',
      '/terms-of-service': 'web/features/content/terms-page.tsx',
      '/privacy-policy': 'web/features/content/privacy-page.tsx',
    };
    expect(Object.keys(PREVIEW_PAGES).sort()).toEqual(Object.keys(sources).sort());
    for (const [pathName, file] of Object.entries(sources)) {
      const source = fs.readFileSync(path.resolve(file), 'utf8');
      const title = PREVIEW_PAGES[pathName]!.title;
      if (pathName === '/') expect(source).toContain('usePageTitle(SITE_NAME)');
      else expect(source, file).toMatch(new RegExp(`["'\`]${title}["'\`]`));
    }
  });

  it('a page not drawn, or whose drawing failed, carries the tags and its title all the same', async () => {
    const drawn = await page('/about');
    expect(drawn.html).toContain('<div id="root"><h1>About Us</h1></div>');
    expect(drawn.html).toContain('<title>About Us | Gift of Independence</title>');
    expect(drawn.tags['og:title']).toBe('About Us');
    const failed = await page('/help');
    expect(failed.html).toContain('<div id="root"></div>');
    expect(failed.html).toContain('<title>Help Center | Gift of Independence</title>');
    expect(failed.tags['og:title']).toBe('Help Center');
    expect((await page('/')).html).toContain('<title>Gift of Independence</title>');
  });

  it('the canonical address drops the query and a trailing slash', async () => {
    const { tags } = await page('/login?tab=signup&ref=whatsapp');
    expect(tags.canonical).toBe(`${PUBLIC_URL}/login`);
    expect((await page('/about/?ref=x')).tags.canonical).toBe(`${PUBLIC_URL}/about`);
    expect((await page('/search?q=braille')).tags['og:url']).toBe(`${PUBLIC_URL}/search`);
  });

  it("a campaign's page is an article with its title, its reason and its own hashed preview image", async () => {
    const recipient = await publicIds('recipient_campaigns', ['approved']);
    const organization = await publicIds('organization_campaigns', ['approved', 'partially_fulfilled']);
    for (const id of [String(recipient), `org-${organization}`]) {
      const campaign = (
        await ctx.app.inject({
          method: 'GET',
          url: id.startsWith('org-') ? `/api/org-campaigns/${organization}` : `/api/campaigns/${recipient}`,
        })
      ).json() as { product_name: string; reason: string };
      const { tags } = await page(`/campaigns/${id}?ref=share`);
      expect(tags.canonical).toBe(`${PUBLIC_URL}/campaigns/${id}`);
      expect(tags['og:url']).toBe(tags.canonical);
      expect(tags['og:type']).toBe('article');
      expect(tags['og:title']).toMatch(new RegExp(`^${campaign.product_name} for `));
      expect(tags['og:description']).toBe(cutAtWord(campaign.reason, DESCRIPTION_LIMIT));
      const imagePrefix = `${PUBLIC_URL}/api/campaigns/${id}/preview/`;
      expect(tags['og:image']!.startsWith(imagePrefix), tags['og:image']).toBe(true);
      expect(tags['og:image']!.slice(imagePrefix.length)).toMatch(/^[0-9a-f]{16}\.png$/);
      expect(tags['og:image:width']).toBe('1200');
      expect(tags['og:image:height']).toBe('630');
      // The image in words: its title and the figures it shows.
      expect(tags['og:image:alt']).toContain(tags['og:title']);
      expect(tags['og:image:alt']).toMatch(/₦[\d,]+ raised of ₦[\d,]+/);
      expect(tags['twitter:card']).toBe('summary_large_image');
      // The image address named in the page is the one the image route answers, with the PNG.
      const image = await ctx.app.inject({ method: 'GET', url: tags['og:image']!.slice(PUBLIC_URL.length) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
  });

  it('a long reason is cut at a word to at most 200 characters, and every attribute is escaped', async () => {
    const reason = `I need "this" <b>device</b> & more; ${'travelling to school every single day '.repeat(8)}`;
    const id = await createRecipientCampaign(ctx.database.db, { reason });
    const { html, tags } = await page(`/campaigns/${id}`);
    expect(tags['og:description']!.length).toBeLessThanOrEqual(200);
    expect(tags['og:description']).toMatch(/^I need "this" <b>device<\/b> & more; travelling/);
    expect(tags['og:description']).toMatch(/ (travelling|to|school|every|single|day)…$/);
    expect(html).toContain('content="I need &quot;this&quot; &lt;b>device&lt;/b> &amp; more;');
    expect(html).not.toContain('<b>device');
  });

  it('a campaign that is not public, or no campaign at all, has no preview', async () => {
    const pending = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    const rejected = await createOrganizationCampaign(ctx.database.db, 3, { status: 'rejected' });
    for (const url of [
      `/campaigns/${pending}`,
      `/campaigns/org-${rejected}`,
      '/campaigns/999999',
      '/campaigns/abc',
      '/campaigns/%20',
    ]) {
      const { html, tags } = await page(url);
      expect(tags, url).toEqual({});
      expect(html, url).not.toContain('og:');
    }
  });

  it('the private pages carry no preview tags and no description', async () => {
    for (const url of [
      '/admin',
      '/admin/campaigns',
      '/donor/gifts',
      '/recipient',
      '/recipient/profile',
      '/organization',
      '/onboarding',
      '/onboarding/edit',
      '/checkout',
      '/checkout/success',
      '/cart',
      '/donate/1',
      '/forgot-password',
      '/set-password',
      '/reset-password/abc',
      '/no/such/page',
    ]) {
      const { html, tags } = await page(url);
      expect(tags, url).toEqual({});
      expect(html, url).not.toMatch(/og:|twitter:|rel="canonical"|name="description"/);
      expect(html, url).toContain('<title>Gift of Independence</title>');
    }
  });
});

describe("a campaign page's look-ups", () => {
  it('share one read of the campaign when its preloads and its tags ask at the same moment', async () => {
    const ref = { kind: 'recipient' as const, id: await createRecipientCampaign(ctx.database.db) };
    const first = findPublicCampaign(ctx.database.db, ctx.app.storage, ref);
    expect(findPublicCampaign(ctx.database.db, ctx.app.storage, ref)).toBe(first);
    expect((await first)?.id).toBe(ref.id);
    // Nothing is kept once the read is done: a later look-up reads again.
    expect(findPublicCampaign(ctx.database.db, ctx.app.storage, ref)).not.toBe(first);
  });
});

describe("a sponsor's open match in a campaign's preview (decision 0080)", () => {
  it('leads the description and the image words while it is open, and changes the image address', async () => {
    const db = ctx.database.db;
    const id = await createOrganizationCampaign(db, 10);
    const before = (await page(`/campaigns/org-${id}`)).tags;
    expect(before.description).not.toContain('Every naira');
    const [pool] = await selectRows<{ id: number }>(
      db,
      sql`insert into match_pools (sponsor_name, pool_kobo, ratio, starts_at, ends_at, all_campaigns)
          values ('Preview Sponsor', 5000000, 1, now() - interval '1 hour', '2099-12-31T12:00:00+01:00', false)
          returning id`,
    );
    await db.execute(
      sql`insert into match_pool_campaigns (pool_id, organization_campaign_id) values (${pool!.id}, ${id})`,
    );
    const { tags } = await page(`/campaigns/org-${id}`);
    expect(tags.description).toMatch(/^Every naira doubled by Preview Sponsor until 31 December, ₦50,000 left\. /);
    expect(tags['og:image:alt']).toContain('Every naira doubled by Preview Sponsor until 31 December, ₦50,000 left.');
    expect(tags['og:image']).not.toBe(before['og:image']);
    const image = await ctx.app.inject({ method: 'GET', url: tags['og:image']!.replace(PUBLIC_URL, '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // Once it closes, the campaign's preview is as it was.
    await db.execute(sql`update match_pools set ends_at = now() where id = ${pool!.id}`);
    expect((await page(`/campaigns/org-${id}`)).tags['og:image']).toBe(before['og:image']);
  });
});
