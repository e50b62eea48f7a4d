import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ResponseCache } from '../../http/response-cache';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider, VerifiedPayment } from '../../providers/payments/payments';
import { caseWords } from '../attention-cases/case-words';
import { wakeNotices } from '../notifications/tell-user';
import { openCase } from '../attention-cases/open-case';
import { AmountMismatch, fulfilDonation } from './fulfil-donation';

export type PaymentDeps = {
  db: Db;
  payments: PaymentProvider;
  jobs: JobQueue;
  publicCache: ResponseCache;
  /** Where links in the owners' mail point (publicBaseUrl). */
  baseUrl: string;
  /** How long a checkout keeps its units once a transfer or USSD payment is under way (PAY_LATER_HOLD_MINUTES). */
  payLaterHoldMinutes: number;
  /** Seals a monthly gift's saved card: `signer.deriveKey(CARD_KEY_PURPOSE)`. */
  cardKey: Buffer;
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
      wakeNotices(deps.jobs);
      deps.jobs.wake(JOB.receiptMail);
      deps.jobs.wake(JOB.dedicationCard);
      deps.publicCache.clear();
    }
    return result;
  } catch (error) {
    if (error instanceof AmountMismatch) await setAsideMismatch(deps.db, reference, error.reported);
    throw error;
  }
}

/** A refusal that asking again will not change (unknown reference, unpaid, wrong amount), as opposed to an outage. */
export const isFinalRefusal = (error: unknown) => error instanceof AppError && error.status < 500;

/**
 * Sets a payment of the wrong amount aside for the admins' decision, once: a checkout whose
 * wrong-amount case was ever opened (and perhaps settled since) is not set aside again.
 */
async function setAsideMismatch(db: Db, reference: string, reported: VerifiedPayment) {
  await db.transaction(async (tx) => {
    const [flagged] = await selectRows<{ id: number; total: number }>(
      tx as unknown as Db,
      sql`update donations d set status = 'needs_attention'
           where reference = ${reference} and status in ('pending', 'failed')
             and not exists (select 1 from attention_cases c where c.donation_id = d.id and c.reason = 'wrong_amount')
          returning id, total_kobo as total`,
    );
    if (!flagged) return;
    // What the provider said is kept beside the checkout, so the admins see the amount it reports.
    await tx.execute(
      sql`update payments set status = 'amount_mismatch', provider_response = ${JSON.stringify(reported.raw)}::jsonb
           where reference = ${reference}`,
    );
    await openCase(tx as unknown as Db, {
      donationId: Number(flagged.id),
      reference,
      reason: 'wrong_amount',
      words: caseWords.wrongAmount({
        askedKobo: Number(flagged.total),
        paidKobo: reported.amountKobo >= 0 ? reported.amountKobo : null,
        currency: reported.currency,
      }),
    });
  });
}
