import { sql } from 'drizzle-orm';
import type { Refund, RefundStatus } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';

/** A checkout as a refund reads it, with its row locked. */
export type LockedDonation = {
  id: number;
  reference: string;
  status: string;
  donorEmail: string;
  donorName: string;
  /**
   * The money the provider says it took, in kobo: a recorded gift's payment, or one set aside for the
   * admins whose amount the provider reported in naira; null when no money was received.
   */
  receivedKobo: number | null;
  /** Refunds asked of the provider and not failed. */
  refundedKobo: number;
};

/**
 * Locks the checkout's row (`for update`) for the rest of the caller's transaction: every refund
 * decision and every write to its refunds happens under this lock, so two refunds at once, or the
 * admin's call and the provider's webhook, never decide on the same figures.
 */
export async function lockDonation(
  tx: Db,
  by: { reference: string } | { donationId: number },
): Promise<LockedDonation | null> {
  const where = 'reference' in by ? sql`d.reference = ${by.reference}` : sql`d.id = ${by.donationId}`;
  const [row] = await selectRows<{
    id: number;
    reference: string;
    status: string;
    email: string;
    name: string;
  }>(
    tx,
    sql`select d.id, d.reference, d.status, d.donor_email as email, d.donor_full_name as name
          from donations d where ${where} for update`,
  );
  if (!row) return null;
  const [money] = await selectRows<{ received: string | null; refunded: string }>(
    tx,
    sql`select (select case when p.status = 'success' then p.amount_kobo
                            when p.status = 'amount_mismatch'
                             and coalesce(p.provider_response->>'currency', 'NGN') = 'NGN'
                             and (p.provider_response->>'amount') ~ '^[1-9][0-9]{0,14}$'
                            then (p.provider_response->>'amount')::bigint end
                  from payments p where p.donation_id = ${row.id} order by p.id limit 1) as received,
               (select coalesce(sum(r.amount_kobo), 0) from refunds r
                 where r.donation_id = ${row.id} and r.status <> 'failed') as refunded`,
  );
  const received = row.status === 'paid' || row.status === 'needs_attention' ? money?.received : null;
  return {
    id: Number(row.id),
    reference: row.reference,
    status: row.status,
    donorEmail: row.email,
    donorName: row.name,
    receivedKobo: received === null || received === undefined ? null : Number(received),
    refundedKobo: Number(money?.refunded ?? 0),
  };
}

/**
 * The status a refund row takes when the provider says `said`: processed is final, failed outranks
 * pending, and a pending word never undoes either (events may arrive out of order).
 */
const nextStatus = (said: RefundStatus) =>
  sql`case when status = 'processed' or ${said}::text = 'pending' then status else ${said}::text end`;
const nextProcessedAt = (said: RefundStatus) =>
  sql`case when ${said}::text = 'processed' then coalesce(processed_at, now()) else processed_at end`;

/**
 * The row standing for a refund this server asked for and has no provider id yet: `ownRowId` while
 * it has none, else (the webhook gave that row another refund of the same amount first) the oldest
 * other such row of the checkout with that amount.
 */
async function waitingRow(tx: Db, donationId: number, amountKobo: number, ownRowId?: number): Promise<number | null> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select id from refunds
         where donation_id = ${donationId} and provider_refund_id is null and status = 'pending'
           and amount_kobo = ${amountKobo}
         order by (id = ${ownRowId ?? 0}) desc, id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * Puts what the provider says of refund `refundId` on the one row it belongs to, with the
 * checkout's row locked by the caller: the row already holding that id; else a row waiting for its
 * provider id with the same amount (the admin's call has not come back yet, or came back with an id
 * another row took). Answers that row and its status now, or null when no row stands for it. Never writes a second
 * row for one provider refund.
 */
export async function placeProviderRefund(
  tx: Db,
  input: { donationId: number; refundId: string; status: RefundStatus; amountKobo: number | null; ownRowId?: number },
): Promise<{ id: number; status: RefundStatus } | null> {
  const [known] = await selectRows<{ id: number; status: RefundStatus }>(
    tx,
    sql`update refunds set status = ${nextStatus(input.status)}, processed_at = ${nextProcessedAt(input.status)}
         where provider_refund_id = ${input.refundId} returning id, status`,
  );
  if (known) return { id: Number(known.id), status: known.status };
  if (input.amountKobo === null) return null;
  const waiting = await waitingRow(tx, input.donationId, input.amountKobo, input.ownRowId);
  if (waiting === null) return null;
  const [taken] = await selectRows<{ id: number; status: RefundStatus }>(
    tx,
    sql`update refunds set provider_refund_id = ${input.refundId}, status = ${nextStatus(input.status)},
               processed_at = ${nextProcessedAt(input.status)}
         where id = ${waiting} returning id, status`,
  );
  return { id: Number(taken!.id), status: taken!.status };
}

/** Marks failed the row standing for a refund the provider did not accept (see waitingRow). */
export async function failWaitingRow(tx: Db, donationId: number, amountKobo: number, ownRowId: number): Promise<void> {
  const row = await waitingRow(tx, donationId, amountKobo, ownRowId);
  if (row !== null) await tx.execute(sql`update refunds set status = 'failed' where id = ${row}`);
}

/** What the provider told us about a refund, kept as received for the payment's detail view. */
export async function keepProviderReply(
  tx: Db,
  donation: { id: number; reference: string },
  event: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.execute(
    sql`insert into provider_events (reference, donation_id, source, event, payload)
        values (${donation.reference}, ${donation.id}, 'refund', ${event}, ${JSON.stringify(payload)}::jsonb)`,
  );
}

/** One refund as the desk shows it. */
export async function refundReply(db: Db, id: number): Promise<Refund> {
  const [row] = await selectRows<{
    id: number;
    amount: string;
    status: RefundStatus;
    note: string;
    email: string | null;
    released: boolean;
    provider_id: string | null;
    created_at: Date | string;
    processed_at: Date | string | null;
  }>(
    db,
    sql`select r.id, r.amount_kobo as amount, r.status, r.note, u.email, r.units_released as released,
               r.provider_refund_id as provider_id, r.created_at, r.processed_at
          from refunds r left join users u on u.id = r.requested_by
         where r.id = ${id}`,
  );
  if (!row) throw new Error(`refund ${id} is missing`);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    id: Number(row.id),
    amountKobo: Number(row.amount),
    status: row.status,
    note: row.note,
    adminEmail: row.email,
    unitsReleased: row.released,
    providerRefundId: row.provider_id,
    createdAt: iso(row.created_at),
    processedAt: row.processed_at === null ? null : iso(row.processed_at),
  };
}
