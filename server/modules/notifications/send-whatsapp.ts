import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { JOB, type SmsJob, type WhatsAppJob } from '../../jobs/names';
import type { Job, JobQueue } from '../../jobs/queue';
import { WhatsAppRefused, type WhatsAppSender } from '../../providers/whatsapp/whatsapp';
import { whatsappPendingMessages } from '../../db/schema/whatsapp';

/**
 * The id of the SMS that takes over from one WhatsApp job: the same for every try of that job, so
 * however often its last try runs (a crash between queueing the SMS and settling the job), the
 * queue keeps one SMS.
 */
export function fallbackSmsId(whatsAppJobId: string): string {
  const hex = createHash('sha256').update(`whatsapp-fallback:${whatsAppJobId}`).digest('hex');
  // Shaped as a version 4 uuid (pg-boss keeps job ids in a uuid column).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Runs one WhatsApp job (docs/decisions/0069). When WhatsApp refuses the message, or this was the
 * job's last try and it failed, the same text is queued as an SMS, once, so the person still hears.
 * A refusal ends the job there; a last failure is then thrown, so the job shows as failed on the
 * admins' jobs page with its reason. Any other failure is thrown for the queue to try again.
 * With `awaitStatus` (the status webhook is configured), a message taken is kept under the id the
 * provider gave it, for a later `failed` status to send by SMS (whatsapp-status.ts).
 */
export async function sendWhatsApp(
  deps: { db: Db; jobs: JobQueue; whatsapp: WhatsAppSender; awaitStatus?: boolean },
  job: Job<WhatsAppJob>,
  retryLimit: number,
): Promise<void> {
  try {
    const providerId = await deps.whatsapp.send(job.data.message);
    if (deps.awaitStatus && providerId)
      await deps.db
        .insert(whatsappPendingMessages)
        .values({
          providerMessageId: providerId,
          jobId: job.id,
          phone: job.data.message.to,
          text: job.data.message.text,
        })
        .onConflictDoNothing();
  } catch (error) {
    const refused = error instanceof WhatsAppRefused;
    if (!refused && job.retryCount < retryLimit) throw error;
    await deps.jobs.enqueue(deps.db, JOB.sms, { message: job.data.message } satisfies SmsJob, {
      id: fallbackSmsId(job.id),
    });
    deps.jobs.wake(JOB.sms);
    if (!refused) throw error;
  }
}
