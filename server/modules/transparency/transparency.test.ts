import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transparencySchema, type Transparency } from '@contract/transparency';
import { selectRows } from '../../db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUser,
  payForCampaign,
  signInNewAdmin,
} from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { suppressSmallCells } from './queries';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  // The response cache on, as in production: a reply changes only when a write clears it.
  ctx = await startTestApp({ publicCacheSeconds: 60 });
  adminToken = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
});
afterAll(() => stopTestApp(ctx));

async function ledger(): Promise<Transparency> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/transparency' });
  expect(res.statusCode).toBe(200);
  return transparencySchema.strict().parse(res.json());
}

async function admin(method: 'PATCH', url: string, payload: object) {
  const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` }, payload });
  expect(res.statusCode, res.body).toBe(200);
}

const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(ctx.database.db, query))[0]!;

/** The figures, written out here independently of the module: literal statuses, plain sums. */
async function fromTables() {
  const money = await one<{ raised: string; gifts: string; donors: string }>(
    sql`select coalesce(sum(i.amount_kobo), 0) as raised, count(distinct d.id) as gifts,
               count(distinct lower(d.donor_email)) as donors
          from donations d join donation_items i on i.donation_id = d.id
         where d.status = 'paid' and i.status = 'allocated'`,
  );
  const devices = await one<{ funded: string; delivered: string }>(
    sql`select (select count(*) from recipient_campaigns where status in ('purchased', 'ready_for_pickup', 'delivered'))
             + (select coalesce(sum(units_fulfilled), 0) from organization_campaigns
                 where status in ('approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup', 'delivered')) as funded,
               (select count(*) from recipient_campaigns where status = 'delivered')
             + (select coalesce(sum(units_fulfilled), 0) from organization_campaigns where status = 'delivered')
             + (select coalesce(sum(d.units), 0) from organization_deliveries d
                  join organization_campaigns c on c.id = d.organization_campaign_id
                 where c.status in ('approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup')) as delivered`,
  );
  const statuses = await selectRows<{ kind: string; status: string; n: string }>(
    ctx.database.db,
    sql`select 'recipient' as kind, status, count(*) as n from recipient_campaigns group by status
        union all select 'organization', status, count(*) from organization_campaigns group by status`,
  );
  const recentMoney = await one<{ raised: string }>(
    sql`select coalesce(sum(i.amount_kobo), 0) as raised
          from donations d join donation_items i on i.donation_id = d.id
         where d.status = 'paid' and i.status = 'allocated'
           and d.paid_at >= (date_trunc('month', now() at time zone 'Africa/Lagos') - interval '11 months') at time zone 'Africa/Lagos'`,
  );
  // People with a public campaign, by the state they chose to show (a blank one is none).
  const recipientStates = await selectRows<{ state: string | null; n: string }>(
    ctx.database.db,
    sql`select case when p.show_state then nullif(btrim(p.state_of_origin), '') end as state, count(distinct c.recipient_id) as n
          from recipient_campaigns c left join recipient_profiles p on p.user_id = c.recipient_id
         where c.status in ('approved', 'purchased', 'ready_for_pickup', 'delivered')
         group by 1`,
  );
  const organizationStates = await selectRows<{ state: string | null; n: string }>(
    ctx.database.db,
    sql`select nullif(btrim(p.state_of_operation), '') as state, count(distinct c.organization_id) as n
          from organization_campaigns c left join organization_profiles p on p.user_id = c.organization_id
         where c.status in ('approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup', 'delivered')
         group by 1`,
  );
  const byState = (rows: { state: string | null; n: string }[]) =>
    new Map(rows.map((r) => [r.state, Number(r.n)] as const));
  return {
    recipientStates: byState(recipientStates),
    organizationStates: byState(organizationStates),
    money: { raised_kobo: Number(money.raised), gifts: Number(money.gifts), donors: Number(money.donors) },
    devices: { funded: Number(devices.funded), delivered: Number(devices.delivered) },
    count: (kind: string, status: string) =>
      Number(statuses.find((s) => s.kind === kind && s.status === status)?.n ?? 0),
    recentRaised: Number(recentMoney.raised),
  };
}

async function expectLedgerMatchesTables(figures: Transparency) {
  const tables = await fromTables();
  expect(figures.money).toEqual(tables.money);
  expect(figures.devices).toEqual(tables.devices);
  for (const row of figures.campaigns_by_status) expect(row.count, row.status).toBe(tables.count(row.kind, row.status));
  expect(figures.under_review).toBe(tables.count('recipient', 'pending') + tables.count('organization', 'pending'));
  expect(figures.by_month).toHaveLength(12);
  expect(figures.by_month.reduce((sum, m) => sum + m.raised_kobo, 0)).toBe(tables.recentRaised);
  // A named state holds exactly the people who chose to show it; everyone else is in the pool.
  const total = (counts: Map<string | null, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (const row of figures.recipients_by_state) {
    if (row.state !== null) expect(row.count, row.state).toBe(tables.recipientStates.get(row.state));
  }
  const pool = figures.recipients_by_state.find((r) => r.state === null);
  const named = figures.recipients_by_state.reduce((sum, r) => sum + (r.state === null ? 0 : r.count!), 0);
  if (pool?.count != null) expect(named + pool.count).toBe(total(tables.recipientStates));
  expect(new Map(figures.organizations_by_state.map((r) => [r.state, r.count]))).toEqual(tables.organizationStates);
}

describe('GET /api/transparency', () => {
  it('equals sums over the donation and campaign tables on the seeded data', async () => {
    const figures = await ledger();
    expect(figures.money.raised_kobo).toBeGreaterThan(0);
    expect(figures.devices.funded).toBeGreaterThan(0);
    await expectLedgerMatchesTables(figures);
    // Only the statuses the public sees are listed by name; requests never approved are a count alone.
    const named = figures.campaigns_by_status.map((r) => `${r.kind}:${r.status}`);
    expect(named).not.toContain('recipient:pending');
    expect(named).not.toContain('recipient:rejected');
    expect(named).not.toContain('organization:rejected');
    expect(named).toContain('organization:closed');
  });

  it('is cached, and moves with new gifts and deliveries once the change clears the cache', async () => {
    const before = await ledger();
    // A write straight to the table does not clear the cache: the copy is still answered.
    await createRecipientCampaign(ctx.database.db, { status: 'delivered' });
    expect((await ledger()).devices).toEqual(before.devices);

    const recipientCampaign = await createRecipientCampaign(ctx.database.db, { status: 'pending' });
    const organizationCampaign = await createOrganizationCampaign(ctx.database.db, 3, { status: 'pending' });
    await admin('PATCH', `/api/admin/campaigns/${recipientCampaign}/status`, { status: 'approved' });
    await admin('PATCH', `/api/admin/org-campaigns/${organizationCampaign}/status`, { status: 'approved' });
    const donorEmail = `ledger.${Date.now()}@example.org`;
    const gift = await payForCampaign(ctx.app, recipientCampaign, 1, { donorEmail });
    const units = await payForCampaign(ctx.app, `org-${organizationCampaign}`, 3, {
      donorEmail: donorEmail.toUpperCase(),
    });
    await admin('PATCH', `/api/admin/campaigns/${recipientCampaign}/delivery`, { deliveryStatus: 'delivered' });
    await admin('PATCH', `/api/admin/org-campaigns/${organizationCampaign}/delivery`, { deliveryStatus: 'delivered' });

    const after = await ledger();
    await expectLedgerMatchesTables(after);
    // The campaign written past the cache counts now too: one device funded and delivered.
    expect(after.devices).toEqual({ funded: before.devices.funded + 5, delivered: before.devices.delivered + 5 });
    expect(after.money).toEqual({
      raised_kobo: before.money.raised_kobo + gift.amountKobo + units.amountKobo,
      gifts: before.money.gifts + 2,
      // One donor, however the address is written.
      donors: before.money.donors + 1,
    });
    expect(after.by_month.at(-1)!.gifts).toBe(before.by_month.at(-1)!.gifts + 2);
    // Both campaigns now have an approval, a funding gift and a delivery on record.
    expect(after.approval_to_funded.campaigns).toBe(before.approval_to_funded.campaigns + 2);
    expect(after.funded_to_delivered.campaigns).toBe(before.funded_to_delivered.campaigns + 2);
    expect(after.approval_to_funded.median_days).not.toBeNull();
    expect(after.funded_to_delivered.median_days).toBeGreaterThanOrEqual(0);
  });

  it('counts organization units delivered so far, before the campaign is wholly delivered', async () => {
    const id = await createOrganizationCampaign(ctx.database.db, 5, { status: 'pending' });
    await admin('PATCH', `/api/admin/org-campaigns/${id}/status`, { status: 'approved' });
    await payForCampaign(ctx.app, `org-${id}`, 4);
    const before = await ledger();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/org-campaigns/${id}/deliveries`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { units: 3, deliveredOn: new Date().toISOString().slice(0, 10) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('partially_fulfilled');
    const after = await ledger();
    await expectLedgerMatchesTables(after);
    expect(after.devices).toEqual({ funded: before.devices.funded, delivered: before.devices.delivered + 3 });
  });

  it('never names a state with fewer than three recipients', async () => {
    const owner = await createUser(ctx.database.db, 'recipient');
    await withProfile(owner, 'Zamfara', true);
    const id = await createRecipientCampaign(ctx.database.db, { status: 'pending', recipientId: owner });
    await admin('PATCH', `/api/admin/campaigns/${id}/status`, { status: 'approved' });
    const figures = await ledger();
    await expectLedgerMatchesTables(figures);
    for (const row of figures.recipients_by_state) {
      if (row.state !== null) expect(row.count, row.state).toBeGreaterThanOrEqual(3);
    }
    expect(figures.recipients_by_state.map((r) => r.state)).not.toContain('Zamfara');
  });

  it('counts a recipient in a named state only when they chose to show it, and a blank state as none', async () => {
    const before = await ledger();
    // Three people from Kebbi show it; three more from Kebbi do not; one names a blank state.
    const owners = await Promise.all(
      [true, true, true, false, false, false, true].map(async (shows, n) => {
        const owner = await createUser(ctx.database.db, 'recipient');
        await withProfile(owner, n === 6 ? '  ' : 'Kebbi', shows);
        return owner;
      }),
    );
    for (const owner of owners) {
      const id = await createRecipientCampaign(ctx.database.db, { status: 'pending', recipientId: owner });
      await admin('PATCH', `/api/admin/campaigns/${id}/status`, { status: 'approved' });
    }
    const figures = await ledger();
    await expectLedgerMatchesTables(figures);
    const count = (rows: Transparency['recipients_by_state'], state: string | null) =>
      rows.find((r) => r.state === state)?.count ?? 0;
    expect(count(figures.recipients_by_state, 'Kebbi')).toBe(count(before.recipients_by_state, 'Kebbi') + 3);
    expect(figures.recipients_by_state.map((r) => r.state)).not.toContain('  ');
    expect(figures.recipients_by_state.map((r) => r.state)).not.toContain('');
  });
});

/** A recipient profile from the given state, shown on public pages or not. */
async function withProfile(owner: number, state: string, showState: boolean) {
  await ctx.database.db.execute(
    sql`insert into recipient_profiles (user_id, gender, age, state_of_origin, bio, employment_status, id_type, show_state)
        values (${owner}, 'Female', 30, ${state}, 'A teacher who reads braille.', 'Employed', 'NIN', ${showState})`,
  );
}

describe('small-cell suppression', () => {
  const rows = (entries: [string | null, number][]) => entries.map(([state, count]) => ({ state, count }));

  it('names states of three or more and pools the rest in one unnamed row', () => {
    expect(
      suppressSmallCells(
        rows([
          ['Lagos', 10],
          ['Oyo', 2],
          ['Kano', 1],
          ['Ogun', 3],
        ]),
      ),
    ).toEqual([
      { state: 'Lagos', count: 10 },
      { state: 'Ogun', count: 3 },
      { state: null, count: 3 },
    ]);
  });

  it('adds the smallest named states to a pool under three, so no small figure follows from a total', () => {
    expect(
      suppressSmallCells(
        rows([
          ['Lagos', 10],
          ['Oyo', 4],
          ['Kano', 1],
        ]),
      ),
    ).toEqual([
      { state: 'Lagos', count: 10 },
      { state: null, count: 5 },
    ]);
  });

  it('hides the figure of a pool that cannot reach three, and shows nothing for nobody', () => {
    expect(
      suppressSmallCells(
        rows([
          ['Kano', 1],
          ['Oyo', 1],
        ]),
      ),
    ).toEqual([{ state: null, count: null }]);
    expect(suppressSmallCells([])).toEqual([]);
    expect(suppressSmallCells(rows([['Lagos', 3]]))).toEqual([{ state: 'Lagos', count: 3 }]);
    expect(
      suppressSmallCells(
        rows([
          ['', 4],
          ['Lagos', 3],
        ]),
      ),
    ).toEqual([
      { state: 'Lagos', count: 3 },
      { state: null, count: 4 },
    ]);
  });
});
