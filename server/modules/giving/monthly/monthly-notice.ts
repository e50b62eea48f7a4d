import type { Db } from '../../../db/client';
import { JOB } from '../../../jobs/names';
import type { JobQueue } from '../../../jobs/queue';

/** Which mail a monthly gift's donor is sent; each is drawn when sent, from the gift as it then is. */
export const MONTHLY_NOTICES = [
  'started',
  'oneOff',
  'amountChanged',
  'paused',
  'resumed',
  'cancelled',
  'cardDeclined',
  'pausedAfterDeclines',
  'campaignEnded',
] as const;
export type MonthlyNoticeKind = (typeof MONTHLY_NOTICES)[number];

/** A monthly gift's mail: the gift, which mail, and the month and date it speaks of when it names one. */
export type MonthlyNoticeJob = { giftId: number; kind: MonthlyNoticeKind; period?: string; at?: string };

/** Queues a monthly gift's mail in the caller's transaction, so it is sent exactly when the change is kept. */
export function queueMonthlyNotice(jobs: JobQueue, db: Db, job: MonthlyNoticeJob): Promise<string | null> {
  return jobs.enqueue(db, JOB.monthlyNotice, job);
}
