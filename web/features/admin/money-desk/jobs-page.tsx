import { RotateCcw } from 'lucide-react';
import { JOB_STATES } from '@contract/money-desk';
import { oneOf, useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { StatusTabs } from '@/ui/status-tabs';
import { cellClass, DataTable } from '@/ui/table';
import { useDeskCalls, useJobs, type JobState } from './money-desk-api';
import { useModerationDecisions } from '../shared/moderation-queue';
import { timeOf } from './payment-words';

const WORDS: Record<JobState, string> = { failed: 'Failed', waiting: 'Waiting' };
const EMPTY: Record<JobState, string> = {
  failed: 'No background job has failed.',
  waiting: 'No background job is waiting to run.',
};
const NO_JOBS = [] as const;

/**
 * /admin/jobs: the background jobs (mail, webhooks, sweeps) that failed after their retries, with
 * the error in words and Retry, and those waiting to run. A retried job leaves the failed list;
 * the result is said and focus goes to the next job's Retry (or the result).
 */
export default function JobsPage() {
  const state = oneOf(useUrlFilters().read('status'), JOB_STATES, 'failed');
  const jobs = useJobs(state);
  const calls = useDeskCalls();
  const items = jobs.data?.items ?? NO_JOBS;
  const decisions = useModerationDecisions(items, 'job');
  const counts = jobs.data?.counts;
  const columns =
    state === 'failed'
      ? ['Job', 'Error', 'Retries', 'Created', 'Failed', 'Action']
      : ['Job', 'Retries', 'Created', 'Runs'];

  return (
    <Page
      title="Background jobs"
      wide
      intro={<p>The work the site does after a change: mails, provider events, sweeps of unpaid checkouts.</p>}
    >
      <StatusTabs label="Job states" path="/admin/jobs" statuses={JOB_STATES} words={WORDS} current={state} />
      {decisions.result}
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {counts ? `${counts.failed} failed, ${counts.waiting} waiting.` : ''}
      </p>
      {jobs.isPending ? (
        <LoadingState>Loading...</LoadingState>
      ) : jobs.isError ? (
        <div className="space-y-4">
          <ErrorMessage>Could not fetch the background jobs.</ErrorMessage>
          <Button variant="secondary" onClick={() => void jobs.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={EMPTY[state]} />
      ) : (
        <DataTable
          label="Background jobs table"
          caption={state === 'failed' ? 'Failed jobs, newest first' : 'Waiting jobs'}
          columns={columns}
          minWidth="min-w-4xl"
        >
          {items.map((job) => (
            <tr key={job.id} className="border-t border-gray-200 align-top dark:border-gray-700">
              <th scope="row" className={`${cellClass} min-w-52 font-normal`}>
                <span className="block font-semibold">{job.words}</span>
                <span className="block text-gray-700 dark:text-gray-300">{job.name}</span>
              </th>
              {state === 'failed' ? (
                <td className={`${cellClass} min-w-64`}>{job.error ?? 'No reason kept.'}</td>
              ) : null}
              <td className={`${cellClass} tabular-nums`}>{job.retries}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{timeOf(job.createdAt)}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{timeOf(job.at)}</td>
              {state === 'failed' ? (
                <td className={cellClass}>
                  <div id={decisions.actionsId(job.id)}>
                    <Button
                      variant="secondary"
                      aria-disabled={decisions.busyId !== null || undefined}
                      onClick={() =>
                        void decisions.decide(
                          job.id,
                          async () => (await calls.retryJob(job.id)) ?? `The job is back in the queue: ${job.words}.`,
                          'The job could not be retried. Please try again.',
                        )
                      }
                    >
                      <RotateCcw aria-hidden="true" className="size-5" />
                      Retry
                      <span className="sr-only">
                        {' '}
                        {job.words}, failed {timeOf(job.at)}
                      </span>
                    </Button>
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
    </Page>
  );
}
