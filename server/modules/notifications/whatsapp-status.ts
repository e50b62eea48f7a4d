import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappPendingMessages } from '../../db/schema/whatsapp';
import { JOB, type SmsJob } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { WhatsAppStatus } from '../../providers/whatsapp/webhook';
import { fallbackSmsId } from './send-whatsapp';

/** How long a message taken waits for its status; Meta retries a webhook delivery for up to a week. */
const PENDING_DAYS = 30;

/**
 * Acts on the statuses of one webhook delivery (docs/decisions/0069). A `failed` status of a message
 * still waiting queues its text as an SMS, in the transaction that removes the wait, with the id
 * the job's own fallback would use: a delivery repeated finds nothing left, and the job's fallback
 * and the webhook's make one SMS between them. `delivered` and `read` end the wait; `sent` changes
 * nothing. An id we never sent is passed over. Returns how many SMS were queued.
 */
export async function recordWhatsAppStatuses(
  deps: { db: Db; jobs: JobQueue },
  statuses: readonly WhatsAppStatus[],
): Promise<number> {
  const { db, jobs } = deps;
  let queued = 0;
  const done = statuses.filter((s) => s.status === 'delivered' || s.status === 'read').map((s) => s.messageId);
  if (done.length > 0)
    await db.delete(whatsappPendingMessages).where(inArray(whatsappPendingMessages.providerMessageId, done));
  for (const status of statuses) {
    if (status.status !== 'failed') continue;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [waiting] = await tx
        .delete(whatsappPendingMessages)
        .where(eq(whatsappPendingMessages.providerMessageId, status.messageId))
        .returning();
      if (!waiting) return;
      await jobs.enqueue(tx, JOB.sms, { message: { to: waiting.phone, text: waiting.text } } satisfies SmsJob, {
        id: fallbackSmsId(waiting.jobId),
      });
      queued += 1;
    });
  }
  // Messages whose status never came (a webhook subscription without statuses) are let go in time.
  await db
    .delete(whatsappPendingMessages)
    .where(lt(whatsappPendingMessages.sentAt, sql`now() - make_interval(days => ${PENDING_DAYS})`));
  if (queued > 0) jobs.wake(JOB.sms);
  return queued;
}
