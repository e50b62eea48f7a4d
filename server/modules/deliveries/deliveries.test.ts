import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_URL_INVALID } from '@contract/video';
import { DELIVERY_ALT_REQUIRED, DELIVERY_TOO_MANY_UNITS } from '@contract/deliveries';
import type { DonorGifts } from '@contract/giving';
import { selectRows } from '../../db/client';
import {
  createOrganizationCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { pngFile } from '../../test/files';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const today = new Date().toISOString().slice(0, 10);
const record = (id: number, body: object, token = admin.token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/org-campaigns/${id}/deliveries`,
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });
const campaign = async (id: number) =>
  (
    await selectRows<{ status: string; organization_id: number }>(
      ctx.database.db,
      sql`select status, organization_id from organization_campaigns where id = ${id}`,
    )
  )[0]!;
const notices = (userId: number) =>
  selectRows<{ message: string; link_to: string }>(
    ctx.database.db,
    sql`select message, link_to from notifications where user_id = ${userId} order by id`,
  );
const auditFor = (id: number) =>
  selectRows<{ action: string; details: Record<string, unknown> }>(
    ctx.database.db,
    sql`select action, details from admin_audit_log where entity_type = 'organization_campaign' and entity_id = ${String(id)} order by id`,
  );
const photo = async () =>
  (
    await uploadFile(ctx.app, admin.token, {
      purpose: 'deliveryPhoto',
      fileName: 'handover.png',
      type: 'image/png',
      bytes: await pngFile(900, 600),
    })
  ).key;

describe('organization deliveries', () => {
  it('records units with a photo and a video, audited; the organization and the signed-in donors hear of it, and the donor sees it in their gifts', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 6);
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    await payForCampaign(ctx.app, `org-${id}`, 4, { donorEmail: donor.email });
    expect((await campaign(id)).status).toBe('partially_fulfilled');

    const res = await record(id, {
      units: 3,
      deliveredOn: today,
      note: 'Handed to the resource room teacher.',
      videoUrl: 'https://vimeo.com/76979871',
      photos: [{ key: await photo(), alt: 'Three students holding their new slates' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe('partially_fulfilled');
    expect(body.deliveries).toMatchObject({ units_funded: 4, units_delivered: 3 });
    expect(body.deliveries.deliveries[0]).toMatchObject({
      units: 3,
      delivered_on: today,
      note: 'Handed to the resource room teacher.',
      video_url: 'https://vimeo.com/76979871',
      photos: [{ alt: 'Three students holding their new slates' }],
    });
    // Kept re-encoded under a public key, never the raw upload.
    const [stored] = await selectRows<{ storage_key: string }>(
      ctx.database.db,
      sql`select p.storage_key from organization_delivery_photos p join organization_deliveries d on d.id = p.delivery_id
           where d.organization_campaign_id = ${id}`,
    );
    expect(stored!.storage_key).toMatch(/^public\//);
    expect(body.deliveries.deliveries[0].photos[0].image).not.toBeNull();

    expect((await auditFor(id)).map((a) => a.action)).toEqual(['campaign.record_delivery']);
    const owner = (await campaign(id)).organization_id;
    expect((await notices(owner)).at(-1)?.message).toMatch(/^3 units of your campaign .* were delivered on /);
    const told = await notices(donor.user.id);
    expect(told.at(-1)).toMatchObject({ link_to: '/donor/gifts' });
    expect(told.at(-1)?.message).toMatch(/3 of 4 funded so far/);

    const gifts = await ctx.app.inject({
      method: 'GET',
      url: '/api/donor/gifts',
      headers: { authorization: `Bearer ${donor.token}` },
    });
    expect(gifts.statusCode).toBe(200);
    const gift = (gifts.json() as DonorGifts).givingHistory.find((g) => g.campaign_id === `org-${id}`)!;
    expect(gift.delivery).toMatchObject({ units_funded: 4, units_delivered: 3 });
    expect(gift.delivery!.deliveries[0]!.photos[0]).toMatchObject({ alt: 'Three students holding their new slates' });
  });

  it('never records more than the units fulfilled, and moves a funded campaign to delivered with its last unit', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 3, { status: 'fulfilled' });
    expect((await record(id, { units: 2, deliveredOn: today })).statusCode).toBe(201);
    const over = await record(id, { units: 2, deliveredOn: today });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(DELIVERY_TOO_MANY_UNITS(1));
    expect((await campaign(id)).status).toBe('fulfilled');

    const last = await record(id, { units: 1, deliveredOn: today });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json()).toMatchObject({ status: 'delivered', deliveries: { units_funded: 3, units_delivered: 3 } });
    expect(last.json().message).toMatch(/now marked delivered/);
    expect((await campaign(id)).status).toBe('delivered');
    // Audited as a delivery and as the Mark Delivered move, the entry the public ledger reads.
    const entries = await auditFor(id);
    expect(entries.map((a) => a.action)).toEqual([
      'campaign.record_delivery',
      'campaign.record_delivery',
      'campaign.mark_delivered',
    ]);
    expect(entries.at(-2)?.details).toMatchObject({ from: 'fulfilled', to: 'delivered' });
    expect(entries.at(-1)?.details).toEqual({ from: 'fulfilled', to: 'delivered' });

    const none = await record(id, { units: 1, deliveredOn: today });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(DELIVERY_TOO_MANY_UNITS(0));
  });

  it('tells each donor account once, however its address was typed, and not the donor of an unpaid gift', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 6);
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    await payForCampaign(ctx.app, `org-${id}`, 1, { donorEmail: donor.email.toUpperCase() });
    await payForCampaign(ctx.app, `org-${id}`, 1, { donorEmail: donor.email });
    const unpaid = await signUpUser(ctx.app, undefined, { role: 'donor' });
    await payForCampaign(ctx.app, `org-${id}`, 1, { donorEmail: unpaid.email });
    await ctx.database.db.execute(
      sql`update donations set status = 'needs_attention' where lower(donor_email) = ${unpaid.email.toLowerCase()}`,
    );
    expect((await record(id, { units: 1, deliveredOn: today })).statusCode).toBe(201);
    const told = (await notices(donor.user.id)).filter((n) => n.link_to === '/donor/gifts');
    expect(told).toHaveLength(1);
    expect(await notices(unpaid.user.id)).toEqual([]);
  });

  it('lets only one of two admins recording at once pass when both would not fit', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 4, { status: 'fulfilled' });
    const other = await signInNewAdmin(ctx.app, ctx.database.db);
    const [a, b] = await Promise.all([
      record(id, { units: 3, deliveredOn: today }),
      record(id, { units: 3, deliveredOn: today }, other.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const [sum] = await selectRows<{ units: number }>(
      ctx.database.db,
      sql`select sum(units)::int as units from organization_deliveries where organization_campaign_id = ${id}`,
    );
    expect(sum!.units).toBe(3);
  });

  it('refuses callers who are not admins, campaigns with nothing to deliver, and bad input in words', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 2, { status: 'fulfilled' });
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    expect((await record(id, { units: 1, deliveredOn: today }, donor.token)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/org-campaigns/${id}/deliveries`, payload: {} }))
        .statusCode,
    ).toBe(401);

    const bad = await record(id, { units: 1, deliveredOn: today, videoUrl: 'http://example.org/video' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: VIDEO_URL_INVALID, fieldErrors: { videoUrl: [VIDEO_URL_INVALID] } });
    const noAlt = await record(id, { units: 1, deliveredOn: today, photos: [{ key: await photo(), alt: ' ' }] });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toBe(DELIVERY_ALT_REQUIRED);
    expect((await record(id, { units: 0, deliveredOn: today })).statusCode).toBe(400);
    expect((await record(id, { units: 1, deliveredOn: '2099-01-01' })).statusCode).toBe(400);
    expect((await record(id, { units: 1, deliveredOn: '2025-02-30' })).statusCode).toBe(400);

    const unfunded = await createOrganizationCampaign(ctx.database.db, 2, { status: 'approved' });
    const refused = await record(unfunded, { units: 1, deliveredOn: today });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/This campaign is approved\.$/);
    expect((await record(999_999, { units: 1, deliveredOn: today })).statusCode).toBe(404);
    // Nothing was recorded by any of these.
    expect((await auditFor(id)).length).toBe(0);
  });
});
