import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../server/db/client';
import { createOrganizationCampaign } from '../server/test/fixtures';

const DONORS = 100;

/** Adds an approved organization campaign with `quantity` units and returns its id. */
export function createBenchCampaign(database: Database, quantity: number): Promise<number> {
  return createOrganizationCampaign(database.db, quantity);
}

/**
 * 100 donors at once, each looping checkout -> test payment -> fulfilment for one unit of the same
 * campaign until the time is up. Requests go over HTTP to the server processes on loopback; with
 * several, donor i uses server i mod n for all three steps.
 */
export async function runGivingScenario(baseUrls: readonly string[], campaignId: number, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  let checkouts = 0;
  let refused = 0;
  let fulfilments = 0;
  let errors = 0;
  const post = async (baseUrl: string, path: string, body: unknown, ip: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  await Promise.all(
    Array.from({ length: DONORS }, async (_, i) => {
      const baseUrl = baseUrls[i % baseUrls.length]!;
      let n = 0;
      while (Date.now() < deadline) {
        // Each attempt from its own address and email, so the per-address and per-email checkout
        // limits (there against card testing) do not throttle the benchmark's many donors.
        n += 1;
        const ip = `10.${(i % 200) + 1}.${(n >> 8) & 255}.${n & 255}`;
        try {
          const c = await post(
            baseUrl,
            '/api/donations/checkout',
            { donorEmail: `bench${i}.${n}@example.org`, donorFullName: `Bench Donor ${i}`, cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }] },
            ip,
          );
          if (c.status === 409) {
            refused += 1;
            continue;
          }
          if (c.status !== 200) {
            errors += 1;
            continue;
          }
          checkouts += 1;
          const reference = c.body.reference as string;
          await post(baseUrl, '/api/payments/sandbox/charge', { reference }, ip);
          const f = await post(baseUrl, '/api/donations/fund', { transactionId: reference }, ip);
          if (f.status === 200) fulfilments += 1;
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { checkouts, fulfilments, refused, errors, seconds, donors: DONORS, servers: baseUrls.length };
}

export async function oversold(database: Database, campaignId: number) {
  const [row] = await selectRows<{ quantity: number; fulfilled: number; allocated: number; raised: number; paid: number }>(
    database.db,
    sql`select c.quantity, c.units_fulfilled as fulfilled, c.amount_raised_kobo as raised,
               (select coalesce(sum(i.units), 0) from donation_items i where i.organization_campaign_id = c.id and i.status = 'allocated')::int as allocated,
               (select coalesce(sum(i.amount_kobo), 0) from donation_items i join donations d on d.id = i.donation_id
                 where i.organization_campaign_id = c.id and i.status = 'allocated' and d.status = 'paid')::bigint as paid
          from organization_campaigns c where c.id = ${campaignId}`,
  );
  return {
    quantity: Number(row!.quantity),
    sold: Number(row!.allocated),
    oversold: Math.max(0, Number(row!.allocated) - Number(row!.quantity)),
    raisedMatchesPaid: Number(row!.raised) === Number(row!.paid),
  };
}
