import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ModerationDecision } from '@contract/moderation';
import { updateTitle } from '@contract/update-words';
import type { AdminUpdate } from '@contract/updates';
import { apiGet, apiRequest } from '@/lib/api';
import { campaignUpdatesKey } from '@/lib/updates';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { blockLink } from '@/ui/text-link';
import { useActionFeedback, type Run } from './use-action-feedback';

const QUEUE_KEY = ['admin', 'updates', 'awaiting_review'] as const;

function UpdateToReview({ update, run }: { update: AdminUpdate; run: Run }) {
  const client = useQueryClient();
  const headingId = `review-update-${update.id}`;
  const decide = (decision: ModerationDecision) =>
    run(async () => {
      const { data } = await apiRequest<{ message: string }>(`/admin/updates/${update.id}/decision`, {
        method: 'POST',
        body: JSON.stringify({ decision }),
      });
      await client.invalidateQueries({ queryKey: QUEUE_KEY });
      await client.invalidateQueries({ queryKey: campaignUpdatesKey(update.campaignId) });
      return data.message;
    }, 'The decision could not be saved. Please try again.').catch(() => undefined);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-2 rounded-xl border border-gray-300 p-4 dark:border-gray-700"
      >
        <h2 id={headingId} className="text-lg font-bold">
          {updateTitle(update.createdAt)} from {update.author}
        </h2>
        <p>
          On{' '}
          <Link to={`/campaigns/${encodeURIComponent(update.campaignId)}`} className={blockLink}>
            {update.campaignTitle}
          </Link>
        </p>
        <p className="whitespace-pre-line">{update.body}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void decide('approve')}>
            Show on the page
            <span className="sr-only">
              : {updateTitle(update.createdAt)} from {update.author}
            </span>
          </Button>
          <Button variant="secondary" onClick={() => void decide('hide')}>
            Hide
            <span className="sr-only">
              : {updateTitle(update.createdAt)} from {update.author}
            </span>
          </Button>
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/updates: recipients' updates waiting to be read, oldest first. Each decision is said in the
 * status line, which takes focus when the update leaves the list.
 */
export default function UpdatesPage() {
  const queue = useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () => apiGet<AdminUpdate[]>('/admin/updates?status=awaiting_review'),
  });
  const { run, view } = useActionFeedback();
  return (
    <Page
      title="Updates to review"
      intro={<p>Recipients&rsquo; updates are shown on their campaign page only once you approve them.</p>}
    >
      {view}
      <QueryView query={queue} failed="The updates could not be loaded." empty="No update is waiting for review.">
        {(list) => (
          <ul aria-label="Updates waiting for review" className="space-y-4">
            {list.map((u) => (
              <UpdateToReview key={u.id} update={u} run={run} />
            ))}
          </ul>
        )}
      </QueryView>
    </Page>
  );
}
