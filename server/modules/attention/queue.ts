import { sql } from 'drizzle-orm';
import { toCampaignId } from '@contract/ids';
import type { AttentionCase, AttentionItem, AttentionReason } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { readCampaigns } from '../campaign-core/availability';
import { itemsOf, weighPlacement } from './placement';

/** The open cases the queue shows at once, oldest first. */
const QUEUE_MAX = 500;

/** What the provider reports was paid: the amount in its last reply, or the checkout's once recorded as paid. */
const paidKoboSql = sql`case when jsonb_typeof(p.provider_response -> 'amount') = 'number'
                             then case when (p.provider_response ->> 'amount')::numeric between 0 and 9007199254740991
                                       then trunc((p.provider_response ->> 'amount')::numeric)::bigint end
                             when p.status = 'success' then p.amount_kobo end`;

/** Money refunded or asked of the provider and not failed. */
export const refundedKoboSql = (donation: ReturnType<typeof sql>) =>
  sql`coalesce((select sum(r.amount_kobo) from refunds r where r.donation_id = ${donation} and r.status <> 'failed'), 0)`;

type CaseRow = {
  id: number;
  reference: string;
  reason: AttentionReason;
  words: string;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  resolution: AttentionCase['resolution'];
  note: string | null;
  admin_email: string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const caseReply = (row: CaseRow): AttentionCase => ({
  id: Number(row.id),
  reference: row.reference,
  reason: row.reason,
  words: row.words,
  openedAt: iso(row.opened_at)!,
  resolvedAt: iso(row.resolved_at),
  resolution: row.resolution,
  note: row.note,
  adminEmail: row.admin_email,
});

/** One case as the desk shows it, with the admin who resolved it. */
export const caseColumns = sql`c.id, d.reference, c.reason, c.words, c.opened_at, c.resolved_at, c.resolution, c.note,
  (select u.email from users u where u.id = c.resolved_by) as admin_email`;

/**
 * The open cases, oldest first, each with the donor, the money (asked, reported paid, refunded), its
 * campaigns and whether accepting it could record the gift now.
 */
export async function attentionQueue(db: Db): Promise<{ items: AttentionItem[] }> {
  const rows = await selectRows<
    CaseRow & {
      donation_id: number;
      donor_email: string;
      donor_name: string;
      total: number;
      paid: number | null;
      refunded: number;
    }
  >(
    db,
    sql`select ${caseColumns}, d.id as donation_id, d.donor_email, d.donor_full_name as donor_name, d.total_kobo as total,
               ${paidKoboSql} as paid, ${refundedKoboSql(sql`d.id`)} as refunded
          from attention_cases c
          join donations d on d.id = c.donation_id
          left join payments p on p.reference = d.reference
         where c.resolved_at is null
         order by c.opened_at, c.id
         limit ${QUEUE_MAX}`,
  );
  const items = await itemsOf(db, [...new Set(rows.map((r) => Number(r.donation_id)))]);
  const campaigns = await readCampaigns(
    db,
    items.map((i) => ({ kind: i.kind, id: i.campaignId })),
  );
  return {
    items: rows.map((row) => {
      const own = items.filter((i) => i.donationId === Number(row.donation_id));
      const refs = [...new Map(own.map((i) => [`${i.kind}:${i.campaignId}`, i])).values()];
      return {
        ...caseReply(row),
        donorEmail: row.donor_email,
        donorName: row.donor_name,
        totalKobo: Number(row.total),
        paidKobo: row.paid === null ? null : Number(row.paid),
        refundedKobo: Number(row.refunded),
        campaigns: refs.map((i) => ({
          id: toCampaignId({ kind: i.kind, id: i.campaignId }),
          kind: i.kind,
          title: campaigns.get(`${i.kind}:${i.campaignId}`)?.label ?? 'A campaign no longer listed',
        })),
        canAccept: weighPlacement(
          own.filter((i) => !i.allocated),
          campaigns,
        ).fits,
      };
    }),
  };
}
