import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationGifts } from '@contract/organization-gifts';
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
    expect(lines[0]).toBe('Paid,Campaign,Device,Units,Amount (naira),Amount (kobo)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+01:00,org-${campaign},Braille Slate and Stylus Set,1,\\d+\\.\\d{2},\\d+$`,
      ),
    );
    expect(csv.body).not.toContain('ada.gift');
  });
});
