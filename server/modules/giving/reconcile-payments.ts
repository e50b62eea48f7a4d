import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { HOLD_MINUTES, PAY_LATER_HOLD_MAX_MINUTES } from '@contract/giving';
import { isAwaitingConfirmation, markAwaiting } from './await-confirmation';
import { isFinalRefusal, recordPayment, type PaymentDeps } from './record-payment';
import { releaseDonations } from './release-hold';

/** A checkout is asked about until the provider answers for good, or this long after its hold ends. */
export const GRACE_MINUTES = 60;
/** Checkouts asked about per sweep, and how long since the last question before asking again. */
const BATCH = 50;
const RECHECK_MINUTES = 2;
/** Give the donor's own browser a moment before asking for it. */
const FIRST_CHECK_AFTER_SECONDS = 60;

export type SweepResult = { checked: number; recorded: number; closed: number; stoppedEarly: boolean };

/**
 * Asks the provider about checkouts the server issued that are not yet recorded, and records every
 * paid one through the same path as the browser and the webhook, so a payment never goes
 * unrecorded even when nobody reports it. A transfer or USSD payment still under way has its hold
 * lengthened (from the first time it is seen under way), so its units wait for the bank. That includes checkouts released early (replaced, or the
 * payment window closed) that may still have been paid in a popup left open. A checkout is closed
 * only after its hold has ended: when the provider calls it failed or abandoned (Paystack says
 * abandoned while the popup is still open, so that is not final earlier), or, whatever it says, once
 * the grace period has passed, so nothing stays pending forever. Runs every minute; each checkout is
 * asked about at most every two minutes, until the grace period after its hold ends. A checkout
 * closed early (replaced, or its window closed) is still asked about until the grace period after
 * the hold it would have had: 15 minutes from its start, or the longer hold from when its transfer
 * was first seen under way, so a late transfer is still recorded.
 */
export async function reconcilePayments(deps: PaymentDeps & { pauseMs?: number }): Promise<SweepResult> {
  const due = await selectRows<{ reference: string; status: string; hold_over: boolean; lapsed: boolean }>(
    deps.db,
    sql`update donations d set checked_at = now()
         where d.id in (select id from donations
                         where (status = 'pending'
                                or (status = 'failed' and paid_at is null
                                    and created_at > now() - make_interval(mins => ${HOLD_MINUTES + PAY_LATER_HOLD_MAX_MINUTES + GRACE_MINUTES})
                                    and greatest(created_at + make_interval(mins => ${HOLD_MINUTES}),
                                                 awaiting_since + make_interval(mins => ${deps.payLaterHoldMinutes}))
                                        > now() - make_interval(mins => ${GRACE_MINUTES})))
                           and created_at < now() - make_interval(secs => ${FIRST_CHECK_AFTER_SECONDS})
                           and (checked_at is null or checked_at < now() - make_interval(mins => ${RECHECK_MINUTES}))
                         order by checked_at nulls first, id
                         limit ${BATCH}
                         for update skip locked)
        returning d.reference, d.status,
                  coalesce(d.hold_expires_at <= now(), true) as hold_over,
                  coalesce(d.hold_expires_at < now() - make_interval(mins => ${GRACE_MINUTES}), true) as lapsed`,
  );
  const result: SweepResult = { checked: 0, recorded: 0, closed: 0, stoppedEarly: false };
  for (const { reference, status: ours, hold_over: holdOver, lapsed } of due) {
    let verified;
    try {
      verified = await deps.payments.verify(reference);
    } catch {
      // The provider is down or is limiting us: stop here; the next sweep picks up where this one left.
      result.stoppedEarly = true;
      break;
    }
    result.checked += 1;
    const status = verified?.status ?? null;
    // Under way: the hold lasts the longer time; once that and the grace period are over, the
    // payment is taken not to be coming and the checkout is closed as any other.
    if (ours === 'pending' && isAwaitingConfirmation(verified))
      await markAwaiting(deps.db, reference, verified, deps.payLaterHoldMinutes);
    if (status === 'success') {
      // A final refusal (say, a wrong amount, now set aside for the admins) is not retried here.
      const recorded = await recordPayment(deps, reference).catch((error: unknown) => {
        if (isFinalRefusal(error)) return undefined;
        throw error;
      });
      if (recorded?.newlyRecorded) result.recorded += 1;
    } else if (ours === 'pending' && ((holdOver && (status === 'failed' || status === 'abandoned')) || lapsed)) {
      result.closed += await deps.db.transaction((tx) => releaseDonations(tx as unknown as Db, [reference]));
    }
    if (deps.pauseMs) await new Promise((r) => setTimeout(r, deps.pauseMs));
  }
  return result;
}
