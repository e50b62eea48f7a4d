import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { createOrganizationCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { FUNDRAISER_NOT_FOUND } from '@contract/fundraisers';
import sharp from 'sharp';
import { FUNDRAISER_CLOSED } from '../fundraisers/read-fundraisers';
import { previewMetaFor } from './preview-meta';
import { FUNDRAISER_PREVIEW_ASK } from './preview-image';

let ctx: TestContext;
let db: Db;
let admin: string;
let owner: string;
let owner2: string;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  admin = (await signInNewAdmin(ctx.app, db)).token;
  owner = (await signUpUser(ctx.app, undefined, { role: 'donor' })).token;
  owner2 = (await signUpUser(ctx.app, undefined, { role: 'donor' })).token;
});
afterAll(() => stopTestApp(ctx));

describe("a supporter's fundraiser carried beyond the site (decision 0081)", () => {
  it('has preview tags, a preview image and a QR code once approved, and none before', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/fundraisers',
      headers: { authorization: `Bearer ${owner}` },
      payload: {
        campaignId: `org-${campaign}`,
        title: 'Dancing for slates',
        story: 'I am dancing all night so the resource room gets its slates.',
        goalKobo: 5_000_000,
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const slug = start.json().slug as string;
    // Only stored images' addresses are read of the storage here.
    const storage = { publicUrl: (key: string | null) => (key ? `/media/${key}` : null) } as unknown as Storage;
    const meta = previewMetaFor({ db, storage, baseUrl: () => 'https://example.org' });
    expect(await meta(`/fundraisers/${slug}`)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/fundraisers/${slug}/qr.png` })).statusCode).toBe(404);

    const approve = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fundraisers/${slug}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const tags = await meta(`/fundraisers/${slug}`);
    expect(tags).toMatchObject({
      title: 'Dancing for slates',
      canonicalUrl: `https://example.org/fundraisers/${slug}`,
      type: 'article',
      image: {
        type: 'image/png',
        url: expect.stringMatching(
          new RegExp(`^https://example\\.org/api/fundraisers/${slug}/preview/[0-9a-f]{16}\\.png$`),
        ),
      },
    });
    expect(tags?.image?.alt).toContain('Dancing for slates: raised for ');
    expect(tags?.description).toContain('I am dancing all night');
    const qr = await ctx.app.inject({ method: 'GET', url: `/api/fundraisers/${slug}/qr.png` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
  });

  it('has its own preview image, which moves to a new address when a gift changes what it raised', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/fundraisers',
      headers: { authorization: `Bearer ${owner2}` },
      payload: {
        campaignId: `org-${campaign}`,
        title: 'Cycling to Ibadan for braille slates',
        story: 'Every kilometre I ride is for the resource room.',
        goalKobo: 2_000_000,
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const slug = start.json().slug as string;
    const meta = previewMetaFor({ db, storage: ctx.app.storage, baseUrl: () => 'https://example.org' });
    // Pending: no image, in words, whatever the hash.
    const pending = await ctx.app.inject({
      method: 'GET',
      url: `/api/fundraisers/${slug}/preview/0000000000000000.png`,
    });
    expect(pending.statusCode).toBe(404);
    expect(pending.json().message).toBe(FUNDRAISER_NOT_FOUND);

    const approve = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/fundraisers/${slug}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const before = (await meta(`/fundraisers/${slug}`))!.image!;
    const path = before.url.replace('https://example.org', '');
    expect(path).toMatch(new RegExp(`^/api/fundraisers/${slug}/preview/[0-9a-f]{16}\\.png$`));
    expect(before).toMatchObject({ type: 'image/png', width: 1200, height: 630 });
    expect(before.alt).toContain('Cycling to Ibadan for braille slates: raised for ');
    expect(before.alt).toContain('₦0 raised of ₦20,000, 0% of the goal.');
    expect(before.alt).toContain(FUNDRAISER_PREVIEW_ASK);

    const first = await ctx.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
    const size = await sharp(first.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['png', 1200, 630]);
    // A made-up hash finds the current image.
    const madeUp = await ctx.app.inject({ method: 'GET', url: `/api/fundraisers/${slug}/preview/x.png` });
    expect(madeUp.statusCode).toBe(302);
    expect(madeUp.headers.location).toBe(path);

    await giveThrough(`org-${campaign}`, slug);
    const after = (await meta(`/fundraisers/${slug}`))!.image!;
    expect(after.url).not.toBe(before.url);
    expect(after.alt).not.toBe(before.alt);
    expect(after.alt).not.toContain('₦0 raised of');
    const newPath = after.url.replace('https://example.org', '');
    const stale = await ctx.app.inject({ method: 'GET', url: path });
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(newPath);
    const fresh = await ctx.app.inject({ method: 'GET', url: newPath });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(first.rawPayload)).toBe(false);

    // Closed, it says so in place of the ask, at a new address.
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/fundraisers/${slug}/close`,
      headers: { authorization: `Bearer ${owner2}` },
    });
    expect(close.statusCode, close.body).toBe(200);
    const closed = (await meta(`/fundraisers/${slug}`))!.image!;
    expect(closed.url).not.toBe(after.url);
    expect(closed.alt).toContain(FUNDRAISER_CLOSED);
    expect(closed.alt).not.toContain(FUNDRAISER_PREVIEW_ASK);
    const closedImage = await ctx.app.inject({ method: 'GET', url: closed.url.replace('https://example.org', '') });
    expect(closedImage.statusCode).toBe(200);
    expect(closedImage.rawPayload.equals(fresh.rawPayload)).toBe(false);
  });
});

/** A guest's paid gift to one unit of `campaignId`, made through the fundraiser `slug`. */
async function giveThrough(campaignId: string, slug: string) {
  const remoteAddress = '10.82.0.7';
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: {
      donorEmail: 'guest.preview@example.org',
      donorFullName: 'Ngozi Eze',
      cartItems: [{ campaignId, units: 1 }],
      fundraiser: slug,
    },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { reference } = checkout.json() as { reference: string };
  const charge = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/charge',
    remoteAddress,
    payload: { reference },
  });
  expect(charge.statusCode, charge.body).toBeLessThan(300);
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
}
