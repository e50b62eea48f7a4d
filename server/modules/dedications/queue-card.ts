import type { Db } from '../../db/client';
import { JOB, type DedicationCardJob } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { markCardQueued } from './queries';

/**
 * In the transaction that records a paid gift: queues its dedication card, once. Wake
 * `JOB.dedicationCard` after commit.
 */
export async function queueCard(deps: { db: Db; jobs: JobQueue }, donationId: number): Promise<boolean> {
  if (!(await markCardQueued(deps.db, donationId))) return false;
  await deps.jobs.enqueue(deps.db, JOB.dedicationCard, { donationId } satisfies DedicationCardJob);
  return true;
}
