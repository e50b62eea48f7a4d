import { sql, type SQL } from 'drizzle-orm';
import type { ExportName } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import type { KeyCursor } from '../../db/cursor';
import { publicLastNameSql } from '../campaign-core/public-name-sql';
import type { CsvColumn } from './csv-cell';
import { nairaCell } from './csv-cell';
import { itemCampaignColumns, itemCampaignJoins, type ItemCampaignRow } from './desk-sql';
import { lagosIso } from './lagos-time';
import { checkoutRows, type CheckoutRow } from './list-payments';

/** Rows read per query: a year of gifts streams through in pieces of this size, never whole. */
export const EXPORT_BATCH = 1000;

type Row = Record<string, string | number | null>;
export type ExportSpec = { columns: CsvColumn[]; rows: (db: Db, where: SQL) => AsyncGenerator<Row> };

const date = (value: string | Date | null | undefined): string | null =>
  value === null || value === undefined ? null : lagosIso(new Date(value));
const money = (prefix: string, kobo: number): Row => ({
  [`${prefix}_naira`]: nairaCell(kobo),
  [`${prefix}_kobo`]: kobo,
});
const moneyColumns = (prefix: string, words: string): CsvColumn[] => [
  { key: `${prefix}_naira`, header: `${words} (naira)` },
  { key: `${prefix}_kobo`, header: `${words} (kobo)` },
];

/** The checkouts matching `where`, newest first, a batch at a time by keyset over the primary key. */
async function* checkoutBatches(db: Db, where: SQL, withCampaigns: boolean): AsyncGenerator<CheckoutRow[]> {
  let after: KeyCursor | undefined;
  for (;;) {
    const batch = await checkoutRows(db, where, { after, limit: EXPORT_BATCH, order: 'id', withCampaigns });
    if (batch.length) yield batch;
    if (batch.length < EXPORT_BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { key: last.sortKey, id: last.id };
  }
}

const payments: ExportSpec = {
  columns: [
    { key: 'reference', header: 'Reference' },
    { key: 'status', header: 'Status' },
    { key: 'donor_name', header: 'Donor name' },
    { key: 'donor_email', header: 'Donor email' },
    { key: 'channel', header: 'Channel' },
    { key: 'campaigns', header: 'Campaigns' },
    ...moneyColumns('total', 'Total charged'),
    ...moneyColumns('fee', 'Fee covered'),
    ...moneyColumns('refunded', 'Refunded'),
    ...moneyColumns('matched', 'Matched by sponsors'),
    { key: 'attention', header: 'Needs attention because' },
    { key: 'created_at', header: 'Checkout started' },
    { key: 'paid_at', header: 'Paid' },
  ],
  async *rows(db, where) {
    for await (const batch of checkoutBatches(db, where, true))
      for (const r of batch)
        yield {
          reference: r.reference,
          status: r.status,
          donor_name: r.donorName,
          donor_email: r.donorEmail,
          channel: r.channel,
          campaigns: r.campaigns.map((c) => `${c.id} ${c.title}`).join('; '),
          ...money('total', r.totalKobo),
          ...money('fee', r.feeKobo),
          ...money('refunded', r.refundedKobo),
          ...money('matched', r.matchedKobo ?? 0),
          attention: r.attention,
          created_at: date(r.createdAt),
          paid_at: date(r.paidAt),
        };
  },
};

const donations: ExportSpec = {
  columns: [
    { key: 'reference', header: 'Reference' },
    { key: 'item', header: 'Item' },
    { key: 'status', header: 'Payment status' },
    { key: 'item_status', header: 'Item status' },
    { key: 'donor_name', header: 'Donor name' },
    { key: 'donor_email', header: 'Donor email' },
    { key: 'channel', header: 'Channel' },
    { key: 'campaign_id', header: 'Campaign' },
    { key: 'campaign_kind', header: 'Kind' },
    { key: 'campaign_title', header: 'Campaign title' },
    { key: 'units', header: 'Units' },
    ...moneyColumns('amount', 'Amount'),
    { key: 'matched_by', header: 'Matched by (sponsor, not the donor)' },
    { key: 'created_at', header: 'Checkout started' },
    { key: 'paid_at', header: 'Paid' },
  ],
  async *rows(db, where) {
    for await (const batch of checkoutBatches(db, where, false)) {
      const ids = batch.map((r) => r.id);
      const items = await selectRows<
        ItemCampaignRow & {
          id: number;
          donation_id: number;
          units: number;
          amount_kobo: number;
          status: string;
          matched_by: string | null;
        }
      >(
        db,
        sql`select i.id, i.donation_id, i.units, i.amount_kobo, i.status, mp.sponsor_name as matched_by,
                   ${itemCampaignColumns}
              from donation_items i ${itemCampaignJoins}
              left join match_pools mp on mp.id = i.match_pool_id
             where i.donation_id = any(${sql.raw(`'{${ids.join(',')}}'`)}::int[])
             order by i.donation_id, i.id`,
      );
      const byDonation = new Map<number, typeof items>();
      for (const i of items) {
        const id = Number(i.donation_id);
        byDonation.set(id, [...(byDonation.get(id) ?? []), i]);
      }
      for (const r of batch)
        for (const i of byDonation.get(r.id) ?? [])
          yield {
            reference: r.reference,
            item: Number(i.id),
            status: r.status,
            item_status: i.status,
            donor_name: r.donorName,
            donor_email: r.donorEmail,
            channel: r.channel,
            campaign_id: i.campaign_kind === 'organization' ? `org-${i.campaign_id}` : String(i.campaign_id),
            campaign_kind: i.campaign_kind,
            campaign_title: i.campaign_title,
            units: Number(i.units),
            ...money('amount', Number(i.amount_kobo)),
            matched_by: i.matched_by,
            created_at: date(r.createdAt),
            paid_at: date(r.paidAt),
          };
    }
  },
};

/** How each kind of campaign is read: one query written once, keyed by kind. */
const CAMPAIGN_KINDS = {
  recipient: {
    table: sql`recipient_campaigns`,
    itemColumn: sql`i.recipient_campaign_id`,
    title: sql`p.name || ' for ' || u.first_name || ' ' || ${publicLastNameSql(sql`u.last_name`, sql`rp.public_name`)}`,
    owner: sql`join products p on p.id = c.product_id join users u on u.id = c.recipient_id
               left join recipient_profiles rp on rp.user_id = u.id`,
    units: sql`1`,
    goal: sql`c.price_kobo`,
    prefix: '',
  },
  organization: {
    table: sql`organization_campaigns`,
    itemColumn: sql`i.organization_campaign_id`,
    title: sql`p.name || ' for ' || coalesce(op.organization_name, u.first_name || ' ' || u.last_name)`,
    owner: sql`join organization_products p on p.id = c.organization_product_id join users u on u.id = c.organization_id
               left join organization_profiles op on op.user_id = u.id`,
    units: sql`c.quantity`,
    goal: sql`c.total_price_kobo`,
    prefix: 'org-',
  },
} as const;

const campaigns: ExportSpec = {
  columns: [
    { key: 'campaign_id', header: 'Campaign' },
    { key: 'kind', header: 'Kind' },
    { key: 'title', header: 'Title' },
    { key: 'status', header: 'Status' },
    { key: 'units', header: 'Units asked' },
    { key: 'units_fulfilled', header: 'Units funded' },
    ...moneyColumns('goal', 'Goal'),
    ...moneyColumns('raised', 'Raised'),
    { key: 'gifts', header: 'Gifts in this export' },
    ...moneyColumns('given', 'Given in this export'),
    ...moneyColumns('matched', 'Matched by sponsors in this export'),
    ...moneyColumns('refunded', 'Refunded in this export'),
    { key: 'created_at', header: 'Created' },
  ],
  async *rows(db, where) {
    for (const [kind, k] of Object.entries(CAMPAIGN_KINDS)) {
      let after = 0;
      for (;;) {
        const batch = await selectRows<{
          id: number;
          title: string;
          status: string;
          units: number;
          units_fulfilled: number;
          goal: number;
          raised: number;
          gifts: number;
          given: number;
          matched: number;
          refunded: number;
          created_at: string | Date;
        }>(
          db,
          // A refund of a checkout that gave to several campaigns is shared among them in proportion
          // to what each of the donor's items was, so the campaigns' refunds add up to the checkouts'.
          // A sponsor's items (decision 0080) are counted apart: no donor paid them.
          sql`select c.id, ${k.title} as title, c.status, ${k.units} as units, c.units_fulfilled, ${k.goal} as goal,
                     c.amount_raised_kobo as raised, coalesce(g.gifts, 0) as gifts, coalesce(g.given, 0) as given,
                     coalesce(g.matched, 0) as matched,
                     coalesce(r.refunded, 0) as refunded, c.created_at
                from ${k.table} c ${k.owner}
                left join lateral (
                  select count(distinct i.donation_id)::int as gifts,
                         sum(i.amount_kobo) filter (where i.match_pool_id is null)::bigint as given,
                         sum(i.amount_kobo) filter (where i.match_pool_id is not null)::bigint as matched
                    from donation_items i join donations d on d.id = i.donation_id
                   where ${k.itemColumn} = c.id and i.status = 'allocated' and d.status = 'paid' and ${where}) g on true
                left join lateral (
                  select round(sum(rf.amount_kobo::numeric * i.amount_kobo / s.items_kobo))::bigint as refunded
                    from donation_items i join donations d on d.id = i.donation_id
                    join refunds rf on rf.donation_id = d.id and rf.status <> 'failed'
                    cross join lateral (select sum(i2.amount_kobo) as items_kobo from donation_items i2
                                         where i2.donation_id = d.id and i2.match_pool_id is null) s
                   where ${k.itemColumn} = c.id and i.match_pool_id is null and ${where}) r on true
               where c.id > ${after}
               order by c.id
               limit ${EXPORT_BATCH}`,
        );
        for (const c of batch)
          yield {
            campaign_id: `${k.prefix}${c.id}`,
            kind,
            title: c.title,
            status: c.status,
            units: Number(c.units),
            units_fulfilled: Number(c.units_fulfilled),
            ...money('goal', Number(c.goal)),
            ...money('raised', Number(c.raised)),
            gifts: Number(c.gifts),
            ...money('given', Number(c.given)),
            ...money('matched', Number(c.matched)),
            ...money('refunded', Number(c.refunded)),
            created_at: date(c.created_at),
          };
        if (batch.length < EXPORT_BATCH) break;
        after = Number(batch[batch.length - 1]!.id);
      }
    }
  },
};

const donors: ExportSpec = {
  columns: [
    { key: 'donor_email', header: 'Donor email' },
    { key: 'donor_name', header: 'Donor name' },
    { key: 'checkouts', header: 'Checkouts' },
    { key: 'gifts', header: 'Gifts' },
    ...moneyColumns('given', 'Given'),
    ...moneyColumns('refunded', 'Refunded'),
    { key: 'first_gift', header: 'First gift' },
    { key: 'last_gift', header: 'Last gift' },
  ],
  async *rows(db, where) {
    let after: string | null = null;
    for (;;) {
      const batch: Array<{
        donor_email: string;
        donor_name: string;
        checkouts: number;
        gifts: number;
        given: number;
        refunded: number;
        first_gift: string | Date | null;
        last_gift: string | Date | null;
      }> = await selectRows(
        db,
        // Grouped in address order over the address index, so each batch stops after its donors.
        sql`select d.donor_email, (array_agg(d.donor_full_name order by d.created_at desc, d.id desc))[1] as donor_name,
                   count(*)::int as checkouts, count(*) filter (where d.status = 'paid')::int as gifts,
                   coalesce(sum(d.total_kobo) filter (where d.status = 'paid'), 0)::bigint as given,
                   coalesce(sum(rf.refunded), 0)::bigint as refunded,
                   min(d.paid_at) filter (where d.status = 'paid') as first_gift,
                   max(d.paid_at) filter (where d.status = 'paid') as last_gift
              from donations d
              left join (select donation_id, sum(amount_kobo) as refunded from refunds where status <> 'failed'
                          group by donation_id) rf on rf.donation_id = d.id
             where ${where} ${after === null ? sql`` : sql`and d.donor_email > ${after}`}
             group by d.donor_email
             order by d.donor_email
             limit ${EXPORT_BATCH}`,
      );
      for (const d of batch)
        yield {
          donor_email: d.donor_email,
          donor_name: d.donor_name,
          checkouts: Number(d.checkouts),
          gifts: Number(d.gifts),
          ...money('given', Number(d.given)),
          ...money('refunded', Number(d.refunded)),
          first_gift: date(d.first_gift),
          last_gift: date(d.last_gift),
        };
      if (batch.length < EXPORT_BATCH) return;
      after = batch[batch.length - 1]!.donor_email;
    }
  },
};

export const EXPORT_SPECS: Record<ExportName, ExportSpec> = { payments, donations, campaigns, donors };
