import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createJobQueue } from '../../jobs/queue';
import { openPostgres, selectRows, type Database } from '../../db/client';
import { openTestDatabase, testConfig } from '../../test/harness';
import { createOrganizationCampaign } from '../../test/fixtures';

const onPostgres = inject('templateKind') === 'postgres';

describe.skipIf(!onPostgres)('concurrent donors on PostgreSQL', () => {
  let first: Database;
  let second: Database;
  let apps: App[] = [];
  let campaignId: number;

  beforeAll(async () => {
    first = await openTestDatabase();
    // A second, independent connection pool: as a second server process would have.
    second = await openPostgres(first.url!, 10);
    const discard = { description: 'discarded', send: async () => undefined };
    apps = await Promise.all(
      [first, second].map((d) =>
        buildApp(testConfig(), {
          db: d.db,
          mailer: discard,
          jobs: createJobQueue(d, { pollingSeconds: 0.5, log: () => undefined }),
        }),
      ),
    );
    campaignId = await createOrganizationCampaign(first.db, 10);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  it('sells exactly the last 10 units to 50 simultaneous donors through two server instances', async () => {
    const donors = Array.from({ length: 50 }, (_, i) => i);
    const outcomes = await Promise.all(
      donors.map(async (i) => {
        const app = apps[i % 2]!;
        const remoteAddress = `10.50.${i >> 8}.${i & 255}`;
        const checkout = await app.inject({
          method: 'POST',
          url: '/api/donations/checkout',
          remoteAddress,
          payload: {
            donorEmail: `donor${i}@example.org`,
            donorFullName: `Donor ${i}`,
            cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }],
          },
        });
        if (checkout.statusCode !== 200) return { checkout: checkout.statusCode };
        const { reference } = checkout.json();
        await app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/charge',
          remoteAddress,
          payload: { reference },
        });
        // Pay through the other instance, as a webhook landing elsewhere would.
        const fund = await apps[(i + 1) % 2]!.inject({
          method: 'POST',
          url: '/api/donations/fund',
          remoteAddress,
          payload: { transactionId: reference },
        });
        return { checkout: 200, fund: fund.json().status as string };
      }),
    );
    expect(outcomes.filter((o) => o.checkout === 200)).toHaveLength(10);
    expect(outcomes.filter((o) => o.checkout === 409)).toHaveLength(40);
    expect(outcomes.filter((o) => o.fund === 'paid')).toHaveLength(10);

    const [campaign] = await selectRows<{ units: number; raised: number; status: string; paid: number; sold: number }>(
      first.db,
      sql`select c.units_fulfilled as units, c.amount_raised_kobo as raised, c.status,
                 (select coalesce(sum(i.amount_kobo), 0) from donation_items i join donations d on d.id = i.donation_id
                   where i.organization_campaign_id = c.id and i.status = 'allocated' and d.status = 'paid')::bigint as paid,
                 (select coalesce(sum(i.units), 0) from donation_items i where i.organization_campaign_id = c.id and i.status = 'allocated')::int as sold
            from organization_campaigns c where c.id = ${campaignId}`,
    );
    expect(Number(campaign!.units)).toBe(10);
    expect(Number(campaign!.sold)).toBe(10);
    expect(campaign!.status).toBe('fulfilled');
    expect(Number(campaign!.raised)).toBe(Number(campaign!.paid));
  });
});
