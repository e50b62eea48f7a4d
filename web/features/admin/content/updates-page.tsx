import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MODERATION_STATUS_LABELS, type ModerationDecision, type ModerationStatus } from '@contract/moderation';
import { updateTitle } from '@contract/update-words';
import type { AdminUpdate } from '@contract/updates';
import { apiGet, apiRequest } from '@/lib/api';
import { campaignUpdatesKey } from '@/lib/updates';
import { Page } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { blockLink } from '@/ui/text-link';
import {
  DecisionButtons,
  ModerationTabs,
  useModerationDecisions,
  useModerationStatus,
} from '../shared/moderation-queue';

const KEY = ['admin', 'updates'] as const;
const NONE: AdminUpdate[] = [];

const EMPTY: Record<ModerationStatus, string> = {
  awaiting_review: 'No update is waiting for review.',
  approved: 'No update is shown yet.',
  hidden: 'No update is hidden.',
};

/**
 * /admin/updates: campaign updates one status at a time (the status in the address): recipients'
 * updates waiting to be read, oldest first, and the shown and hidden ones, newest first. Any update
 * may be hidden, an organization's or the team's too (decision 0038). After a decision the update
 * leaves the list and focus goes to the next one's buttons (or the one before, or the result when
 * the list is empty).
 */
export default function UpdatesPage() {
  const status = useModerationStatus();
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: [...KEY, status],
    queryFn: () => apiGet<AdminUpdate[]>(`/admin/updates?status=${status}`),
  });
  const items = queue.data ?? NONE;
  const decisions = useModerationDecisions(items, 'update');

  const save = async (update: AdminUpdate, decision: ModerationDecision) => {
    try {
      const { data } = await apiRequest<{ message: string }>(`/admin/updates/${update.id}/decision`, {
        method: 'POST',
        body: JSON.stringify({ decision }),
      });
      return data.message;
    } finally {
      // Refused or not: another admin may have decided first.
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: campaignUpdatesKey(update.campaignId) });
    }
  };

  return (
    <Page
      title="Campaign updates"
      wide
      intro={
        <p>
          Recipients&rsquo; updates are shown on their campaign page only once you approve them. Organizations&rsquo;
          and the team&rsquo;s updates are shown at once; hide any update that should not be public.
        </p>
      }
    >
      <ModerationTabs label="Update status" path="/admin/updates" status={status} />
      {decisions.result}
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {queue.data
          ? `${items.length} ${items.length === 1 ? 'update' : 'updates'}: ${MODERATION_STATUS_LABELS[status].toLowerCase()}.`
          : ''}
      </p>
      <QueryView query={queue} failed="The updates could not be loaded." empty={EMPTY[status]}>
        {(list) => (
          <ol
            aria-label={status === 'awaiting_review' ? 'Updates, oldest first' : 'Updates, newest first'}
            className="space-y-4"
          >
            {list.map((update) => {
              const headingId = `review-update-${update.id}`;
              const name = `${updateTitle(update.createdAt)} from ${update.author}`;
              return (
                <li key={update.id}>
                  <article
                    aria-labelledby={headingId}
                    className="space-y-2 rounded-xl border border-gray-300 p-4 dark:border-gray-700"
                  >
                    <h2 id={headingId} className="text-lg font-bold">
                      {name}
                    </h2>
                    <p>
                      On{' '}
                      <Link to={`/campaigns/${encodeURIComponent(update.campaignId)}`} className={blockLink}>
                        {update.campaignTitle}
                      </Link>
                    </p>
                    {update.postedBy ? <p>Posted by {update.postedBy}, for the organization.</p> : null}
                    <p className="whitespace-pre-line">{update.body}</p>
                    <DecisionButtons
                      id={decisions.actionsId(update.id)}
                      status={status}
                      busy={decisions.busyId !== null}
                      names={{ approve: `Approve the update: ${name}`, hide: `Hide the update: ${name}` }}
                      onDecide={(decision) =>
                        void decisions.decide(
                          update.id,
                          () => save(update, decision),
                          'The decision could not be saved. Please try again.',
                          decision === 'hide'
                            ? {
                                title: `Hide the update: ${name}?`,
                                body: 'It stops showing on the campaign page. You can approve it again from the Hidden tab.',
                                confirmLabel: 'Hide',
                                busyLabel: 'Hiding...',
                              }
                            : undefined,
                        )
                      }
                    />
                  </article>
                </li>
              );
            })}
          </ol>
        )}
      </QueryView>
    </Page>
  );
}
