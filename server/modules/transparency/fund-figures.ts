import { sql, type SQL } from 'drizzle-orm';
import { toCampaignId } from '@contract/campaign-ids';
import type { FundReply } from '@contract/fund';
import { MONTHLY_GIFT_STATUSES } from '@contract/monthly-giving';
import { selectRows, type Db } from '../../db/client';
import { publicLastNameSql } from '../campaign-core/public-name-sql';

/**
 * How an allocation names its giver (decision 0078): no person's address can equal this, so no
 * donor's history, receipts or exports ever match an allocation.
 */
export const FUND_DONOR_EMAIL = 'independence-fund';
export const FUND_DONOR_NAME = 'The Independence Fund';

/**
 * What a paid donation gave the fund, net of refunds: a refund is taken from the fund's part first,
 * never more than it (decision 0078). A refund asked and not failed counts, since that money is
 * promised back and must not be allocated meanwhile. Over `donations d`.
 */
export const fundNetSql = sql`(d.fund_kobo - least(d.fund_kobo, (select coalesce(sum(r.amount_kobo), 0) from refunds r
                                 where r.donation_id = d.id and r.status <> 'failed')))`;

/** A donation whose money reached the fund: paid, with a fund part, not itself an allocation. */
export const givenToFundSql = sql`(d.status = 'paid' and d.fund_kobo > 0 and not d.from_fund)`;

/** An allocation: a gift the fund made (paid, from_fund). */
export const allocationSql = sql`(d.status = 'paid' and d.from_fund)`;

/** The fund's money: given (net of refunds), allocated, and what is left. */
export async function fundTotals(db: Db): Promise<{ givenKobo: number; allocatedKobo: number; balanceKobo: number }> {
  const [row] = await selectRows<{ given: string; allocated: string }>(
    db,
    sql`select (select coalesce(sum(${fundNetSql}), 0) from donations d where ${givenToFundSql}) as given,
               (select coalesce(sum(d.total_kobo), 0) from donations d where ${allocationSql}) as allocated`,
  );
  const givenKobo = Number(row?.given ?? 0);
  const allocatedKobo = Number(row?.allocated ?? 0);
  return { givenKobo, allocatedKobo, balanceKobo: givenKobo - allocatedKobo };
}

/** A monthly gift still running: charged, paused for a while, or retrying a declined card. */
const RUNNING_MONTHLY: readonly string[] = MONTHLY_GIFT_STATUSES.filter((s) => s !== 'pending' && s !== 'cancelled');

/** Monthly gifts to the fund itself (not to one campaign) that still run: active, paused or failing. */
export async function monthlyFundDonors(db: Db): Promise<number> {
  const [row] = await selectRows<{ n: string }>(
    db,
    sql`select count(*) as n from monthly_gifts
         where organization_campaign_id is null and status = any(${sql.param(RUNNING_MONTHLY)}::text[])`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Fund money still earmarked for each organization campaign (decision 0078), whatever its status:
 * each campaign's earmarked gifts and the fund's allocations to it, in time order, every allocation
 * taking from the campaign's earmarked money first. The caller decides whether a campaign that no
 * longer takes gifts lets its part join the general balance.
 */
export async function earmarkedByCampaign(db: Db): Promise<Map<number, number>> {
  const rows = await selectRows<{ campaign: number; at: string; kobo: string; given: boolean }>(
    db,
    sql`select d.fund_campaign_id as campaign, d.paid_at as at, ${fundNetSql} as kobo, true as given
          from donations d where ${givenToFundSql} and d.fund_campaign_id is not null
        union all
        select i.organization_campaign_id, d.paid_at, i.amount_kobo, false
          from donations d join donation_items i on i.donation_id = d.id
         where ${allocationSql} and i.organization_campaign_id in
               (select e.fund_campaign_id from donations e where e.fund_campaign_id is not null and e.status = 'paid')
         order by 2, 4 desc`,
  );
  const pools = new Map<number, number>();
  for (const r of rows) {
    const id = Number(r.campaign);
    const pool = pools.get(id) ?? 0;
    const kobo = Number(r.kobo);
    pools.set(id, r.given ? pool + kobo : pool - Math.min(pool, kobo));
  }
  for (const [id, kobo] of pools) if (kobo <= 0) pools.delete(id);
  return pools;
}

/**
 * The fund's allocations with their campaigns as their pages name them (kind, id, name, device,
 * units, amount, at), those matching `where` over `donations d`; the caller orders them.
 */
export function allocationRows(where: SQL): SQL {
  return sql`select case when i.recipient_campaign_id is not null then 'recipient' else 'organization' end as kind,
               coalesce(i.recipient_campaign_id, i.organization_campaign_id) as id,
               coalesce(rpd.name || ' for ' || ru.first_name || ' ' || ${publicLastNameSql(sql`ru.last_name`, sql`rpr.public_name`)},
                        opd.name || ' for ' || coalesce(opr.organization_name, ou.first_name || ' ' || ou.last_name)) as name,
               coalesce(rpd.name, opd.name) as device,
               i.units, i.amount_kobo as amount, d.paid_at as at
          from donations d join donation_items i on i.donation_id = d.id
          left join recipient_campaigns rc on rc.id = i.recipient_campaign_id
          left join products rpd on rpd.id = rc.product_id
          left join users ru on ru.id = rc.recipient_id
          left join recipient_profiles rpr on rpr.user_id = ru.id
          left join organization_campaigns oc on oc.id = i.organization_campaign_id
          left join organization_products opd on opd.id = oc.organization_product_id
          left join users ou on ou.id = oc.organization_id
          left join organization_profiles opr on opr.user_id = ou.id
         where ${allocationSql} and i.status = 'allocated' and ${where}`;
}

/** Every allocation, newest first, by campaign as its page names it. */
export async function fundAllocations(db: Db, limit = 500): Promise<Array<FundReply['allocations'][number]>> {
  const rows = await selectRows<{
    kind: 'recipient' | 'organization';
    id: number;
    name: string;
    device: string;
    units: number;
    amount: string;
    at: string;
  }>(db, sql`${allocationRows(sql`true`)} order by d.paid_at desc, i.id desc limit ${limit}`);
  return rows.map((r) => ({
    campaignId: toCampaignId({ kind: r.kind, id: Number(r.id) }),
    campaignName: r.name,
    device: r.device,
    amountKobo: Number(r.amount),
    units: Number(r.units),
    at: new Date(r.at).toISOString(),
  }));
}

/** The fund as `/fund` and `GET /api/fund` show it. */
export async function fundFigures(db: Db): Promise<FundReply> {
  const [totals, monthlyDonors, allocations] = await Promise.all([
    fundTotals(db),
    monthlyFundDonors(db),
    fundAllocations(db),
  ]);
  return { balanceKobo: totals.balanceKobo, monthlyDonors, allocations };
}
