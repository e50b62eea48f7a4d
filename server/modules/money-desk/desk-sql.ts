import { sql, type SQL } from 'drizzle-orm';
import type { PaymentFilters } from '@contract/money-desk';
import { CAMPAIGN_ID_INVALID, parseCampaignId } from '@contract/ids';
import { AppError } from '../../http/errors';
import { publicLastNameSql } from '../campaign-core/public-name-sql';
import { lagosDayAfter, lagosDayStart } from './lagos-time';

/**
 * A checkout's desk status (contract/money-desk.ts, DESK_STATUSES), worked out from the records over
 * `donations d`: the one expression the list, its filter, its totals, the detail and the exports use.
 * An open case outranks a refund, a refund outranks the payment's own state. The two look-ups are
 * uncorrelated `in` lists, which PostgreSQL reads once per statement and probes by hash for each
 * row, instead of one search per row.
 */
export const deskStatusSql: SQL<string> = sql<string>`(case
  when d.id in (select ac.donation_id from attention_cases ac where ac.resolved_at is null) then 'needs_attention'
  when d.id in (select rf.donation_id from refunds rf where rf.status <> 'failed') then 'refunded'
  when d.status = 'paid' then 'paid'
  when d.status = 'failed' then 'failed'
  when d.status = 'pending' and d.hold_expires_at > now() then 'held'
  else 'lapsed' end)`;

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const CAMPAIGN_FILTER_INVALID = CAMPAIGN_ID_INVALID;

/**
 * The desk's filters (contract/money-desk.ts, paymentFilterFields) as one condition over
 * `donations d`, shared by the list, its totals and the exports. Days are whole Lagos days, both ends
 * included.
 */
export function paymentFilterSql(filters: PaymentFilters): SQL {
  // The Independence Fund's gifts to campaigns took no payment: the desk lists the payments that
  // brought the money in (decision 0078).
  const where: SQL[] = [sql`not d.from_fund`];
  if (filters.status) where.push(sql`${deskStatusSql} = ${filters.status}`);
  if (filters.channel) where.push(sql`d.channel = ${filters.channel}`);
  if (filters.campaign) {
    const ref = parseCampaignId(filters.campaign);
    if (!ref) throw new AppError('bad_request', CAMPAIGN_FILTER_INVALID);
    const column = ref.kind === 'recipient' ? sql`di.recipient_campaign_id` : sql`di.organization_campaign_id`;
    where.push(sql`d.id in (select di.donation_id from donation_items di where ${column} = ${ref.id})`);
  }
  const email = filters.email?.trim().toLowerCase();
  // Addresses are stored in lower case (the checkout's schema lowers them).
  if (email) where.push(sql`d.donor_email like ${`%${likeLiteral(email)}%`} escape '\\'`);
  if (filters.from) where.push(sql`d.created_at >= ${lagosDayStart(filters.from).toISOString()}::timestamptz`);
  if (filters.to) where.push(sql`d.created_at < ${lagosDayAfter(filters.to).toISOString()}::timestamptz`);
  if (filters.from && filters.to && filters.from > filters.to)
    throw new AppError('bad_request', 'from must be on or before to.');
  return sql.join(where, sql` and `);
}

/**
 * The joins that name a donation item `i`'s campaign, for both kinds in one pass: `campaign_kind`,
 * `campaign_id` (the number) and `campaign_title` ("Folding White Cane for Ada O."), as the gift
 * bag labels it.
 */
export const itemCampaignJoins = sql`
  left join recipient_campaigns rc on rc.id = i.recipient_campaign_id
  left join products rpd on rpd.id = rc.product_id
  left join users ru on ru.id = rc.recipient_id
  left join recipient_profiles rpr on rpr.user_id = ru.id
  left join organization_campaigns oc on oc.id = i.organization_campaign_id
  left join organization_products opd on opd.id = oc.organization_product_id
  left join users ou on ou.id = oc.organization_id
  left join organization_profiles opr on opr.user_id = ou.id`;

export const itemCampaignColumns = sql`
  case when i.recipient_campaign_id is not null then 'recipient' else 'organization' end as campaign_kind,
  coalesce(i.recipient_campaign_id, i.organization_campaign_id) as campaign_id,
  coalesce(rpd.name || ' for ' || ru.first_name || ' ' || ${publicLastNameSql(sql`ru.last_name`, sql`rpr.public_name`)},
           opd.name || ' for ' || coalesce(opr.organization_name, ou.first_name || ' ' || ou.last_name)) as campaign_title`;

export type ItemCampaignRow = {
  campaign_kind: 'recipient' | 'organization';
  campaign_id: number;
  campaign_title: string;
};

/** A campaign as the desk's replies name it: `12` or `org-3`, its kind and title. */
export function campaignRef(row: ItemCampaignRow) {
  const id = Number(row.campaign_id);
  return {
    id: row.campaign_kind === 'organization' ? `org-${id}` : String(id),
    kind: row.campaign_kind,
    title: row.campaign_title ?? '',
  };
}
