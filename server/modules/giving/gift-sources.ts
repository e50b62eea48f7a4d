import { sql } from 'drizzle-orm';
import { GIFT_SOURCES } from '@contract/gift-sources';
import type { GiftSourceTotals } from '@contract/gift-source-totals';
import { selectRows, type Db } from '../../db/client';

/**
 * Paid gifts and their amount by source, one row for every source and for `direct` (no share
 * link), in a fixed order so the admins' table keeps its shape. The amount is the gifts alone:
 * total less the covered fee, which equals what the items gave, less what was refunded of each.
 */
export async function giftsBySource(db: Db): Promise<GiftSourceTotals> {
  const rows = await selectRows<{ source: string | null; gifts: number; amount: number | string }>(
    db,
    sql`select source, count(*)::int as gifts,
               coalesce(sum(greatest(total_kobo - fee_kobo - (select coalesce(sum(r.amount_kobo), 0) from refunds r
                                                               where r.donation_id = donations.id and r.status = 'processed'), 0)), 0)::bigint as amount
          from donations where status = 'paid' and not from_fund group by source`,
  );
  const found = new Map(rows.map((r) => [r.source ?? 'direct', r]));
  return [...GIFT_SOURCES, 'direct' as const].map((source) => {
    const row = found.get(source);
    return { source, gifts: Number(row?.gifts ?? 0), amountKobo: Number(row?.amount ?? 0) };
  });
}
