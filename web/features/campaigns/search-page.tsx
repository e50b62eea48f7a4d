import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH, normalizeSearchQuery } from '@contract/search';
import { Island } from '@/islands/island';
import { Page } from '@/ui/page';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { LoadMoreButton, useLoadMore } from '@/ui/load-more';
import { useCampaignSearch } from './api';
import { CampaignCard } from './campaign-card';
import { SearchForm } from './search-form';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = normalizeSearchQuery(params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const listRef = useRef<HTMLUListElement>(null);
  const search = useCampaignSearch(q);
  const results = search.data?.pages.flatMap((p) => p.items) ?? [];
  const loadMore = useLoadMore({
    listRef,
    count: results.length,
    noun: 'results',
    loadNext: () => void search.fetchNextPage(),
  });

  return (
    <Page title={q ? `Search results for ${q}` : 'Search Campaigns'} heading="Search Campaigns" wide>
      <Island name="search-form" component={SearchForm} props={{ q }} />

      <div className="mt-8">
        {!q ? null : search.isPending ? (
          <LoadingState>Searching...</LoadingState>
        ) : search.isError ? (
          <ErrorMessage>Search failed.</ErrorMessage>
        ) : results.length === 0 ? (
          <EmptyState title="No campaigns found matching your search." />
        ) : (
          <>
            <h2 className="mb-4 text-2xl font-bold" role="status">
              {results.length}
              {search.hasNextPage ? '+' : ''} {results.length === 1 ? 'result' : 'results'} for “{q}”
            </h2>
            <ul
              ref={listRef}
              className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
              aria-label="Search results"
            >
              {results.map((c) => (
                <li key={c.id}>
                  <CampaignCard campaign={c} headingLevel={3} />
                </li>
              ))}
            </ul>
            {search.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <LoadMoreButton
                  loading={search.isFetchingNextPage}
                  onLoad={loadMore}
                  loadingLabel="Loading more results..."
                />
              </div>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
