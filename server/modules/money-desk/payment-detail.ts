import { sql } from 'drizzle-orm';
import type { PaymentDetail } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { JOB_SCHEMA } from '../../jobs/queue';
import { receiptSubject } from '../receipts/receipt-mail';
import { campaignRef, itemCampaignColumns, itemCampaignJoins, type ItemCampaignRow } from './desk-sql';
import { checkoutRows } from './list-payments';

export const PAYMENT_NOT_FOUND = 'No payment has that reference. Check the reference and try again.';

const iso = (value: string | Date | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** An audit entry's details in words: `key: value` pairs, as the log's reader wants them. */
function detailWords(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

/**
 * Everything known about one checkout (GET /api/admin/payments/{reference}). Notices sent are read
 * where they are reliably tied to it: receipt jobs naming its donation id; mail jobs to the donor's
 * address whose subject names the reference (the receipt mail and every payment mail do); and in-app
 * notices whose text names the reference. Mail about anything else is never shown here.
 */
export async function paymentDetail(db: Db, reference: string): Promise<PaymentDetail> {
  const [payment] = await checkoutRows(db, sql`d.reference = ${reference}`, { limit: 1 });
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const donationId = payment.id;

  const [holdRow] = await selectRows<{ hold_expires_at: Date | string | null; awaiting_since: Date | string | null }>(
    db,
    sql`select hold_expires_at, awaiting_since from donations where id = ${donationId}`,
  );
  const items = await selectRows<
    ItemCampaignRow & {
      units: number;
      amount_kobo: number;
      status: PaymentDetail['items'][number]['status'];
      matched_by: string | null;
    }
  >(
    db,
    sql`select i.units, i.amount_kobo, i.status, mp.sponsor_name as matched_by, ${itemCampaignColumns}
          from donation_items i ${itemCampaignJoins}
          left join match_pools mp on mp.id = i.match_pool_id
         where i.donation_id = ${donationId} order by i.id`,
  );
  const [provider] = await selectRows<{
    provider: string;
    status: string;
    amount_kobo: number;
    verified_at: Date | string | null;
    provider_response: Record<string, unknown> | null;
  }>(
    db,
    sql`select provider, status, amount_kobo, verified_at, provider_response
          from payments where donation_id = ${donationId} order by id desc limit 1`,
  );
  const events = await selectRows<{
    id: number;
    source: 'webhook' | 'verify' | 'refund';
    event: string;
    received_at: Date | string;
    payload: Record<string, unknown>;
  }>(
    db,
    sql`select id, source, event, received_at, payload from provider_events
         where reference = ${reference} order by received_at, id`,
  );
  const refunds = await selectRows<{
    id: number;
    amount_kobo: number;
    status: PaymentDetail['refunds'][number]['status'];
    note: string;
    admin_email: string | null;
    units_released: boolean;
    provider_refund_id: string | null;
    created_at: Date | string;
    processed_at: Date | string | null;
  }>(
    db,
    sql`select r.id, r.amount_kobo, r.status, r.note, u.email as admin_email, r.units_released,
               r.provider_refund_id, r.created_at, r.processed_at
          from refunds r left join users u on u.id = r.requested_by
         where r.donation_id = ${donationId} order by r.created_at, r.id`,
  );
  const cases = await selectRows<{
    id: number;
    reason: PaymentDetail['cases'][number]['reason'];
    words: string;
    opened_at: Date | string;
    resolved_at: Date | string | null;
    resolution: PaymentDetail['cases'][number]['resolution'];
    note: string | null;
    admin_email: string | null;
  }>(
    db,
    sql`select a.id, a.reason, a.words, a.opened_at, a.resolved_at, a.resolution, a.note, u.email as admin_email
          from attention_cases a left join users u on u.id = a.resolved_by
         where a.donation_id = ${donationId} order by a.opened_at, a.id`,
  );
  const pattern = `%${reference.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Jobs live in the job table, and completed ones move to the archive after a day.
  const jobs = (table: string) => sql`
    select name, state::text as state, created_on, completed_on, data->'message'->>'to' as to_address,
           data->'message'->>'subject' as subject
      from ${sql.raw(`${JOB_SCHEMA}.${table}`)}
     where (name = ${JOB.receiptMail} and data->>'donationId' = ${String(donationId)})
        or (name = ${JOB.mail} and data->'message'->>'to' = ${payment.donorEmail}
            and data->'message'->>'subject' like ${pattern} escape '\\')`;
  const mails = await selectRows<{
    name: string;
    state: string;
    created_on: Date | string;
    completed_on: Date | string | null;
    to_address: string | null;
    subject: string | null;
  }>(db, sql`${jobs('job')} union all ${jobs('archive')}`);
  const inApp = await selectRows<{ email: string; message: string; created_at: Date | string; is_read: boolean }>(
    db,
    sql`select u.email, n.message, n.created_at, n.is_read from notifications n join users u on u.id = n.user_id
         where n.message like ${pattern} escape '\\' order by n.created_at, n.id`,
  );
  const audit = await selectRows<{
    created_at: Date | string;
    admin_email: string | null;
    action: string;
    details: Record<string, unknown> | null;
  }>(
    db,
    sql`select l.created_at, u.email as admin_email, l.action, l.details
          from admin_audit_log l left join users u on u.id = l.admin_id
         where l.entity_id = ${reference}
            or (l.entity_type in ('donation', 'payment') and l.entity_id = ${String(donationId)})
            or l.details->>'reference' = ${reference}
         order by l.created_at, l.id`,
  );

  const notices = [
    ...mails.map((m) => ({
      kind: m.name === JOB.receiptMail ? 'receipt' : 'mail',
      to: m.to_address ?? payment.donorEmail,
      subject: m.subject ?? receiptSubject(reference),
      at: iso(m.completed_on ?? m.created_on)!,
      state: m.state,
    })),
    ...inApp.map((n) => ({
      kind: 'notice',
      to: n.email,
      subject: n.message,
      at: iso(n.created_at)!,
      state: n.is_read ? 'read' : 'unread',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const { id: _id, sortKey: _key, ...row } = payment;
  return {
    payment: row,
    items: items.map((i) => ({
      campaign: campaignRef(i),
      units: Number(i.units),
      amountKobo: Number(i.amount_kobo),
      status: i.status,
      matchedBy: i.matched_by,
    })),
    hold: { expiresAt: iso(holdRow?.hold_expires_at), awaitingSince: iso(holdRow?.awaiting_since) },
    provider: provider
      ? {
          name: provider.provider,
          status: provider.status,
          amountKobo: Number(provider.amount_kobo),
          verifiedAt: iso(provider.verified_at),
          response: provider.provider_response,
        }
      : null,
    events: events.map((e) => ({
      id: Number(e.id),
      source: e.source,
      event: e.event,
      receivedAt: iso(e.received_at)!,
      payload: e.payload,
    })),
    refunds: refunds.map((r) => ({
      id: Number(r.id),
      amountKobo: Number(r.amount_kobo),
      status: r.status,
      note: r.note,
      adminEmail: r.admin_email,
      unitsReleased: r.units_released,
      providerRefundId: r.provider_refund_id,
      createdAt: iso(r.created_at)!,
      processedAt: iso(r.processed_at),
    })),
    cases: cases.map((c) => ({
      id: Number(c.id),
      reference,
      reason: c.reason,
      words: c.words,
      openedAt: iso(c.opened_at)!,
      resolvedAt: iso(c.resolved_at),
      resolution: c.resolution,
      note: c.note,
      adminEmail: c.admin_email,
    })),
    notices,
    audit: audit.map((a) => ({
      at: iso(a.created_at)!,
      adminEmail: a.admin_email,
      action: a.action,
      detail: detailWords(a.details),
    })),
  };
}
