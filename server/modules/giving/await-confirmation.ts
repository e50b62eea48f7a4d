import { sql } from 'drizzle-orm';
import { AWAITING_AFTER_HOLD, AWAITING_CONFIRMATION, isPayLater } from '@contract/payment-channels';
import { selectRows, type Db } from '../../db/client';
import type { VerifiedPayment } from '../../providers/payments/payments';
import { lockCampaigns } from './availability';

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
    total: number;
    fee: number;
    settled: boolean;
    live: boolean;
    hold: Date | string;
  }>(
    db,
    sql`select id, total_kobo as total, fee_kobo as fee, hold_expires_at > now() as live, hold_expires_at as hold,
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
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`select id from donations where id = ${known.id} and status = 'pending' for update`,
    );
    if (!row) return null;
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
      sql`update donations
             set awaiting_since = coalesce(awaiting_since, now()),
                 channel = ${verified.channel},
                 hold_expires_at = case when hold_expires_at > now()
                                        then greatest(hold_expires_at, coalesce(awaiting_since, now()) + make_interval(mins => ${holdMinutes}))
                                        else hold_expires_at end
           where id = ${known.id} and status = 'pending'
           returning hold_expires_at > now() as live, hold_expires_at as hold`,
    );
    return updated ? answer(updated.live, updated.hold) : null;
  });
}
