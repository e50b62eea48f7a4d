import { useRef } from 'react';
import { Link } from 'react-router';
import {
  ONBOARDING_REVIEW_STATUSES,
  ONBOARDING_STATUS_LABELS,
  type OnboardingReviewStatus,
} from '@contract/onboarding-review';
import { useUrlFilters } from '@/lib/url-filters';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { StatusTabs } from '@/ui/status-tabs';
import { blockLink } from '@/ui/text-link';
import { dateFormat } from '../shared/admin-format';
import { useOnboardingQueue } from './onboarding-api';

const isStatus = (value: string): value is OnboardingReviewStatus =>
  (ONBOARDING_REVIEW_STATUSES as readonly string[]).includes(value);

const EMPTY: Record<OnboardingReviewStatus, string> = {
  submitted: 'Nobody is waiting for review.',
  verified: 'No profile has been verified yet.',
  correction_requested: 'No correction is waiting on anyone.',
};

const KIND_WORDS = { recipient: 'Recipient', organization: 'Organization' } as const;

/**
 * /admin/onboarding: every onboarding version in one status (waiting by default), oldest first, so
 * the person who has waited longest is reviewed first. The status lives in the address.
 */
export default function OnboardingQueuePage() {
  const filters = useUrlFilters();
  const asked = filters.read('status');
  const status: OnboardingReviewStatus = isStatus(asked) ? asked : 'submitted';
  const queue = useOnboardingQueue(status);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const total = queue.data?.pages[0]?.total;
  const listRef = useRef<HTMLOListElement>(null);

  return (
    <Page
      title="Onboarding reviews"
      wide
      intro={<p>Check each person&rsquo;s answers and document, then verify the profile or ask for a correction.</p>}
    >
      <StatusTabs
        label="Review status"
        path="/admin/onboarding"
        statuses={ONBOARDING_REVIEW_STATUSES}
        words={ONBOARDING_STATUS_LABELS}
        current={status}
      />
      <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
        {total === undefined
          ? ''
          : `${total} ${total === 1 ? 'profile' : 'profiles'}: ${ONBOARDING_STATUS_LABELS[status].toLowerCase()}.`}
      </p>
      <PagedList
        query={queue}
        failed="Could not fetch the onboarding reviews."
        empty={EMPTY[status]}
        isEmpty={items.length === 0}
        paging={{
          kind: 'more',
          listRef,
          count: items.length,
          noun: 'profiles',
          hasMore: queue.hasNextPage,
          loading: queue.isFetchingNextPage,
          onMore: () => void queue.fetchNextPage(),
        }}
      >
        <ol ref={listRef} aria-label="Profiles, oldest first" className="space-y-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
            >
              <Link to={`/admin/onboarding/${item.id}`} className={`${blockLink} text-lg font-semibold`}>
                {item.name}, version {item.version}
              </Link>
              <p className="text-gray-800 dark:text-gray-200">
                {KIND_WORDS[item.kind]} &middot; {item.email ?? item.phone} &middot; sent{' '}
                <time dateTime={item.submitted_at}>{dateFormat.format(new Date(item.submitted_at))}</time>
              </p>
            </li>
          ))}
        </ol>
      </PagedList>
    </Page>
  );
}
