import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { MODERATION_STATUS_LABELS, type ModerationStatus } from '@contract/moderation';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { textLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import {
  DecisionButtons,
  ModerationTabs,
  useModerationDecisions,
  useModerationStatus,
} from '../shared/moderation-queue';
import { useSupportMessageDecision, useSupportMessageQueue } from './support-messages-api';
import { FundraiserQueue } from './fundraisers-queue';

const EMPTY: Record<ModerationStatus, string> = {
  awaiting_review: 'No words of support are waiting for review.',
  approved: 'No words of support have been approved yet.',
  hidden: 'No words of support are hidden.',
};

/**
 * /admin/messages: words of support donors left with paid gifts, one status at a time (the status in
 * the address). Approving shows them on every campaign the gift landed on; hiding keeps them off.
 * After a decision the message leaves the list and focus goes to the next one's buttons (or the one
 * before, or the result when the list is empty).
 */
export default function SupportMessagesPage() {
  const status = useModerationStatus();
  const queue = useSupportMessageQueue(status);
  const items = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const total = queue.data?.pages[0]?.total;
  const listRef = useRef<HTMLOListElement>(null);
  const save = useSupportMessageDecision();
  const decisions = useModerationDecisions(items, 'support-message');

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
      <ModerationTabs label="Message status" path="/admin/messages" status={status} />
      {decisions.result}
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {total === undefined
          ? ''
          : `${total} ${total === 1 ? 'message' : 'messages'}: ${MODERATION_STATUS_LABELS[status].toLowerCase()}.`}
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
                {item.dedication ? (
                  <>
                    <dt className="font-semibold">Shown with it</dt>
                    <dd className="break-words">{item.dedication}</dd>
                  </>
                ) : null}
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
              <DecisionButtons
                id={decisions.actionsId(item.id)}
                status={status}
                busy={decisions.busyId !== null}
                names={{
                  approve: `Approve the message from ${item.shownName}`,
                  hide: `Hide the message from ${item.shownName}`,
                }}
                onDecide={(decision) =>
                  void decisions.decide(
                    item.id,
                    () => save(item.id, decision),
                    'Could not save the decision.',
                    decision === 'hide'
                      ? {
                          title: `Hide the message from ${item.shownName}?`,
                          body: 'It stops showing on the campaign pages. You can approve it again from the Hidden tab.',
                          confirmLabel: 'Hide',
                          busyLabel: 'Hiding...',
                        }
                      : undefined,
                  )
                }
              />
            </li>
          ))}
        </ol>
      </PagedList>
      <FundraiserQueue />
    </Page>
  );
}
