import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganizationCampaign, createRecipientCampaign, payForCampaign } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { campaignPreviewPath, SITE_PREVIEW_PATH } from './preview-address';
import { createRenderedCopies } from './rendered-copies';
import { shareFactsOf } from './share-facts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ publicUrl: 'https://gift.example.ng' });
});
afterAll(() => stopTestApp(ctx));

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const currentPath = async (id: string) =>
  campaignPreviewPath((await shareFactsOf(ctx.database.db, ctx.app.storage, id))!);

async function expectPreviewPng(body: Buffer) {
  const meta = await sharp(body).metadata();
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(1200);
  expect(meta.height).toBe(630);
}

describe("a campaign's preview image", () => {
  it('is a 1200x630 PNG kept for a year at its hashed address', async () => {
    for (const id of [
      String(await createRecipientCampaign(ctx.database.db)),
      `org-${await createOrganizationCampaign(ctx.database.db, 4)}`,
    ]) {
      const url = await currentPath(id);
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await expectPreviewPng(res.rawPayload);
      // A second request is answered from memory with the same bytes.
      expect((await get(url)).rawPayload.equals(res.rawPayload)).toBe(true);
    }
  });

  it('moves to a new address when a gift changes the progress, and the old one redirects to it', async () => {
    const id = `org-${await createOrganizationCampaign(ctx.database.db, 5)}`;
    const before = await currentPath(id);
    const first = await get(before);
    expect(first.statusCode).toBe(200);

    await payForCampaign(ctx.app, id, 2);
    const after = await currentPath(id);
    expect(after).not.toBe(before);
    const stale = await get(before);
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(after);
    expect(stale.headers['cache-control']).toBe('public, max-age=60');
    const fresh = await get(after);
    expect(fresh.statusCode).toBe(200);
    await expectPreviewPng(fresh.rawPayload);
    expect(fresh.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('a raised figure changed in the database gives a new hash', async () => {
    const id = await createRecipientCampaign(ctx.database.db);
    const before = await currentPath(String(id));
    await ctx.database.db.execute(sql`update recipient_campaigns set amount_raised_kobo = 500000 where id = ${id}`);
    const after = await currentPath(String(id));
    expect(after).not.toBe(before);
    expect((await get(before)).headers.location).toBe(after);
  });

  it('a made-up hash redirects to the current image', async () => {
    const id = await createRecipientCampaign(ctx.database.db);
    const current = await currentPath(String(id));
    for (const url of [`/api/campaigns/${id}/preview/0000000000000000.png`, `/api/campaigns/${id}/preview/x.png`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(current);
    }
  });

  it('answers an unknown or private campaign with 404 in words', async () => {
    const pending = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    for (const url of [
      '/api/campaigns/999999/preview/abc.png',
      '/api/campaigns/org-999999/preview/abc.png',
      `/api/campaigns/${pending}/preview/abc.png`,
      '/api/campaigns/nope/preview/abc.png',
      // A leading zero is no campaign id at all.
      '/api/campaigns/01/preview/abc.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Campaign not found.', code: 'not_found' });
    }
    const long = await get(`/api/campaigns/1/preview/${'a'.repeat(80)}.png`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('This preview address is not valid.');
  });
});

describe('a campaign picture that cannot be read', () => {
  it('gives a preview without it that no one keeps, and the next request draws it with the picture', async () => {
    const db = ctx.database.db;
    const key = 'public/products/00000000000000000000beef-64x48.webp';
    await ctx.app.storage.write(
      key,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const id = String(await createRecipientCampaign(db, { product: 'Orbit Reader 20 Braille Display' }));
    await db.execute(sql`update products set image_key = ${key} where name = 'Orbit Reader 20 Braille Display'`);
    const url = await currentPath(id);
    const read = vi.spyOn(ctx.app.storage, 'read').mockRejectedValue(new Error('storage is down'));
    let failed;
    try {
      failed = await get(url);
    } finally {
      read.mockRestore();
    }
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['cache-control']).toBe('no-store');
    await expectPreviewPng(failed.rawPayload);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.rawPayload.equals(failed.rawPayload)).toBe(false);
    // Now kept: a third request is the same drawing.
    expect((await get(url)).rawPayload.equals(again.rawPayload)).toBe(true);
  });
});

describe('limits', () => {
  it('refuses a flood of preview requests from one address with 429, generously', async () => {
    const from = (n: number) =>
      ctx.app.inject({ method: 'GET', url: '/api/preview/site-0.png', remoteAddress: `10.63.0.${n}` });
    let last;
    for (let i = 0; i < 600; i += 1) last = await from(1);
    expect(last!.statusCode).toBe(302);
    last = await from(1);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().message).toMatch(/Too many preview images/);
    // Another address is not affected.
    expect((await from(2)).statusCode).toBe(302);
  });
});

describe('the site preview image', () => {
  it('is a 1200x630 PNG at its hashed address, and any other hash redirects there', async () => {
    const res = await get(SITE_PREVIEW_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await expectPreviewPng(res.rawPayload);
    const old = await get('/api/preview/site-0123456789abcdef.png');
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(SITE_PREVIEW_PATH);
  });
});

describe('the drawn copies', () => {
  const BUSY = 'Busy right now.';
  const png = (n: number, size = 10) => Buffer.alloc(size, n);

  it('draws an image once for many requests at once, and keeps the most recent within its bytes', async () => {
    const cache = createRenderedCopies({ maxBytes: 25, concurrency: 1, queue: 10, busyMessage: BUSY });
    let draws = 0;
    const draw = (n: number) => async () => {
      draws += 1;
      await new Promise((r) => setTimeout(r, 5));
      return png(n);
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('a', draw(1))));
    expect(draws).toBe(1);
    expect(all.every((b) => b.file.equals(png(1)) && b.lasting)).toBe(true);
    await cache.get('b', draw(2));
    await cache.get('a', draw(1)); // a is now the most recent
    await cache.get('c', draw(3)); // over 25 bytes: b, the least recent, goes
    expect(cache.stats()).toEqual({ files: 2, bytes: 20 });
    expect(draws).toBe(3);
    await cache.get('b', draw(2));
    expect(draws).toBe(4);
  });

  it('refuses with 503 and Retry-After beyond its drawings and queue', async () => {
    const cache = createRenderedCopies({ maxBytes: 1000, concurrency: 1, queue: 1, busyMessage: BUSY });
    const slow = (n: number) => () => new Promise<Buffer>((r) => setTimeout(() => r(png(n)), 20));
    const first = cache.get('1', slow(1));
    const second = cache.get('2', slow(2));
    await expect(cache.get('3', slow(3))).rejects.toMatchObject({
      message: BUSY,
      headers: { 'retry-after': '5' },
    });
    await Promise.all([first, second]);
  });
});
