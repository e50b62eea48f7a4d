import { Readable, pipeline, type Transform } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { ORGANIZATION_GIFTS_SHOWN, type OrganizationGift, type OrganizationGifts } from '@contract/organization-gifts';
import { selectRows, type Db } from '../../db/client';
import { audit } from '../audit/audit';
import { csvWriter, nairaCell, type CsvColumn } from './csv-cell';
import { EXPORT_BATCH } from './export-rows';
import { lagosIso, lagosToday } from './lagos-time';

type GiftRow = {
  id: number;
  campaign_id: number;
  product_name: string;
  units: number;
  amount_kobo: number;
  paid_at: Date | string;
  matched_by: string | null;
};

/**
 * The gifts that landed on an organization's campaigns: allocated items of paid checkouts. Nothing
 * of the donor is read (docs/decisions/0075).
 */
const giftsOf = (organizationId: number) => sql`
  from donation_items i
  join donations d on d.id = i.donation_id and d.status = 'paid'
  join organization_campaigns c on c.id = i.organization_campaign_id
  join organization_products p on p.id = c.organization_product_id
  left join match_pools m on m.id = i.match_pool_id
  where c.organization_id = ${organizationId} and i.status = 'allocated'`;

async function giftRows(db: Db, organizationId: number, limit: number, beforeId?: number): Promise<GiftRow[]> {
  const after: SQL = beforeId === undefined ? sql`` : sql` and i.id < ${beforeId}`;
  return selectRows<GiftRow>(
    db,
    sql`select i.id, c.id as campaign_id, p.name as product_name, i.units, i.amount_kobo, d.paid_at,
               m.sponsor_name as matched_by
        ${giftsOf(organizationId)}${after}
        order by i.id desc limit ${limit}`,
  );
}

const gift = (r: GiftRow): OrganizationGift => ({
  id: Number(r.id),
  campaign_id: `org-${r.campaign_id}`,
  product_name: r.product_name,
  units: Number(r.units),
  amount_kobo: Number(r.amount_kobo),
  paid_at: new Date(r.paid_at).toISOString(),
  matched_by: r.matched_by,
});

/** GET /api/organization/donations: the newest gifts and the totals of every gift. */
export async function organizationGifts(db: Db, organizationId: number): Promise<OrganizationGifts> {
  const rows = await giftRows(db, organizationId, ORGANIZATION_GIFTS_SHOWN);
  const [totals] = await selectRows<{ gifts: number; units: number; amount_kobo: number }>(
    db,
    sql`select count(*)::int as gifts, coalesce(sum(i.units), 0)::int as units,
               coalesce(sum(i.amount_kobo), 0)::bigint as amount_kobo
        ${giftsOf(organizationId)}`,
  );
  return {
    gifts: rows.map(gift),
    totals: {
      gifts: Number(totals?.gifts ?? 0),
      units: Number(totals?.units ?? 0),
      amount_kobo: Number(totals?.amount_kobo ?? 0),
    },
  };
}

const COLUMNS: CsvColumn[] = [
  { key: 'paid_at', header: 'Paid' },
  { key: 'campaign', header: 'Campaign' },
  { key: 'device', header: 'Device' },
  { key: 'units', header: 'Units' },
  { key: 'amount_naira', header: 'Amount (naira)' },
  { key: 'amount_kobo', header: 'Amount (kobo)' },
  { key: 'matched_by', header: 'Matched by' },
];

async function* csvRows(db: Db, organizationId: number) {
  let before: number | undefined;
  for (;;) {
    const batch = await giftRows(db, organizationId, EXPORT_BATCH, before);
    for (const r of batch)
      yield {
        paid_at: lagosIso(new Date(r.paid_at)),
        campaign: `org-${r.campaign_id}`,
        device: r.product_name,
        units: Number(r.units),
        amount_naira: nairaCell(Number(r.amount_kobo)),
        amount_kobo: Number(r.amount_kobo),
        matched_by: r.matched_by ?? '',
      };
    if (batch.length < EXPORT_BATCH) return;
    before = Number(batch[batch.length - 1]!.id);
  }
}

/**
 * GET /api/organization/exports/donations.csv: every gift to the organization's campaigns, newest
 * first, as the money desk's safe CSV (csv-cell.ts), streamed a batch at a time. Audited with the
 * member who downloaded it.
 */
export async function organizationGiftsCsv(
  db: Db,
  organizationId: number,
  memberId: number,
): Promise<{ fileName: string; body: Transform }> {
  await audit(db, {
    adminId: memberId,
    action: 'export.organization_gifts',
    entity: 'export',
    entityId: 'organization_gifts',
    details: { organizationId },
  });
  const writer = csvWriter(COLUMNS);
  pipeline(Readable.from(csvRows(db, organizationId)), writer, () => undefined);
  return { fileName: `gift-of-independence-gifts-${lagosToday()}.csv`, body: writer };
}
