import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ResponseCache } from '../../http/response-cache';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider } from '../../providers/payments/payments';
import { notifyAdmins } from '../notifications/queries';
import { AMOUNT_MISMATCH, fulfilDonation } from './fulfil-donation';

export type PaymentDeps = {
  db: Db;
  payments: PaymentProvider;
  jobs: JobQueue;
  publicCache: ResponseCache;
  /** Where links in the owners' mail point (publicBaseUrl). */
  baseUrl: string;
  /** How long a checkout keeps its units once a transfer or USSD payment is under way (PAY_LATER_HOLD_MINUTES). */
  payLaterHoldMinutes: number;
  /** Crash tests: runs right after a gift's transaction commits. */
  afterGiftCommit?: () => void;
};

/**
 * The one path from "the provider may have been paid" to a recorded gift, whoever reports it first:
 * the donor's browser, the webhook's job or the reconciliation sweep. Verifies, records once (the
 * receipt and notices are written with it), and clears this process's copy of the public lists. A
 * payment still under way by a channel that confirms later is answered as awaiting confirmation.
 * A payment of the wrong amount is set aside for the admins, once, and still refused.
 */
export async function recordPayment(deps: PaymentDeps, reference: string) {
  try {
    const result = await fulfilDonation(deps, reference);
    if (result.newlyRecorded) {
      deps.afterGiftCommit?.();
      deps.jobs.wake(JOB.mail);
      deps.jobs.wake(JOB.receiptMail);
      deps.publicCache.clear();
    }
    return result;
  } catch (error) {
    if (error instanceof AppError && error.replyCode === AMOUNT_MISMATCH) await setAsideMismatch(deps.db, reference);
    throw error;
  }
}

/** A refusal that asking again will not change (unknown reference, unpaid, wrong amount), as opposed to an outage. */
export const isFinalRefusal = (error: unknown) => error instanceof AppError && error.status < 500;

async function setAsideMismatch(db: Db, reference: string) {
  await db.transaction(async (tx) => {
    const [flagged] = await selectRows<{ total: number }>(
      tx as unknown as Db,
      sql`update donations set status = 'needs_attention' where reference = ${reference} and status in ('pending', 'failed')
          returning total_kobo as total`,
    );
    if (!flagged) return;
    await tx.execute(sql`update payments set status = 'amount_mismatch' where reference = ${reference}`);
    await notifyAdmins(
      tx as unknown as Db,
      `Needs attention: the payment provider reports payment ${reference} with another amount or currency than the ${formatNaira(Number(flagged.total))} asked. No gift was recorded; please check it with the provider.`,
    );
  });
}
