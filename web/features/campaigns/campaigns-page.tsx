import { Page } from '@/ui/page';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { useAllCampaigns } from './api';
import { CampaignCard } from './campaign-card';

export default function CampaignsPage() {
  const { campaigns, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useAllCampaigns();
  return (
    <Page
      title="All Campaigns"
      wide
      intro="Every campaign funds one specific device, verified by our team. Choose someone to give the gift of independence to."
    >
      {isPending ? (
        <LoadingState>Loading campaigns...</LoadingState>
      ) : isError && campaigns.length === 0 ? (
        <ErrorMessage>Could not load campaigns. Please try again later.</ErrorMessage>
      ) : campaigns.length === 0 ? (
        <EmptyState title="No campaigns found." />
      ) : (
        <>
          <p className="sr-only" role="status">
            Showing {campaigns.length} campaigns.
          </p>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campaigns">
            {campaigns.map((c) => (
              <li key={c.id}>
                <CampaignCard campaign={c} />
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
              <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? 'Loading more campaigns...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Page>
  );
}
