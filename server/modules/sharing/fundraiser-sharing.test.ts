import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { createOrganizationCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { previewMetaFor } from './preview-meta';

let ctx: TestContext;
let db: Db;
let admin: string;
let owner: string;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  admin = (await signInNewAdmin(ctx.app, db)).token;
  owner = (await signUpUser(ctx.app, undefined, { role: 'donor' })).token;
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
        url: expect.stringMatching(/^https:\/\/example\.org\/api\/campaigns\/org-\d+\/preview\//),
      },
    });
    expect(tags?.description).toContain('I am dancing all night');
    const qr = await ctx.app.inject({ method: 'GET', url: `/api/fundraisers/${slug}/qr.png` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
  });
});
