import { sql } from 'drizzle-orm';
import { AWAITING_AFTER_HOLD, AWAITING_CONFIRMATION, isPayLater } from '@contract/payment-channels';
import { selectRows, type Db } from '../../db/client';
import type { VerifiedPayment } from '../../providers/payments/payments';
import { CHECKOUT_LIMITS, HOLD_MINUTES } from '@contract/giving';
import { lockCampaigns } from '../campaign-core/availability';

/**
 * The provider says a payment by a channel that confirms later (a transfer, USSD) is under way.
 * Only the provider's answer decides this, never the browser.
 */
export const isAwaitingConfirmation = (
  verified: VerifiedPayment | null | undefined,
): verified is VerifiedPayment & { status: 'pending' } =>
  verified?.status === 'pending' && isPayLater(verified.channel);

export type AwaitingPayment = {
  status: 'awaiting_confirmation';
  reference: string;
  amountKobo: number;
  /** The payment fee the donor covered, part of amountKobo. */
  feeKobo: number;
  message: string;
  /** When the units stop being kept for this payment (already past when the hold lapsed first). */
  holdExpiresAt: string;
  newlyRecorded: false;
};

/**
 * Notes that a pending checkout's payment is under way and lets its hold last `holdMinutes` from the
 * first time the provider said so (never shorter than it was), so its units stay with this donor
 * until the bank confirms. A hold that has already lapsed is not revived: its units may have gone to
 * someone else since, and the donor is told so. The hold is lengthened with the campaigns locked, in
 * the order checkouts lock them, so no checkout can count the units as free while the hold is being
 * extended. Asked again when nothing can change (already lengthened, or lapsed), it locks nothing.
 *
 * Lengthened holds are bounded: at most CHECKOUT_LIMITS.awaitingPerDonor per donor email, and no more
 * per address than ordinary open checkouts (many donors may share one carrier address). Past either,
 * the payment is still noted as under way (the page waits, and the webhook or the sweep records it)
 * but the hold keeps its ordinary end. These counts take the checkout's own advisory locks, in its
 * order (email, then address), so a checkout and a lengthening never both pass them at once.
 * Returns the answer for the donor, or null when the checkout is no longer pending (recorded or closed).
 */
export async function markAwaiting(
  db: Db,
  reference: string,
  verified: VerifiedPayment,
  holdMinutes: number,
): Promise<AwaitingPayment | null> {
  const [known] = await selectRows<{
    id: number;
    email: string;
    address: string | null;
    total: number;
    fee: number;
    settled: boolean;
    live: boolean;
    hold: Date | string;
  }>(
    db,
    sql`select id, donor_email as email, client_address_hash as address, total_kobo as total, fee_kobo as fee,
               hold_expires_at > now() as live, hold_expires_at as hold,
               (awaiting_since is not null and channel is not distinct from ${verified.channel}
                and (hold_expires_at >= awaiting_since + make_interval(mins => ${holdMinutes})
                     or hold_expires_at <= now())) as settled
          from donations where reference = ${reference} and status = 'pending'`,
  );
  if (!known) return null;
  const answer = (live: boolean, hold: Date | string): AwaitingPayment => ({
    status: 'awaiting_confirmation',
    reference,
    amountKobo: Number(known.total),
    feeKobo: Number(known.fee),
    message: live ? AWAITING_CONFIRMATION : AWAITING_AFTER_HOLD,
    holdExpiresAt: new Date(hold).toISOString(),
    newlyRecorded: false,
  });
  // Asked again while the bank has not answered: nothing changes, so nothing is locked.
  if (known.settled) return answer(known.live, known.hold);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDonor(tx, known.email, known.address);
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`select id from donations where id = ${known.id} and status = 'pending' for update`,
    );
    if (!row) return null;
    const lengthen = await mayLengthen(tx, known.id, known.email, known.address);
    const items = await selectRows<{ recipient: number | null; organization: number | null }>(
      tx,
      sql`select recipient_campaign_id as recipient, organization_campaign_id as organization
            from donation_items where donation_id = ${known.id} and status = 'held'`,
    );
    await lockCampaigns(
      tx,
      items.map((i) =>
        i.recipient !== null
          ? { kind: 'recipient' as const, id: Number(i.recipient) }
          : { kind: 'organization' as const, id: Number(i.organization) },
      ),
      known.id,
    );
    const [updated] = await selectRows<{ live: boolean; hold: Date | string }>(
      tx,
      // The statement's own time, not the transaction's: waiting for the locks above may have taken
      // long enough for the hold to lapse, and a lapsed hold is never revived.
      sql`update donations
             set awaiting_since = coalesce(awaiting_since, statement_timestamp()),
                 channel = ${verified.channel},
                 hold_expires_at = case when ${lengthen} and hold_expires_at > statement_timestamp()
                                        then greatest(hold_expires_at, coalesce(awaiting_since, statement_timestamp()) + make_interval(mins => ${holdMinutes}))
                                        else hold_expires_at end
           where id = ${known.id} and status = 'pending'
           returning hold_expires_at > statement_timestamp() as live, hold_expires_at as hold`,
    );
    return updated ? answer(updated.live, updated.hold) : null;
  });
}

/**
 * The advisory locks a checkout takes before counting (start-checkout.ts), with the same keys in the
 * same order, so counting here and there never interleaves and never deadlocks.
 */
export async function lockDonor(tx: Db, email: string, addressHash: string | null): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-email:${email}`}, 0))::text,
               pg_advisory_xact_lock(hashtextextended(${`checkout-address:${addressHash ?? ''}`}, 0))::text`,
  );
}

/**
 * Whether another lengthened hold fits this donor's email and address (the checkout itself left out).
 * Only holds in fact lengthened count: one noted as under way past the bound keeps its ordinary end.
 */
async function mayLengthen(tx: Db, id: number, email: string, addressHash: string | null): Promise<boolean> {
  const [counts] = await selectRows<{ by_email: number; by_address: number }>(
    tx,
    sql`select count(*) filter (where donor_email = ${email})::int as by_email,
               count(*) filter (where client_address_hash = ${addressHash})::int as by_address
          from donations
         where status = 'pending' and awaiting_since is not null and hold_expires_at > statement_timestamp()
           and hold_expires_at > created_at + make_interval(mins => ${HOLD_MINUTES})
           and id <> ${id}
           and (donor_email = ${email} or client_address_hash = ${addressHash})`,
  );
  return (
    Number(counts?.by_email ?? 0) < CHECKOUT_LIMITS.awaitingPerDonor &&
    Number(counts?.by_address ?? 0) < CHECKOUT_LIMITS.openPerAddress
  );
}
