import { Check, EyeOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MODERATION_STATUSES, type ModerationDecision, type ModerationStatus } from '@contract/moderation';
import { SUPPORT_MESSAGE_STATUS_LABELS, type AdminSupportMessage } from '@contract/support-messages';
import { useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { textLink } from '@/ui/text-link';
import { dateFormat } from './admin-format';
import { useSupportMessageDecision, useSupportMessageQueue } from './support-messages-api';
import { useActionFeedback } from './use-action-feedback';

const isStatus = (value: string): value is ModerationStatus =>
  (MODERATION_STATUSES as readonly string[]).includes(value);

const EMPTY: Record<ModerationStatus, string> = {
  awaiting_review: 'No words of support are waiting for review.',
  approved: 'No words of support have been approved yet.',
  hidden: 'No words of support are hidden.',
};

/** The decisions offered in each status: the one it is in would change nothing. */
const DECISIONS: Record<ModerationStatus, ModerationDecision[]> = {
  awaiting_review: ['approve', 'hide'],
  approved: ['hide'],
  hidden: ['approve'],
};

const actionsId = (id: number) => `support-message-${id}-actions`;

/**
 * /admin/messages: words of support donors left with paid gifts, one status at a time (the status in
 * the address). Approving shows them on every campaign the gift landed on; hiding keeps them off.
 * After a decision the message leaves the list and focus goes to the next one's buttons (or the one
 * before, or the result when the list is empty).
 */
export default function SupportMessagesPage() {
  const filters = useUrlFilters();
  const asked = filters.read('status');
  const status: ModerationStatus = isStatus(asked) ? asked : 'awaiting_review';
  const queue = useSupportMessageQueue(status);
  const items = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const total = queue.data?.pages[0]?.total;
  const listRef = useRef<HTMLOListElement>(null);
  const decide = useSupportMessageDecision();
  const feedback = useActionFeedback();
  const deciding = useRef<{ id: number; next: number | null } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // Once the decided message has left the list: focus on the next one's first button, or on the
  // result when none is left, so focus never falls to the page.
  useEffect(() => {
    const decided = deciding.current;
    if (!decided || items.some((i) => i.id === decided.id)) return;
    deciding.current = null;
    const next = decided.next !== null && items.some((i) => i.id === decided.next) ? decided.next : null;
    const button = next === null ? null : document.getElementById(actionsId(next))?.querySelector('button');
    (button ?? resultRef.current)?.focus();
  }, [items]);

  async function onDecide(item: AdminSupportMessage, decision: ModerationDecision) {
    const index = items.findIndex((i) => i.id === item.id);
    deciding.current = { id: item.id, next: (items[index + 1] ?? items[index - 1])?.id ?? null };
    setBusyId(item.id);
    try {
      await feedback.run(() => decide(item.id, decision), 'Could not save the decision.');
    } catch {
      // Said in the banner; the message stays, and so does focus.
      deciding.current = null;
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Page
      title="Words of support"
      wide
      intro={
        <p>
          Donors may leave a short message with a gift. Read each one, then approve it to show it on the campaign page,
          or hide it.
        </p>
      }
    >
      <nav aria-label="Message status" className="mb-6">
        <ul className="flex flex-wrap gap-3">
          {MODERATION_STATUSES.map((value) => (
            <li key={value}>
              <Link
                to={value === 'awaiting_review' ? '/admin/messages' : `/admin/messages?status=${value}`}
                aria-current={value === status ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-lg border-2 px-4 py-2 text-lg ${
                  value === status
                    ? 'border-gray-900 bg-orange-50 font-bold underline decoration-2 underline-offset-4 dark:border-white dark:bg-gray-800'
                    : 'border-gray-400 font-medium hover:bg-gray-100 dark:border-gray-500 dark:hover:bg-gray-800'
                }`}
              >
                {SUPPORT_MESSAGE_STATUS_LABELS[value]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div
        ref={resultRef}
        tabIndex={-1}
        className="outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
      >
        {feedback.view}
      </div>
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {total === undefined
          ? ''
          : `${total} ${total === 1 ? 'message' : 'messages'}: ${SUPPORT_MESSAGE_STATUS_LABELS[status].toLowerCase()}.`}
      </p>
      <PagedList
        query={queue}
        failed="Could not fetch the words of support."
        empty={EMPTY[status]}
        isEmpty={items.length === 0}
        paging={{
          kind: 'more',
          listRef,
          count: items.length,
          noun: 'messages',
          hasMore: queue.hasNextPage,
          loading: queue.isFetchingNextPage,
          onMore: () => void queue.fetchNextPage(),
        }}
      >
        <ol
          ref={listRef}
          aria-label={status === 'awaiting_review' ? 'Messages, oldest first' : 'Messages, newest first'}
          className="space-y-4"
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
            >
              <blockquote className="text-lg break-words whitespace-pre-line text-gray-900 dark:text-gray-100">
                <p>{item.body}</p>
              </blockquote>
              <dl className="grid gap-x-4 gap-y-1 text-gray-800 sm:grid-cols-[max-content_1fr] dark:text-gray-200">
                <dt className="font-semibold">From</dt>
                <dd className="break-words">
                  {item.donorName}
                  {item.anonymous ? ' (asked to be shown as Anonymous)' : ` (shown as ${item.shownName})`}
                </dd>
                <dt className="font-semibold">{item.campaigns.length === 1 ? 'Campaign' : 'Campaigns'}</dt>
                <dd>
                  <ul>
                    {item.campaigns.map((c) => (
                      <li key={c.id}>
                        <Link to={`/campaigns/${c.id}`} className={textLink}>
                          {c.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
                <dt className="font-semibold">Left</dt>
                <dd>
                  <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
                </dd>
              </dl>
              <div id={actionsId(item.id)} className="flex flex-wrap gap-3">
                {DECISIONS[status].map((decision) =>
                  decision === 'approve' ? (
                    <Button
                      key={decision}
                      aria-disabled={busyId !== null || undefined}
                      aria-label={`Approve the message from ${item.shownName}`}
                      onClick={() => void onDecide(item, decision)}
                    >
                      <Check aria-hidden="true" className="size-5" />
                      Approve
                    </Button>
                  ) : (
                    <Button
                      key={decision}
                      variant="secondary"
                      aria-disabled={busyId !== null || undefined}
                      aria-label={`Hide the message from ${item.shownName}`}
                      onClick={() => void onDecide(item, decision)}
                    >
                      <EyeOff aria-hidden="true" className="size-5" />
                      Hide
                    </Button>
                  ),
                )}
              </div>
            </li>
          ))}
        </ol>
      </PagedList>
    </Page>
  );
}
