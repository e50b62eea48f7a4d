import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationGifts } from '@contract/organization-gifts';
import { selectRows } from '../../db/client';
import { createOrganizationCampaign, payForCampaign, signUpUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A signed-up organization's team grows by a fresh account moved onto it with `role`. */
async function memberOf(organizationId: number, role: 'manager' | 'finance') {
  const made = await signUpUser(ctx.app, undefined, { role: 'organization' });
  await ctx.database.db.execute(
    sql`update organization_members set organization_id = ${organizationId}, role = ${role} where user_id = ${made.user.id}`,
  );
  return made.token;
}

describe("an organization's gifts", () => {
  it('lists the gifts that landed and their totals for owners and finance, never a donor, and downloads them as safe CSV', async () => {
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const campaign = await createOrganizationCampaign(ctx.database.db, 6, { organizationId: org.user.id });
    await payForCampaign(ctx.app, `org-${campaign}`, 2, {
      donorFullName: '=HYPERLINK("x") Ada',
      donorEmail: 'ada.gift@example.org',
    });
    await payForCampaign(ctx.app, `org-${campaign}`, 1);
    // Another organization's gift is never theirs.
    await payForCampaign(ctx.app, `org-${await createOrganizationCampaign(ctx.database.db, 3)}`, 1);

    const finance = await memberOf(org.user.id, 'finance');
    const manager = await memberOf(org.user.id, 'manager');
    for (const token of [org.token, finance]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/donations', headers: auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as OrganizationGifts;
      expect(body.gifts.every((g) => g.matched_by === null)).toBe(true);
      expect(body.gifts.map((g) => [g.campaign_id, g.units])).toEqual([
        [`org-${campaign}`, 1],
        [`org-${campaign}`, 2],
      ]);
      expect(body.totals.gifts).toBe(2);
      expect(body.totals.units).toBe(3);
      expect(body.totals.amount_kobo).toBe(body.gifts[0]!.amount_kobo + body.gifts[1]!.amount_kobo);
      expect(res.body).not.toContain('ada.gift');
      expect(res.body).not.toContain('HYPERLINK');
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/organization/donations', headers: auth(manager) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_not_allowed');

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/exports/donations.csv',
      headers: auth(finance),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="gift-of-independence-gifts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Paid,Campaign,Device,Units,Amount (naira),Amount (kobo),Matched by');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+01:00,org-${campaign},Braille Slate and Stylus Set,1,\\d+\\.\\d{2},\\d+,$`,
      ),
    );
    expect(csv.body).not.toContain('ada.gift');
  });

  it("labels the units a sponsor's match gave with the sponsor's name, on the page and in the CSV", async () => {
    const db = ctx.database.db;
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const campaign = await createOrganizationCampaign(db, 6, { organizationId: org.user.id });
    const [pool] = await selectRows<{ id: number }>(
      db,
      sql`insert into match_pools (sponsor_name, pool_kobo, starts_at, ends_at, all_campaigns)
          values ('Kente Trust', 10000000, now() - interval '1 hour', now() + interval '1 day', true) returning id`,
    );
    // The donor's unit and the pool's, in one paid checkout, as checkout records a match (decision 0080).
    const [gift] = await selectRows<{ id: number }>(
      db,
      sql`insert into donations (reference, donor_email, donor_full_name, total_kobo, status, paid_at)
          values (${`GOI-ORGMATCH-${Date.now()}`}, 'matched.donor@example.org', 'Matched Donor', 1200000, 'paid', now())
          returning id`,
    );
    await db.execute(
      sql`insert into donation_items (donation_id, organization_campaign_id, units, amount_kobo, status, match_pool_id)
          values (${gift!.id}, ${campaign}, 1, 1200000, 'allocated', null),
                 (${gift!.id}, ${campaign}, 1, 1200000, 'allocated', ${pool!.id})`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/donations', headers: auth(org.token) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OrganizationGifts;
    expect(body.gifts.map((g) => g.matched_by).sort()).toEqual(['Kente Trust', null].sort());
    expect(res.body).not.toContain('Matched Donor');

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/organization/exports/donations.csv',
      headers: auth(org.token),
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows.filter((r) => r.endsWith(',Kente Trust'))).toHaveLength(1);
    expect(rows.filter((r) => r.endsWith(','))).toHaveLength(1);
  });
});
