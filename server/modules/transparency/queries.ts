import { inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { SMALL_CELL, type StateRow, type Transparency } from '@contract/transparency';
import { selectRows, type Db } from '../../db/client';
import { donationItems, organizationDeliveries, organizationProfiles, recipientProfiles } from '../../db/schema/all';
import { deliveryAuditNames, moveAuditAction } from '../campaigns/admin-actions';
import { CAMPAIGN_KINDS, campaignKinds } from '../campaigns/kinds';
import { reviewKinds } from '../campaigns/review-kinds';
import {
  adminMove,
  FUNDED_STATUSES,
  PUBLIC_STATUSES,
  REVIEW_STATUSES,
  statusesOf,
  type CampaignKind,
} from '../campaign-core/status-rules';
import { allocationSql, fundTotals } from './fund-figures';

/** Months are counted as donors in Nigeria live them (West Africa Time, no daylight saving). */
const LEDGER_TIME_ZONE = 'Africa/Lagos';
const MONTHS = 12;

/** A state as the ledger groups it: blank is no state at all. */
const givenState = (state: SQL) => sql`nullif(btrim(${state}), '')`;

/**
 * What the ledger reads of each kind beyond the campaign table: the gift items pointing at it, the
 * audit entries naming it, its owner's state as it may be published, and whether its owner is a
 * person (whose state is published only when they chose to show it, and only in cells of at least
 * SMALL_CELL).
 */
const ledgerKinds = {
  recipient: {
    ...campaignKinds.recipient,
    giftColumn: donationItems.recipientCampaignId,
    state: givenState(sql`case when ${recipientProfiles.showState} then ${recipientProfiles.stateOfOrigin} end`),
    person: true,
  },
  organization: {
    ...campaignKinds.organization,
    giftColumn: donationItems.organizationCampaignId,
    state: givenState(sql`${organizationProfiles.stateOfOperation}`),
    person: false,
  },
} as const;

// Gift conditions, about donations alone: a gift is a paid donation's item allocated to a campaign.
const isGift = sql`d.status = 'paid' and i.status = 'allocated'`;
/**
 * Over `donations d`: what a paid donation's donor gave campaigns directly, in kobo. A sponsor's items
 * in the same donation (decision 0080) are the sponsor's money, counted apart in `matched`.
 */
const allocatedItems = sql`coalesce((select sum(i.amount_kobo) from donation_items i
                                      where i.donation_id = d.id and i.status = 'allocated'
                                        and i.match_pool_id is null), 0)`;
/**
 * A donor's gift: paid, not the fund's own, and given to a campaign or to the fund. Money raised and
 * gifts count these, so fund money counts once, when given.
 */
const isDonorGift = sql`(d.status = 'paid' and not d.from_fund
  and (d.fund_kobo > 0 or exists (select 1 from donation_items i where i.donation_id = d.id and i.status = 'allocated')))`;
// The audit actions an approval and a delivery are recorded under.
const APPROVED = moveAuditAction('approve');
const DELIVERED = deliveryAuditNames.markDelivered;

/** The status a campaign of this kind is in once handed over: where Mark Delivered ends. */
const deliveredStatus = (kind: CampaignKind) => adminMove(kind, 'markDelivered')!.to;

const int = (value: unknown) => Number(value ?? 0);

/**
 * Money raised is gifts less refunds: each donor's gift (its items allocated to campaigns and its part
 * given to the Independence Fund), less what was refunded of it (processed refunds take from the
 * gift, never below nothing; freed units left its items already). The fund's own gifts to campaigns
 * are where that money went, so they are never counted as raised again (decision 0078).
 */
async function moneyFigures(db: Db): Promise<Transparency['money']> {
  const [row] = await selectRows<{ raised: string; gifts: string; donors: string }>(
    db,
    sql`select coalesce(sum(g.raised), 0) as raised, count(*) as gifts, count(distinct lower(g.email)) as donors
          from (select d.donor_email as email,
                       greatest(least(${allocatedItems} + d.fund_kobo, d.total_kobo - d.fee_kobo
                         - (select coalesce(sum(r.amount_kobo), 0) from refunds r
                             where r.donation_id = d.id and r.status = 'processed')), 0) as raised
                  from donations d
                 where ${isDonorGift}) g`,
  );
  return { raised_kobo: int(row?.raised), gifts: int(row?.gifts), donors: int(row?.donors) };
}

/** The Independence Fund in the ledger: given (once, when donors gave it), allocated, and where it went. */
async function fundLedger(db: Db): Promise<Transparency['fund']> {
  const [totals, [row]] = await Promise.all([
    fundTotals(db),
    selectRows<{ allocations: string; campaigns: string; units: string }>(
      db,
      sql`select count(distinct d.id) as allocations,
                 count(distinct coalesce('r' || i.recipient_campaign_id, 'o' || i.organization_campaign_id)) as campaigns,
                 coalesce(sum(i.units), 0) as units
            from donations d join donation_items i on i.donation_id = d.id
           where ${allocationSql} and i.status = 'allocated'`,
    ),
  ]);
  return {
    given_kobo: totals.givenKobo,
    allocated_kobo: totals.allocatedKobo,
    balance_kobo: Math.max(0, totals.balanceKobo),
    allocations: int(row?.allocations),
    campaigns: int(row?.campaigns),
    units: int(row?.units),
  };
}

type StatusCount = { status: string; campaigns: string; units: string };

/** What sponsors' match pools gave with paid gifts, by sponsor (as named on the pool), largest first. */
async function matchedLedger(db: Db): Promise<Transparency['matched']> {
  const rows = await selectRows<{ name: string; given: string }>(
    db,
    sql`select p.sponsor_name as name, sum(i.amount_kobo) as given
          from donation_items i join donations d on d.id = i.donation_id join match_pools p on p.id = i.match_pool_id
         where ${isGift}
         group by p.sponsor_name
         order by sum(i.amount_kobo) desc, p.sponsor_name`,
  );
  const sponsors = rows.map((r) => ({ name: r.name, given_kobo: int(r.given) }));
  return { given_kobo: sponsors.reduce((sum, s) => sum + s.given_kobo, 0), sponsors };
}

/** Campaigns and funded units by status, one kind: every status figure is then read off the rule book. */
async function statusCounts(db: Db, kind: CampaignKind): Promise<Map<string, { campaigns: number; units: number }>> {
  const { campaigns } = ledgerKinds[kind];
  const rows = await selectRows<StatusCount>(
    db,
    sql`select ${campaigns.status} as status, count(*) as campaigns, coalesce(sum(${campaigns.unitsFulfilled}), 0) as units
          from ${campaigns} group by ${campaigns.status}`,
  );
  return new Map(rows.map((r) => [r.status, { campaigns: int(r.campaigns), units: int(r.units) }]));
}

/**
 * Organization units handed over on campaigns not yet wholly delivered (their recorded deliveries,
 * decision 0039); a delivered campaign's units are all counted by its status.
 */
async function unitsDeliveredSoFar(db: Db): Promise<number> {
  const c = ledgerKinds.organization.campaigns;
  const [row] = await selectRows<{ units: string }>(
    db,
    sql`select coalesce(sum(${organizationDeliveries.units}), 0) as units
          from ${organizationDeliveries} join ${c} on ${c.id} = ${organizationDeliveries.organizationCampaignId}
         where ${inArray(sql`${c.status}`, [...PUBLIC_STATUSES.organization])}
           and ${notInArray(sql`${c.status}`, [deliveredStatus('organization')])}`,
  );
  return int(row?.units);
}

async function monthFigures(db: Db): Promise<Transparency['by_month']> {
  const thisMonth = sql`date_trunc('month', now() at time zone ${LEDGER_TIME_ZONE})`;
  const rows = await selectRows<{ month: string; gifts: string; raised: string }>(
    db,
    sql`with months as (
          select generate_series(${thisMonth} - make_interval(months => ${MONTHS - 1}), ${thisMonth}, interval '1 month') as month
        ), gifts as (
          select date_trunc('month', d.paid_at at time zone ${LEDGER_TIME_ZONE}) as month, d.id,
                 ${allocatedItems} + d.fund_kobo as amount_kobo
            from donations d
           where ${isDonorGift}
             and d.paid_at >= (${thisMonth} - make_interval(months => ${MONTHS - 1})) at time zone ${LEDGER_TIME_ZONE}
        )
        select to_char(m.month, 'YYYY-MM') as month, count(distinct g.id) as gifts, coalesce(sum(g.amount_kobo), 0) as raised
          from months m left join gifts g on g.month = m.month
         group by m.month order by m.month`,
  );
  return rows.map((r) => ({ month: r.month, gifts: int(r.gifts), raised_kobo: int(r.raised) }));
}

/**
 * Owners with a public campaign of this kind, by their state: null when they named none or, for a
 * person, chose not to show it.
 */
async function ownersByState(db: Db, kind: CampaignKind): Promise<{ state: string | null; count: number }[]> {
  const k = ledgerKinds[kind];
  const rows = await selectRows<{ state: string | null; owners: string }>(
    db,
    sql`select ${k.state} as state, count(distinct ${k.ownerId}) as owners
          from ${k.campaigns} left join ${k.profiles} on ${k.profiles.userId} = ${k.ownerId}
         where ${inArray(k.campaigns.status, PUBLIC_STATUSES[kind])}
         group by 1`,
  );
  return rows.map((r) => ({ state: r.state, count: int(r.owners) }));
}

/**
 * States with fewer than SMALL_CELL people are never named: they are pooled into one row without a
 * state, with the people who named none (null or blank) or chose not to show it. When that pool is itself under SMALL_CELL (but not empty), the smallest named states join
 * it until it is not, so no small figure can be had by subtracting the named ones from a total. A
 * pool that cannot reach SMALL_CELL (everyone together is fewer) is shown without its figure.
 * Largest first, then by name; the pool last.
 */
export function suppressSmallCells(rows: readonly { state: string | null; count: number }[]): StateRow[] {
  const unnamed = (r: { state: string | null }) => r.state === null || r.state.trim() === '';
  const named = rows
    .filter((r) => !unnamed(r) && r.count >= SMALL_CELL)
    .sort((a, b) => b.count - a.count || a.state!.localeCompare(b.state!));
  let pooled = rows.filter((r) => unnamed(r) || r.count < SMALL_CELL).reduce((sum, r) => sum + r.count, 0);
  while (pooled > 0 && pooled < SMALL_CELL && named.length > 0) pooled += named.pop()!.count;
  const shown: StateRow[] = named.map((r) => ({ state: r.state, count: r.count }));
  if (pooled > 0) shown.push({ state: null, count: pooled >= SMALL_CELL ? pooled : null });
  return shown;
}

/** Organizations are not people: every state is named, and those that gave none are one row without a state. */
function byStateOpenly(rows: readonly { state: string | null; count: number }[]): StateRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(a.state === null) - Number(b.state === null) ||
      b.count - a.count ||
      (a.state ?? '').localeCompare(b.state ?? ''),
  );
}

/**
 * The moments of each campaign's life the records hold, as one statement over both kinds: its last
 * approval (admin_audit_log; a campaign sent back to pending is approved again before any gift), the
 * payment of its last gift (for a funded campaign, the gift that funded it) and its delivery (the
 * audit log's Mark Delivered). A campaign whose approval or delivery predates the audit log has no
 * such moment and is left out of the figure that needs it.
 */
function lifeMoments(kind: CampaignKind): SQL {
  const k = ledgerKinds[kind];
  const entity = reviewKinds[kind].entity;
  const audited = (action: string) =>
    sql`(select max(a.created_at) from admin_audit_log a
          where a.entity_type = ${entity} and a.action = ${action} and a.entity_id = ${k.campaigns.id}::text)`;
  return sql`select ${audited(APPROVED)} as approved_at,
                    (select max(d.paid_at) from donation_items i join donations d on d.id = i.donation_id
                      where i.${sql.identifier(k.giftColumn.name)} = ${k.campaigns.id} and ${isGift}) as funded_at,
                    ${audited(DELIVERED)} as delivered_at,
                    ${inArray(k.campaigns.status, [deliveredStatus(kind)])} as delivered
               from ${k.campaigns}
              where ${inArray(k.campaigns.status, FUNDED_STATUSES[kind])}`;
}

async function durations(db: Db): Promise<Pick<Transparency, 'approval_to_funded' | 'funded_to_delivered'>> {
  const days = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from})) / 86400.0`);
  const both = (from: string, to: string) => sql.raw(`${from} is not null and ${to} is not null and ${to} >= ${from}`);
  const [row] = await selectRows<{
    funded_days: number | null;
    funded_n: string;
    delivered_days: number | null;
    delivered_n: string;
  }>(
    db,
    sql`with moments as (${sql.join(
      CAMPAIGN_KINDS.map((kind) => lifeMoments(kind)),
      sql` union all `,
    )})
        select percentile_cont(0.5) within group (order by ${days('approved_at', 'funded_at')})
                 filter (where ${both('approved_at', 'funded_at')}) as funded_days,
               count(*) filter (where ${both('approved_at', 'funded_at')}) as funded_n,
               percentile_cont(0.5) within group (order by ${days('funded_at', 'delivered_at')})
                 filter (where delivered and ${both('funded_at', 'delivered_at')}) as delivered_days,
               count(*) filter (where delivered and ${both('funded_at', 'delivered_at')}) as delivered_n
          from moments`,
  );
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    approval_to_funded: { median_days: round(row?.funded_days), campaigns: int(row?.funded_n) },
    funded_to_delivered: { median_days: round(row?.delivered_days), campaigns: int(row?.delivered_n) },
  };
}

/** The public ledger, computed from the donation and campaign tables and the audit log (decision 0036). */
export async function computeLedger(db: Db): Promise<Transparency> {
  const [money, counts, byMonth, recipientStates, organizationStates, times, deliveredSoFar, fund, matched] =
    await Promise.all([
      moneyFigures(db),
      Promise.all(CAMPAIGN_KINDS.map(async (kind) => [kind, await statusCounts(db, kind)] as const)),
      monthFigures(db),
      ownersByState(db, 'recipient'),
      ownersByState(db, 'organization'),
      durations(db),
      unitsDeliveredSoFar(db),
      fundLedger(db),
      matchedLedger(db),
    ]);
  const campaignsByStatus: Transparency['campaigns_by_status'] = [];
  let funded = 0;
  let delivered = deliveredSoFar;
  let underReview = 0;
  for (const [kind, byStatus] of counts) {
    const of = (status: string) => byStatus.get(status) ?? { campaigns: 0, units: 0 };
    for (const status of statusesOf(kind)) {
      const { campaigns, units } = of(status);
      if ((PUBLIC_STATUSES[kind] as readonly string[]).includes(status)) {
        campaignsByStatus.push({ kind, status, count: campaigns });
        // Units are funded one gift at a time: a recipient's one device from purchase on, an organization's as they are paid for.
        funded += units;
      }
      if ((REVIEW_STATUSES[kind] as readonly string[]).includes(status)) underReview += campaigns;
    }
    delivered += of(deliveredStatus(kind)).units;
  }
  const states = (kind: CampaignKind, rows: { state: string | null; count: number }[]) =>
    ledgerKinds[kind].person ? suppressSmallCells(rows) : byStateOpenly(rows);
  return {
    money,
    devices: { funded, delivered },
    campaigns_by_status: campaignsByStatus,
    under_review: underReview,
    by_month: byMonth,
    recipients_by_state: states('recipient', recipientStates),
    organizations_by_state: states('organization', organizationStates),
    ...times,
    fund,
    matched,
    generated_at: new Date().toISOString(),
  };
}
