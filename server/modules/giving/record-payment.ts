import type { Db } from '../../db/client';
import type { ResponseCache } from '../../http/response-cache';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentProvider } from '../../providers/payments/payments';
import { fulfilDonation } from './fulfil-donation';

export type PaymentDeps = {
  db: Db;
  payments: PaymentProvider;
  jobs: JobQueue;
  publicCache: ResponseCache;
  /** Crash tests: runs right after a gift's transaction commits. */
  afterGiftCommit?: () => void;
};

/**
 * The one path from "the provider may have been paid" to a recorded gift, whoever reports it first:
 * the donor's browser, the webhook's job or the reconciliation sweep. Verifies, records once (the
 * receipt and notices are written with it), and clears this process's copy of the public lists.
 */
export async function recordPayment(deps: PaymentDeps, reference: string) {
  const result = await fulfilDonation(deps, reference);
  if (result.newlyRecorded) {
    deps.afterGiftCommit?.();
    deps.jobs.wake(JOB.mail);
    deps.publicCache.clear();
  }
  return result;
}
