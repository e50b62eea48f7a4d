import type { JobList } from '@contract/money-desk';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { jobWords } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { audit } from '../audit/audit';

export const JOB_NOT_RETRYABLE =
  'No failed job has that id: it may have been retried already, or finished. Reload the list of failed jobs.';
const LIST_MAX = 100;
const ERROR_MAX = 300;

/**
 * A failure's message as the admins read it: the first line only, shortened; never a stack, and never
 * the job's data, which may hold someone's address or a mail's text.
 */
export function errorWords(message: string): string {
  const line = message.split('\n')[0]!.trim();
  const words = line === '' ? 'It failed without saying why.' : line;
  return words.length > ERROR_MAX ? `${words.slice(0, ERROR_MAX - 1)}…` : words;
}

/** GET /api/admin/jobs: failed or waiting jobs, newest first, at most 100, with both counts. */
export async function listJobs(jobs: JobQueue, state: 'failed' | 'waiting'): Promise<JobList> {
  const counts = await jobs.counts();
  if (state === 'failed') {
    const failed = await jobs.failed(LIST_MAX);
    return {
      items: failed.map((j) => ({
        id: j.id,
        name: j.name,
        words: jobWords(j.name),
        error: errorWords(j.error),
        retries: j.retryCount,
        createdAt: j.createdAt.toISOString(),
        at: j.failedAt.toISOString(),
      })),
      counts,
    };
  }
  const waiting = await jobs.waiting(LIST_MAX);
  return {
    items: waiting.map((j) => ({
      id: j.id,
      name: j.name,
      words: jobWords(j.name),
      error: null,
      retries: j.retryCount,
      createdAt: j.createdAt.toISOString(),
      at: j.startAfter.toISOString(),
    })),
    counts,
  };
}

/** POST /api/admin/jobs/{id}/retry: a failed job runs once more, and the audit log says who asked. */
export async function retryJob(deps: { db: Db; jobs: JobQueue }, adminId: number, id: string): Promise<void> {
  const name = await deps.jobs.retry(id);
  if (!name) throw notFound(JOB_NOT_RETRYABLE);
  await audit(deps.db, {
    adminId,
    action: 'job.retry',
    entity: 'job',
    entityId: id,
    details: { words: 'Retried job', job: jobWords(name) },
  });
}
