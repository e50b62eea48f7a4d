import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../../db/client';
import { createOrganizationCampaign, createRecipientCampaign, signInNewAdmin } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { openPoolsFor } from './open-pools';

const SLATE = 1_200_000; // Braille Slate and Stylus Set, ₦12,000 a unit
const CANE = 4_500_000; // Folding White Cane, ₦45,000

let ctx: TestContext;
let db: Db;
let adminToken: string;
let address = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  adminToken = (await signInNewAdmin(ctx.app, db)).token;
});
afterAll(() => stopTestApp(ctx));

/** A pool covering only the campaigns named, open from `opensIn` minutes from now for `hours`. */
async function openPool(
  poolKobo: number,
  campaigns: { recipient?: number[]; organization?: number[] },
  { opensIn = -1, hours = 24, ratio = 1, sponsor = 'First Braille Bank Foundation' } = {},
): Promise<number> {
  const [pool] = await selectRows<{ id: number }>(
    db,
    sql`insert into match_pools (sponsor_name, pool_kobo, ratio, starts_at, ends_at, all_campaigns)
        values (${sponsor}, ${poolKobo}, ${ratio}, now() + make_interval(mins => ${opensIn}),
                now() + make_interval(mins => ${opensIn}) + make_interval(hours => ${hours}), false)
        returning id`,
  );
  for (const id of campaigns.recipient ?? [])
    await db.execute(
      sql`insert into match_pool_campaigns (pool_id, recipient_campaign_id) values (${pool!.id}, ${id})`,
    );
  for (const id of campaigns.organization ?? [])
    await db.execute(
      sql`insert into match_pool_campaigns (pool_id, organization_campaign_id) values (${pool!.id}, ${id})`,
    );
  return Number(pool!.id);
}

const nextAddress = () => {
  address += 1;
  return `10.77.${address >> 8}.${address & 255}`;
};

async function checkout(campaignId: string, units = 1, remoteAddress = nextAddress()) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    payload: {
      donorEmail: `matched.${randomBytes(3).toString('hex')}@example.org`,
      donorFullName: 'Matched Giver',
      cartItems: [{ campaignId, units }],
    },
  });
  return { res, remoteAddress };
}

async function pay(reference: string, remoteAddress: string) {
  const charged = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/charge',
    remoteAddress,
    payload: { reference },
  });
  expect(charged.statusCode).toBe(200);
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode).toBe(200);
  return fund.json() as { status: string; amountKobo: number };
}

async function give(campaignId: string, units = 1) {
  const { res, remoteAddress } = await checkout(campaignId, units);
  expect(res.statusCode).toBe(200);
  const started = res.json() as { reference: string; amountKobo: number; match: unknown };
  return { started, fund: await pay(started.reference, remoteAddress) };
}

/** What the pool has given (allocated) and what it has left, holds included. */
async function poolFigures(poolId: number) {
  const [row] = await selectRows<{ given: string; held: string; pool: string }>(
    db,
    sql`select p.pool_kobo as pool,
               coalesce((select sum(i.amount_kobo) from donation_items i where i.match_pool_id = p.id and i.status = 'allocated'), 0) as given,
               coalesce((select sum(i.amount_kobo) from donation_items i join donations d on d.id = i.donation_id
                          where i.match_pool_id = p.id and i.status = 'held' and d.status = 'pending' and d.hold_expires_at > now()), 0) as held
          from match_pools p where p.id = ${poolId}`,
  );
  return {
    given: Number(row!.given),
    held: Number(row!.held),
    left: Number(row!.pool) - Number(row!.given) - Number(row!.held),
  };
}

async function organizationRow(id: number) {
  const [row] = await selectRows<{ units: number; raised: string; status: string }>(
    db,
    sql`select units_fulfilled as units, amount_raised_kobo as raised, status from organization_campaigns where id = ${id}`,
  );
  return { units: Number(row!.units), raised: Number(row!.raised), status: row!.status };
}

async function recipientRow(id: number) {
  const [row] = await selectRows<{ units: number; raised: string; status: string }>(
    db,
    sql`select units_fulfilled as units, amount_raised_kobo as raised, status from recipient_campaigns where id = ${id}`,
  );
  return { units: Number(row!.units), raised: Number(row!.raised), status: row!.status };
}

describe('a match pool', () => {
  it("adds whole units to an organization's campaign, says so at checkout, and records them as the pool's", async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const pool = await openPool(10 * SLATE, { organization: [campaign] });
    const { started, fund } = await give(`org-${campaign}`, 2);
    expect(started.amountKobo).toBe(2 * SLATE);
    expect(started.match).toEqual({ sponsorName: 'First Braille Bank Foundation', addsKobo: 2 * SLATE, units: 2 });
    expect(fund.status).toBe('paid');
    expect(await organizationRow(campaign)).toMatchObject({ units: 4, raised: 4 * SLATE });
    expect(await poolFigures(pool)).toEqual({ given: 2 * SLATE, held: 0, left: 8 * SLATE });
    // The donor's own gift is only what they paid.
    const [own] = await selectRows<{ total: string; own: string }>(
      db,
      sql`select d.total_kobo as total,
                 (select sum(amount_kobo) from donation_items where donation_id = d.id and match_pool_id is null) as own
            from donations d where d.reference = ${started.reference}`,
    );
    expect(Number(own!.total)).toBe(2 * SLATE);
    expect(Number(own!.own)).toBe(2 * SLATE);
  });

  it("shares a recipient's device: the donor pays half, the pool the rest, the device is funded once", async () => {
    const campaign = await createRecipientCampaign(db);
    const pool = await openPool(CANE, { recipient: [campaign] });
    const { started, fund } = await give(String(campaign));
    expect(started.amountKobo).toBe(CANE / 2);
    expect(started.match).toEqual({ sponsorName: 'First Braille Bank Foundation', addsKobo: CANE / 2, units: 0 });
    expect(fund).toMatchObject({ status: 'paid', amountKobo: CANE / 2 });
    expect(await recipientRow(campaign)).toMatchObject({ units: 1, raised: CANE, status: 'purchased' });
    expect((await poolFigures(pool)).given).toBe(CANE / 2);
  });

  it('matches only inside its window, and keeps the match of a gift started before it closed', async () => {
    const later = await createOrganizationCampaign(db, 10);
    await openPool(10 * SLATE, { organization: [later] }, { opensIn: 60 });
    const early = await give(`org-${later}`);
    expect(early.started.match).toBeNull();
    expect(await openPoolsFor(db, [{ kind: 'organization', id: later }])).toEqual(new Map());

    const closing = await createOrganizationCampaign(db, 10);
    const pool = await openPool(10 * SLATE, { organization: [closing] });
    const { res, remoteAddress } = await checkout(`org-${closing}`);
    const started = res.json() as { reference: string; match: { units: number } };
    expect(started.match.units).toBe(1);
    await db.execute(
      sql`update match_pools set ends_at = now() - interval '1 second', starts_at = now() - interval '1 day' where id = ${pool}`,
    );
    expect((await pay(started.reference, remoteAddress)).status).toBe('paid');
    expect(await organizationRow(closing)).toMatchObject({ units: 2 });
    // After the close, a new gift is not matched.
    expect((await give(`org-${closing}`)).started.match).toBeNull();
  });

  it('gives the pool back what a checkout started again held', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const pool = await openPool(4 * SLATE, { organization: [campaign] });
    const { res } = await checkout(`org-${campaign}`, 2);
    expect((await poolFigures(pool)).held).toBe(2 * SLATE);
    await db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 second' where reference = ${(res.json() as { reference: string }).reference}`,
    );
    expect(await poolFigures(pool)).toEqual({ given: 0, held: 0, left: 4 * SLATE });
  });

  it('returns the match to the pool when a refund frees the gift', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const pool = await openPool(10 * SLATE, { organization: [campaign] });
    const { started } = await give(`org-${campaign}`, 3);
    expect((await poolFigures(pool)).given).toBe(3 * SLATE);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${started.reference}/refund`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { amountKobo: 3 * SLATE, note: 'The donor asked for the gift back.', releaseUnits: true },
    });
    expect(refund.statusCode).toBe(200);
    expect(await poolFigures(pool)).toEqual({ given: 0, held: 0, left: 10 * SLATE });
    expect(await organizationRow(campaign)).toMatchObject({ units: 0, raised: 0 });
  });

  it('records a gift whose hold lapsed without the units the pool no longer has', async () => {
    const campaign = await createOrganizationCampaign(db, 10);
    const pool = await openPool(SLATE, { organization: [campaign] });
    const first = await checkout(`org-${campaign}`);
    const firstStarted = first.res.json() as { reference: string; match: { units: number } };
    expect(firstStarted.match.units).toBe(1);
    await db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 second' where reference = ${firstStarted.reference}`,
    );
    // Meanwhile another donor's gift takes the pool's only unit.
    expect((await give(`org-${campaign}`)).started.match).toMatchObject({ units: 1 });
    expect((await pay(firstStarted.reference, first.remoteAddress)).status).toBe('paid');
    expect(await organizationRow(campaign)).toMatchObject({ units: 3, raised: 3 * SLATE });
    expect(await poolFigures(pool)).toEqual({ given: SLATE, held: 0, left: 0 });
    const statuses = await selectRows<{ status: string; pooled: boolean }>(
      db,
      sql`select i.status, i.match_pool_id is not null as pooled from donation_items i join donations d on d.id = i.donation_id
           where d.reference = ${firstStarted.reference} order by i.id`,
    );
    expect(statuses).toEqual([
      { status: 'allocated', pooled: false },
      { status: 'released', pooled: true },
    ]);
  });

  it("sets aside for the team a recipient's gift whose share the pool no longer has", async () => {
    const campaign = await createRecipientCampaign(db);
    const other = await createRecipientCampaign(db);
    await openPool(CANE / 2, { recipient: [campaign, other] });
    const first = await checkout(String(campaign));
    const firstStarted = first.res.json() as { reference: string; amountKobo: number };
    expect(firstStarted.amountKobo).toBe(CANE / 2);
    await db.execute(
      sql`update donations set hold_expires_at = now() - interval '1 second' where reference = ${firstStarted.reference}`,
    );
    expect((await give(String(other))).started.amountKobo).toBe(CANE / 2);
    const fund = await pay(firstStarted.reference, first.remoteAddress);
    expect(fund.status).toBe('needs_attention');
    expect(await recipientRow(campaign)).toMatchObject({ units: 0, raised: 0 });
    const [row] = await selectRows<{ reason: string }>(
      db,
      sql`select c.reason from attention_cases c join donations d on d.id = c.donation_id where d.reference = ${firstStarted.reference}`,
    );
    expect(row!.reason).toBe('match_lapsed');
  });

  it('is given out exactly under simultaneous gifts, and no campaign is oversold', async () => {
    const campaign = await createOrganizationCampaign(db, 40);
    const pool = await openPool(12 * SLATE + SLATE / 2, { organization: [campaign] });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const { res, remoteAddress } = await checkout(`org-${campaign}`);
        if (res.statusCode !== 200) return res.statusCode;
        const fund = await pay((res.json() as { reference: string }).reference, remoteAddress);
        return fund.status;
      }),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(28);
    expect(outcomes.filter((o) => o === 409)).toHaveLength(2);
    expect(await organizationRow(campaign)).toMatchObject({ units: 40, raised: 40 * SLATE, status: 'fulfilled' });
    expect(await poolFigures(pool)).toEqual({ given: 12 * SLATE, held: 0, left: SLATE / 2 });
  });
});
