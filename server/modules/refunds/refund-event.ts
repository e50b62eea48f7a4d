import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import { ATTENTION_REASON_WORDS } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import type { ResponseCache } from '../../http/response-cache';
import { readRefundEvent, type PaystackEvent } from '../../providers/payments/paystack-webhook';
import { notifyAdmins } from '../notifications/queries';
import { lockDonation, placeProviderRefund } from './refund-rows';

/** The note on a refund the provider reported and nobody asked for here. */
export const REPORTED_BY_PROVIDER = 'Reported by the payment provider';

/**
 * A signed Paystack refund event (`refund.pending`, `refund.processed`, `refund.failed`), recorded
 * once however it races the admin's call: with the checkout's row locked, it lands on the row that
 * holds its refund id, else on a row of this checkout still waiting for its id with the same amount
 * (the admin's call not yet back). Only otherwise is it a refund not made here: a new row, and a
 * `reversed` case for the admins. A failed refund an admin asked for is told to the admins.
 * Answers what it did; any other event is ignored.
 */
export async function handleRefundEvent(
  deps: { db: Db; publicCache: ResponseCache },
  event: PaystackEvent,
): Promise<'recorded' | 'reported' | 'ignored'> {
  const refund = readRefundEvent(event);
  if (!refund) return 'ignored';
  const outcome = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [known] = await selectRows<{ id: number }>(
      tx,
      refund.reference !== null
        ? sql`select id from donations where reference = ${refund.reference}`
        : sql`select donation_id as id from refunds where provider_refund_id = ${refund.refundId}`,
    );
    const donation = known ? await lockDonation(tx, { donationId: Number(known.id) }) : null;
    if (!donation) return 'ignored' as const;
    const placed = await placeProviderRefund(tx, {
      donationId: donation.id,
      refundId: refund.refundId,
      status: refund.status,
      amountKobo: refund.amountKobo,
    });
    if (placed !== null) {
      if (placed.status === 'failed') await tellAdminsOfFailure(tx, placed.id, donation.reference);
      return 'recorded' as const;
    }
    // Not asked for here: money went back all the same (or is on its way), so it is recorded and
    // set before the admins. A failure of a refund nobody here asked for changes nothing.
    if (refund.status === 'failed' || refund.amountKobo === null || (refund.currency ?? 'NGN') !== 'NGN')
      return 'ignored' as const;
    await tx.execute(
      sql`insert into refunds (donation_id, amount_kobo, status, note, requested_by, provider_refund_id, processed_at)
          values (${donation.id}, ${refund.amountKobo}, ${refund.status}, ${REPORTED_BY_PROVIDER}, null, ${refund.refundId},
                  case when ${refund.status}::text = 'processed' then now() end)
          on conflict (provider_refund_id) do nothing`,
    );
    await tx.execute(
      sql`insert into attention_cases (donation_id, reason, words)
          values (${donation.id}, 'reversed', ${ATTENTION_REASON_WORDS.reversed})
          on conflict do nothing`,
    );
    return 'reported' as const;
  });
  if (outcome !== 'ignored') deps.publicCache.clear();
  return outcome;
}

/** A refund an admin asked for that the provider then could not make: the admins hear, so they can refund again. */
async function tellAdminsOfFailure(tx: Db, refundId: number, reference: string): Promise<void> {
  const [row] = await selectRows<{ amount: string; by: number | null }>(
    tx,
    sql`select amount_kobo as amount, requested_by as by from refunds where id = ${refundId}`,
  );
  if (!row || row.by === null) return;
  await notifyAdmins(
    tx,
    `The payment provider could not make the refund of ${formatNaira(Number(row.amount))} for payment ${reference}; nothing was refunded. Please refund it again.`,
  );
}
