import { sql, type SQL } from 'drizzle-orm';
import type { PaymentFilters, PaymentList, PaymentRow } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { afterKey, decodeKeyCursor, keyOrder, keyPage, keyText, type KeyCursor, type Keyset } from '../../db/cursor';
import {
  campaignRef,
  deskStatusSql,
  itemCampaignColumns,
  itemCampaignJoins,
  paymentFilterSql,
  type ItemCampaignRow,
} from './desk-sql';

/** Every checkout, newest first: the list's order, and the order the exports read in batches. */
export const checkoutKeyset: Keyset = {
  column: sql`d.created_at`,
  type: 'timestamp',
  direction: 'desc',
  id: sql`d.id`,
};

export type CheckoutRow = PaymentRow & { id: number; sortKey: string };

type RawRow = {
  id: number;
  reference: string;
  status: PaymentRow['status'];
  donor_email: string;
  donor_full_name: string;
  channel: string | null;
  total_kobo: number;
  fee_kobo: number;
  refunded: number;
  matched: number;
  attention: PaymentRow['attention'];
  created_at: string | Date;
  paid_at: string | Date | null;
  sort_key: string;
};

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The campaigns of some checkouts, by donation id, in item order. */
export async function campaignsOf(db: Db, donationIds: number[]): Promise<Map<number, PaymentRow['campaigns']>> {
  const byDonation = new Map<number, PaymentRow['campaigns']>();
  if (donationIds.length === 0) return byDonation;
  const rows = await selectRows<ItemCampaignRow & { donation_id: number }>(
    db,
    sql`select i.donation_id, ${itemCampaignColumns}
          from donation_items i ${itemCampaignJoins}
         where i.donation_id = any(${sql.raw(`'{${donationIds.map(Number).join(',')}}'`)}::int[])
         order by i.donation_id, i.id`,
  );
  for (const row of rows) {
    const id = Number(row.donation_id);
    const list = byDonation.get(id) ?? [];
    const ref = campaignRef(row);
    if (!list.some((c) => c.id === ref.id)) list.push(ref);
    byDonation.set(id, list);
  }
  return byDonation;
}

/**
 * Checkouts matching `where` (a condition over `donations d`), after `after`, at most `limit`: one
 * page of the list (newest first), or one batch of an export. Exports read by id, newest first too,
 * over the primary key, since nothing indexes the creation time; the list keeps the creation order.
 * The page is chosen first and only its rows get their refunds, case and campaigns.
 */
export async function checkoutRows(
  db: Db,
  where: SQL,
  page: { after?: KeyCursor; limit: number; order?: 'created' | 'id'; withCampaigns?: boolean },
): Promise<CheckoutRow[]> {
  const byId = page.order === 'id';
  const after = page.after
    ? byId
      ? sql`and d.id < ${page.after.id}`
      : sql`and ${afterKey(checkoutKeyset, page.after)}`
    : sql``;
  const order = byId ? sql`d.id desc` : sql.join(keyOrder(checkoutKeyset), sql`, `);
  const rows = await selectRows<RawRow>(
    db,
    sql`with page as materialized (
          select d.id from donations d where ${where} ${after} order by ${order} limit ${page.limit}),
        refunded as (
          select rf.donation_id, sum(rf.amount_kobo) as kobo from refunds rf
           where rf.status <> 'failed' and rf.donation_id in (select id from page) group by rf.donation_id),
        matched as (
          select i.donation_id, sum(i.amount_kobo) as kobo from donation_items i
           where i.match_pool_id is not null and i.status = 'allocated' and i.donation_id in (select id from page)
           group by i.donation_id),
        attention as (
          select distinct on (ac.donation_id) ac.donation_id, ac.reason from attention_cases ac
           where ac.resolved_at is null and ac.donation_id in (select id from page)
           order by ac.donation_id, ac.opened_at, ac.id)
        select d.id, d.reference, ${deskStatusSql} as status, d.donor_email, d.donor_full_name, d.channel,
               d.total_kobo, d.fee_kobo, coalesce(refunded.kobo, 0) as refunded, coalesce(matched.kobo, 0) as matched,
               attention.reason as attention,
               d.created_at, d.paid_at, ${byId ? sql`d.id::text` : keyText(checkoutKeyset)} as sort_key
          from page join donations d on d.id = page.id
          left join refunded on refunded.donation_id = d.id
          left join matched on matched.donation_id = d.id
          left join attention on attention.donation_id = d.id
         order by ${order}`,
  );
  const campaigns =
    page.withCampaigns === false
      ? new Map<number, PaymentRow['campaigns']>()
      : await campaignsOf(
          db,
          rows.map((r) => Number(r.id)),
        );
  return rows.map((r) => ({
    id: Number(r.id),
    sortKey: r.sort_key,
    reference: r.reference,
    status: r.status,
    donorEmail: r.donor_email,
    donorName: r.donor_full_name,
    channel: r.channel,
    totalKobo: Number(r.total_kobo),
    feeKobo: Number(r.fee_kobo),
    refundedKobo: Number(r.refunded),
    matchedKobo: Number(r.matched),
    campaigns: campaigns.get(Number(r.id)) ?? [],
    attention: r.attention,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
  }));
}

/** What everything the filters match adds up to, not only the page shown. */
export async function paymentTotals(db: Db, filters: PaymentFilters): Promise<PaymentList['totals']> {
  const where = paymentFilterSql(filters);
  const [row] = await selectRows<{ count: number; total: number; paid: number; refunded: number; matched: number }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(d.total_kobo), 0)::bigint as total,
               coalesce(sum(d.total_kobo) filter (where d.status = 'paid'), 0)::bigint as paid,
               (select coalesce(sum(rf.amount_kobo), 0) from refunds rf join donations d on d.id = rf.donation_id
                 where rf.status <> 'failed' and ${where})::bigint as refunded,
               (select coalesce(sum(i.amount_kobo), 0) from donation_items i join donations d on d.id = i.donation_id
                 where i.match_pool_id is not null and i.status = 'allocated' and d.status = 'paid' and ${where})::bigint as matched
          from donations d
         where ${where}`,
  );
  return {
    count: Number(row?.count ?? 0),
    totalKobo: Number(row?.total ?? 0),
    paidKobo: Number(row?.paid ?? 0),
    refundedKobo: Number(row?.refunded ?? 0),
    matchedKobo: Number(row?.matched ?? 0),
  };
}

/** GET /api/admin/payments: one page of checkouts by keyset cursor, with the filter's totals. */
export async function listPayments(
  db: Db,
  query: PaymentFilters & { limit: number; cursor?: string },
): Promise<PaymentList> {
  const after = decodeKeyCursor(query.cursor, checkoutKeyset.type);
  const where = paymentFilterSql(query);
  const rows = await checkoutRows(db, where, { after, limit: query.limit + 1 });
  const page = keyPage(rows, query.limit);
  return {
    items: page.rows.map(({ id: _id, sortKey: _key, ...row }) => row),
    totals: await paymentTotals(db, query),
    nextCursor: page.nextCursor,
  };
}
