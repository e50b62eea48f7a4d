import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fundReplySchema } from '@contract/fund';
import { selectRows, type Db } from '../../db/client';
import { JOB } from '../../jobs/names';
import type { MailMessage } from '../../providers/mail/mail';
import { createOrganizationCampaign, createRecipientCampaign, createUser, payForCampaign } from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { GIVABLE_STATUSES } from '../campaign-core/status-rules';
import { campaignDonations, donorGifts } from '../giving/queries';
import { paymentTotals } from '../money-desk/list-payments';
import { receiptFactsById } from '../receipts/receipt-facts';
import { fundTotals } from '../transparency/fund-figures';
import { computeLedger } from '../transparency/queries';
import { allocateFund } from './allocate-fund';
import { mailWhatYourGiftsDid, previousPeriod } from './what-your-gifts-did';

const SLATE = 1_200_000; // Braille Slate and Stylus Set, ₦12,000 a unit
const CANE = 4_500_000; // Folding White Cane, ₦45,000

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await startTestApp({}, {}, { withoutSchedules: [JOB.allocateFund, JOB.fundMonthlyMail] });
  db = ctx.database.db;
});
afterAll(() => stopTestApp(ctx));

/**
 * Each test starts with an empty fund and no campaign taking gifts but its own: the demo campaigns
 * are closed (or, for a person, turned down) so the rule serves only what the test made.
 */
beforeEach(async () => {
  await db.execute(sql`delete from donations where fund_kobo > 0 or from_fund`);
  await db.execute(
    sql`update organization_campaigns set status = 'closed' where status = any(${sql.param(GIVABLE_STATUSES.organization)}::text[])`,
  );
  await db.execute(
    sql`update recipient_campaigns set status = 'rejected', is_featured = false where status = any(${sql.param(GIVABLE_STATUSES.recipient)}::text[])`,
  );
});

const deps = () => ({ db, jobs: ctx.app.jobs, baseUrl: 'http://localhost' });

/** Money given to the fund as a paid gift with no campaign items, as a monthly gift's month is recorded. */
async function giveToFund(
  kobo: number,
  {
    email = `giver.${randomBytes(3).toString('hex')}@example.org`,
    name = 'Fund Giver',
    campaignId = null as number | null,
    paidAt = new Date(),
    userId = null as number | null,
  } = {},
): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into donations (reference, donor_user_id, donor_email, donor_full_name, total_kobo, fund_kobo, fund_campaign_id, status, paid_at)
        values (${`GOI-FUND-${randomBytes(6).toString('hex')}`}, ${userId}, ${email}, ${name}, ${kobo}, ${kobo}, ${campaignId}, 'paid', ${paidAt.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row!.id);
}

/** Approved on a given day, as the audit log records an admin's approval. */
async function approvedOn(kind: 'recipient' | 'organization', id: number, day: string): Promise<void> {
  await db.execute(
    sql`insert into admin_audit_log (admin_id, action, entity_type, entity_id, details, created_at)
        select (select id from users order by id limit 1), 'campaign.approve', ${`${kind}_campaign`}, ${String(id)}, '{}'::jsonb, ${day}::timestamptz`,
  );
}

async function organization(id: number) {
  const [row] = await selectRows<{ status: string; units: number; raised: string; quantity: number }>(
    db,
    sql`select status, units_fulfilled as units, amount_raised_kobo as raised, quantity from organization_campaigns where id = ${id}`,
  );
  return {
    status: row!.status,
    units: Number(row!.units),
    raised: Number(row!.raised),
    quantity: Number(row!.quantity),
  };
}

async function recipient(id: number) {
  const [row] = await selectRows<{ status: string; units: number; raised: string }>(
    db,
    sql`select status, units_fulfilled as units, amount_raised_kobo as raised from recipient_campaigns where id = ${id}`,
  );
  return { status: row!.status, units: Number(row!.units), raised: Number(row!.raised) };
}

async function fundReply() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/fund' });
  expect(res.statusCode).toBe(200);
  return fundReplySchema.parse(res.json());
}

describe('the allocation rule (decision 0078)', () => {
  it('serves the campaigns approved longest ago in whole units, a person only when the money covers the device, and skips what it cannot serve', async () => {
    const oldest = await createOrganizationCampaign(db, 5);
    const person = await createRecipientCampaign(db);
    const younger = await createOrganizationCampaign(db, 10);
    await approvedOn('organization', oldest, '2001-01-01');
    await approvedOn('recipient', person, '2001-01-02');
    await approvedOn('organization', younger, '2001-01-03');
    await giveToFund(10_000_000);

    const allocated = await allocateFund(deps());

    // ₦100,000: 5 units of the oldest (all it needs, ₦60,000); ₦40,000 cannot finish the ₦45,000
    // cane, so the person is passed over; 3 units of the younger (₦36,000); ₦4,000 waits.
    expect(allocated.map((a) => [a.kind, a.id, a.units, a.amount])).toEqual([
      ['organization', oldest, 5, 5 * SLATE],
      ['organization', younger, 3, 3 * SLATE],
    ]);
    expect(await organization(oldest)).toMatchObject({ status: 'fulfilled', units: 5, raised: 5 * SLATE });
    expect(await organization(younger)).toMatchObject({ status: 'partially_fulfilled', units: 3, raised: 3 * SLATE });
    expect(await recipient(person)).toMatchObject({ status: 'approved', units: 0 });

    const reply = await fundReply();
    expect(reply.balanceKobo).toBe(10_000_000 - 8 * SLATE);
    expect(reply.allocations).toHaveLength(2);
    expect(reply.allocations.map((a) => [a.campaignId, a.units, a.amountKobo, a.device])).toEqual(
      expect.arrayContaining([
        [`org-${oldest}`, 5, 5 * SLATE, 'Braille Slate and Stylus Set'],
        [`org-${younger}`, 3, 3 * SLATE, 'Braille Slate and Stylus Set'],
      ]),
    );

    // Each allocation is a paid gift from the fund with no payment, its item allocated.
    const rows = await selectRows<{ email: string; name: string; payments: number; items: string; reference: string }>(
      db,
      sql`select d.donor_email as email, d.donor_full_name as name, d.reference,
                 (select count(*) from payments p where p.donation_id = d.id)::int as payments,
                 (select string_agg(i.status, ',') from donation_items i where i.donation_id = d.id) as items
            from donations d where d.from_fund order by d.id`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({
        email: 'independence-fund',
        name: 'The Independence Fund',
        payments: 0,
        items: 'allocated',
      });
      expect(r.reference).toMatch(/^FUND-\d{8}-[0-9a-f]{12}$/);
    }
    // The owners are told as a donor's gift tells them.
    const [told] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications n
           where n.user_id in (select organization_id from organization_campaigns where id in (${oldest}, ${younger}))
             and n.message like 'A donor has funded%'`,
    );
    expect(told!.n).toBe(2);

    // Once the balance covers the cane, the person's device is funded whole.
    await giveToFund(CANE - 400_000);
    const next = await allocateFund(deps());
    expect(next.map((a) => [a.kind, a.id, a.amount])).toEqual([['recipient', person, CANE]]);
    expect(await recipient(person)).toMatchObject({ status: 'purchased', units: 1, raised: CANE });
    expect((await fundReply()).balanceKobo).toBe(0);
    // Nothing left to give: a second run the same day changes nothing.
    expect(await allocateFund(deps())).toEqual([]);
  });

  it('never takes units a donor holds at checkout, and the donor still gets them when they pay', async () => {
    const campaign = await createOrganizationCampaign(db, 2);
    await approvedOn('organization', campaign, '2001-02-01');
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/checkout',
      remoteAddress: '10.46.0.1',
      payload: {
        donorEmail: 'holder@example.org',
        donorFullName: 'Hold Er',
        cartItems: [{ campaignId: `org-${campaign}`, units: 1 }],
      },
    });
    expect(checkout.statusCode).toBe(200);
    const { reference } = checkout.json() as { reference: string };
    await giveToFund(3 * SLATE);

    const allocated = await allocateFund(deps());
    expect(allocated.map((a) => a.units)).toEqual([1]);
    expect(await organization(campaign)).toMatchObject({ units: 1 });

    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge',
      remoteAddress: '10.46.0.1',
      payload: { reference },
    });
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/fund',
      remoteAddress: '10.46.0.1',
      payload: { transactionId: reference },
    });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect(await organization(campaign)).toMatchObject({ status: 'fulfilled', units: 2, raised: 2 * SLATE });
    // The fund keeps what it could not place.
    expect((await fundReply()).balanceKobo).toBe(2 * SLATE);
  });

  it('never gives a campaign more than it needs while donors give to it at the same moment', async () => {
    const campaign = await createOrganizationCampaign(db, 6);
    await approvedOn('organization', campaign, '2001-03-01');
    await giveToFund(6 * SLATE);
    const gifts = Array.from({ length: 4 }, () =>
      payForCampaign(ctx.app, `org-${campaign}`, 1).then(
        (g) => g.status,
        () => 'refused',
      ),
    );
    const [allocated, ...statuses] = await Promise.all([allocateFund(deps()), ...gifts]);
    const fundUnits = (allocated as Awaited<ReturnType<typeof allocateFund>>).reduce((sum, a) => sum + a.units, 0);
    const donorUnits = (statuses as string[]).filter((s) => s === 'paid').length;

    const c = await organization(campaign);
    expect(c.units).toBe(fundUnits + donorUnits);
    expect(c.units).toBeLessThanOrEqual(6);
    const [sold] = await selectRows<{ units: number; paid: string }>(
      db,
      sql`select coalesce(sum(i.units), 0)::int as units, coalesce(sum(i.amount_kobo), 0) as paid
            from donation_items i join donations d on d.id = i.donation_id
           where i.organization_campaign_id = ${campaign} and i.status = 'allocated' and d.status = 'paid'`,
    );
    expect(sold!.units).toBe(c.units);
    expect(Number(sold!.paid)).toBe(c.raised);
    // What the fund could not place stays in it, to the kobo.
    expect((await fundReply()).balanceKobo).toBe(6 * SLATE - fundUnits * SLATE);
  });

  it('gives earmarked money to its own campaign first, and lets it join the fund once that campaign closes', async () => {
    const older = await createOrganizationCampaign(db, 10);
    const earmarked = await createOrganizationCampaign(db, 10);
    await approvedOn('organization', older, '2001-04-01');
    await approvedOn('organization', earmarked, '2001-04-02');
    // ₦30,000 for the younger campaign alone: 2 units, ₦6,000 waits for it.
    await giveToFund(3_000_000, { campaignId: earmarked });

    const first = await allocateFund(deps());
    expect(first.map((a) => [a.id, a.units])).toEqual([[earmarked, 2]]);
    expect(await organization(older)).toMatchObject({ units: 0 });
    expect((await fundReply()).balanceKobo).toBe(600_000);

    // ₦6,000 of general money and the ₦6,000 waiting buy one more unit of the earmarked campaign,
    // not one of the older: general money alone cannot buy a unit there.
    await giveToFund(600_000);
    expect((await allocateFund(deps())).map((a) => [a.id, a.units])).toEqual([[earmarked, 1]]);

    // Once the campaign takes no more gifts, what was waiting for it serves the others by the rule.
    await giveToFund(600_000, { campaignId: earmarked });
    await giveToFund(600_000);
    await db.execute(sql`update organization_campaigns set status = 'closed' where id = ${earmarked}`);
    expect((await allocateFund(deps())).map((a) => [a.id, a.units])).toEqual([[older, 1]]);
    expect((await fundReply()).balanceKobo).toBe(0);
  });
});

describe("the fund's figures", () => {
  it('equal its gifts less its allocations and refunds, a refund taking at most the fund part of a gift', async () => {
    const campaign = await createOrganizationCampaign(db, 1);
    await approvedOn('organization', campaign, '2001-05-01');
    const refunded = await giveToFund(2_000_000);
    await giveToFund(1_000_000);
    // A mixed payment: ₦5,000 to the fund and the rest (say, a campaign's items) refunded beyond it.
    const [mixed] = await selectRows<{ id: number }>(
      db,
      sql`insert into donations (reference, donor_email, donor_full_name, total_kobo, fund_kobo, status, paid_at)
          values ('GOI-FUND-MIXED-1', 'mixed@example.org', 'Mixed Giver', 5000000, 500000, 'paid', now()) returning id`,
    );
    const note = 'Refunded at the donor request, checked by the team.';
    await db.execute(
      sql`insert into refunds (donation_id, amount_kobo, status, note) values
            (${refunded}, 800000, 'processed', ${note}),
            (${Number(mixed!.id)}, 3000000, 'pending', ${note})`,
    );
    // A failed refund gives nothing back.
    await db.execute(
      sql`insert into refunds (donation_id, amount_kobo, status, note) values (${refunded}, 100000, 'failed', ${note})`,
    );

    const given = 2_000_000 - 800_000 + 1_000_000 + 0;
    expect(await fundTotals(db)).toEqual({ givenKobo: given, allocatedKobo: 0, balanceKobo: given });
    const allocated = await allocateFund(deps());
    expect(allocated.map((a) => a.amount)).toEqual([SLATE]);
    expect(await fundTotals(db)).toEqual({ givenKobo: given, allocatedKobo: SLATE, balanceKobo: given - SLATE });
    expect((await fundReply()).balanceKobo).toBe(given - SLATE);
  });

  it('count in the public ledger once, when given, and its gifts to campaigns as where the money went', async () => {
    const before = await computeLedger(db);
    const campaign = await createOrganizationCampaign(db, 4);
    await approvedOn('organization', campaign, '2001-05-02');
    await giveToFund(3_000_000, { email: 'ledger@example.org' });
    const given = await computeLedger(db);
    expect(given.money.raised_kobo).toBe(before.money.raised_kobo + 3_000_000);
    expect(given.money.gifts).toBe(before.money.gifts + 1);

    await allocateFund(deps());
    const after = await computeLedger(db);
    expect(after.money).toEqual(given.money);
    expect(after.by_month).toEqual(given.by_month);
    expect(after.fund).toEqual({
      given_kobo: 3_000_000,
      allocated_kobo: 2 * SLATE,
      balance_kobo: 3_000_000 - 2 * SLATE,
      allocations: 1,
      campaigns: 1,
      units: 2,
    });
  });

  it('counts the monthly gifts to the fund that still run', async () => {
    await db.execute(sql`delete from monthly_gifts`);
    await db.execute(
      sql`insert into monthly_gifts (donor_email, donor_full_name, amount_kobo, status, organization_campaign_id) values
            ('a@example.org', 'A', 500000, 'active', null), ('b@example.org', 'B', 500000, 'paused', null),
            ('c@example.org', 'C', 500000, 'failing', null), ('d@example.org', 'D', 500000, 'cancelled', null),
            ('e@example.org', 'E', 500000, 'pending', null)`,
    );
    expect((await fundReply()).monthlyDonors).toBe(3);
  });

  it('answers GET /api/fund in its declared shape to anyone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/fund' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json() as object).sort()).toEqual(['allocations', 'balanceKobo', 'monthlyDonors']);
  });
});

describe('fund money wherever money is shown', () => {
  it("is a line of its own on receipts and in the donor history, and the fund is named whole among a campaign's donors", async () => {
    const donor = await createUser(db, 'donor');
    const [me] = await selectRows<{ email: string }>(db, sql`select email from users where id = ${donor}`);
    const campaign = await createOrganizationCampaign(db, 10);
    await approvedOn('organization', campaign, '2001-07-01');
    // A minute apart, so the history's newest-first order is the one asserted below.
    const general = await giveToFund(1_000_000, {
      email: me!.email,
      userId: donor,
      paidAt: new Date(Date.now() - 60_000),
    });
    const held = await giveToFund(500_000, { email: me!.email, userId: donor, campaignId: campaign });

    expect((await receiptFactsById(db, general))!.lines).toEqual([
      { label: 'The Independence Fund', units: 0, amountKobo: 1_000_000 },
    ]);
    const heldLines = (await receiptFactsById(db, held))!.lines;
    expect(heldLines).toHaveLength(1);
    expect(heldLines[0]!.label).toMatch(/^Held in the Independence Fund for Braille Slate and Stylus Set for /);
    expect((await receiptFactsById(db, held))!.itemIds).toEqual([-held]);

    const history = await donorGifts(db, { publicUrl: (key: string) => key }, donor);
    expect(
      history.givingHistory.map((g) => [g.id, g.product_name.split(' for ')[0], g.campaign_id, g.amount, g.fund]),
    ).toEqual([
      [-held, 'Held in the Independence Fund', `org-${campaign}`, 500_000, true],
      [-general, 'The Independence Fund', '', 1_000_000, true],
    ]);
    expect(history.totalGiven).toBe(1_500_000);

    const desk = await paymentTotals(db, {});
    await allocateFund(deps());
    // The fund's gift took no payment: the money desk lists the same payments as before.
    expect(await paymentTotals(db, {})).toEqual(desk);
    // No receipt for the fund's own gift, and the campaign's donors show the fund by its name.
    const [allocation] = await selectRows<{ id: number }>(db, sql`select id from donations where from_fund`);
    expect(await receiptFactsById(db, Number(allocation!.id))).toBeNull();
    const donors = await campaignDonations(db, 'organization', campaign);
    expect(donors.map((d) => [d.first_name, d.last_name, d.units_funded])).toEqual([['The Independence Fund', '', 1]]);
  });
});

describe('what your gifts did', () => {
  it("mails each of last month's fund donors their proportional share, once", async () => {
    const now = new Date('2026-12-01T08:00:00Z');
    const period = previousPeriod(now);
    expect(period).toBe('2026-11');
    const inMonth = new Date('2026-11-10T10:00:00Z');
    const campaign = await createOrganizationCampaign(db, 10);
    await approvedOn('organization', campaign, '2001-06-01');
    await giveToFund(1_800_000, { email: 'ada@example.org', name: 'Ada Giver', paidAt: inMonth });
    await giveToFund(600_000, { email: 'bayo@example.org', name: 'Bayo Giver', paidAt: inMonth });
    // Given in another month: not part of November's letter.
    await giveToFund(600_000, { email: 'later@example.org', paidAt: new Date('2026-12-01T09:00:00Z') });
    await allocateFund(deps());
    await db.execute(sql`update donations set paid_at = ${inMonth.toISOString()}::timestamptz where from_fund`);

    const mailbox = (mailboxOf(ctx.app) as unknown as { messages: MailMessage[] }).messages;
    const before = mailbox.length;
    expect(await mailWhatYourGiftsDid({ db, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, now)).toEqual({
      period,
      queued: 2,
    });
    const letters = await eventually(
      'the two letters',
      async () => mailbox.slice(before).filter((m) => m.subject === 'What your gifts did in November 2026'),
      (found) => found.length === 2,
    );
    const ada = letters.find((m) => m.to === 'ada@example.org')!;
    const bayo = letters.find((m) => m.to === 'bayo@example.org')!;
    // The fund gave 2 units (₦24,000) in November; of November's ₦24,000 Ada gave three quarters,
    // Bayo one quarter, so their shares are ₦18,000 and ₦6,000.
    expect(ada.text).toContain('you gave ₦18,000 to the Independence Fund');
    expect(ada.text).toMatch(
      /Braille Slate and Stylus Set for .*: ₦18,000 of your gifts, towards 2 Braille Slate and Stylus Sets\./,
    );
    expect(bayo.text).toMatch(/: ₦6,000 of your gifts, towards 2 Braille Slate and Stylus Sets\./);
    expect(ada.text).toContain('http://localhost/fund');
    expect(letters.every((m) => !m.to.includes('later'))).toBe(true);

    // A second run for the same month, once the letters have gone (their jobs archived or not), mails nobody again.
    expect(await mailWhatYourGiftsDid({ db, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, now)).toEqual({
      period,
      queued: 0,
    });
    await db.execute(
      sql`insert into pgboss.archive select *, now() from pgboss.job where name = ${JOB.mail} and state = 'completed'`,
    );
    await db.execute(sql`delete from pgboss.job where name = ${JOB.mail} and state = 'completed'`);
    expect(await mailWhatYourGiftsDid({ db, jobs: ctx.app.jobs, baseUrl: 'http://localhost' }, now)).toEqual({
      period,
      queued: 0,
    });
  });
});
