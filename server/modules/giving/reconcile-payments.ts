import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordPayment, type PaymentDeps } from './record-payment';
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
 * paid one through the same path as the browser and the webhook, so a charged card never goes
 * unrecorded even when nobody reports it. Checkouts the provider calls failed or abandoned, and
 * lapsed ones still unpaid after the grace period, are closed, so nothing stays pending forever.
 * Runs every minute; each checkout is asked about at most every two minutes.
 */
export async function reconcilePayments(deps: PaymentDeps & { pauseMs?: number }): Promise<SweepResult> {
  const due = await selectRows<{ reference: string; lapsed: boolean }>(
    deps.db,
    sql`update donations d set checked_at = now()
         where d.id in (select id from donations
                         where status = 'pending'
                           and created_at < now() - make_interval(secs => ${FIRST_CHECK_AFTER_SECONDS})
                           and (checked_at is null or checked_at < now() - make_interval(mins => ${RECHECK_MINUTES}))
                         order by checked_at nulls first, id
                         limit ${BATCH}
                         for update skip locked)
        returning d.reference, coalesce(d.hold_expires_at < now() - make_interval(mins => ${GRACE_MINUTES}), true) as lapsed`,
  );
  const result: SweepResult = { checked: 0, recorded: 0, closed: 0, stoppedEarly: false };
  for (const { reference, lapsed } of due) {
    let status: string | null;
    try {
      status = (await deps.payments.verify(reference))?.status ?? null;
    } catch {
      // The provider is down or is limiting us: stop here; the next sweep picks up where this one left.
      result.stoppedEarly = true;
      break;
    }
    result.checked += 1;
    if (status === 'success') {
      try {
        if ((await recordPayment(deps, reference)).newlyRecorded) result.recorded += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // A refusal (say, an amount that does not match) is for people to look at, not to retry.
      }
    } else if (status === 'failed' || status === 'abandoned' || lapsed) {
      result.closed += await deps.db.transaction((tx) => releaseDonations(tx as unknown as Db, [reference]));
    }
    if (deps.pauseMs) await new Promise((r) => setTimeout(r, deps.pauseMs));
  }
  return result;
}
