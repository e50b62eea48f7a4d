import { Page } from '@/ui/page';
import { useRef } from 'react';
import { LoadMoreButton, useLoadMore } from '@/ui/load-more';
import { EmptyState, ErrorMessage } from '@/ui/feedback';
import { useAllCampaigns } from './api';
import { CampaignCard, CampaignCardSkeleton } from './campaign-card';
import { loadingText } from './loading-text';

const grid = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';
// Cards in the first row of the widest layout: their images are on screen at first and load at once.
const FIRST_ROW = 3;
// Enough outlines to fill a tall screen in every layout while the first page loads.
const SKELETONS = 6;

/** Says "Loading" in words, shown and announced once, and holds the first cards' space, so nothing below moves when they arrive. */
function CampaignsLoading() {
  return (
    <div role="status" className="relative">
      <div className={grid}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <CampaignCardSkeleton key={i} />
        ))}
      </div>
      <p className={loadingText}>Loading campaigns...</p>
    </div>
  );
}

export default function CampaignsPage() {
  const { campaigns, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useAllCampaigns();
  const listRef = useRef<HTMLUListElement>(null);
  const loadMore = useLoadMore({
    listRef,
    count: campaigns.length,
    noun: 'campaigns',
    loadNext: () => void fetchNextPage(),
  });
  return (
    <Page
      title="All Campaigns"
      wide
      intro="Every campaign funds one specific device, verified by our team. Choose someone to give the gift of independence to."
    >
      {isPending ? (
        <CampaignsLoading />
      ) : isError && campaigns.length === 0 ? (
        <ErrorMessage>Could not load campaigns. Please try again later.</ErrorMessage>
      ) : campaigns.length === 0 ? (
        <EmptyState title="No campaigns found." />
      ) : (
        <>
          <p className="sr-only" role="status">
            Showing {campaigns.length} campaigns.
          </p>
          <ul ref={listRef} className={grid} aria-label="Campaigns">
            {campaigns.map((c, i) => (
              <li key={c.id}>
                <CampaignCard campaign={c} priority={i < FIRST_ROW} />
              </li>
            ))}
          </ul>
          {isFetchNextPageError ? (
            <div className="mt-6">
              <ErrorMessage>Could not load campaigns. Please try again later.</ErrorMessage>
            </div>
          ) : null}
          {hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <LoadMoreButton loading={isFetchingNextPage} onLoad={loadMore} loadingLabel="Loading more campaigns..." />
            </div>
          ) : null}
        </>
      )}
    </Page>
  );
}
