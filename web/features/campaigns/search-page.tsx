import { Search } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH, normalizeSearchQuery } from '@contract/search';
import { Page } from '@/ui/page';
import { Button } from '@/ui/button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { LoadMoreButton, useLoadMore } from '@/ui/load-more';
import { useCampaignSearch } from './api';
import { CampaignCard } from './campaign-card';

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = normalizeSearchQuery(params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const [text, setText] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const search = useCampaignSearch(q);
  const results = search.data?.pages.flatMap((p) => p.items) ?? [];
  const loadMore = useLoadMore({
    listRef,
    count: results.length,
    noun: 'results',
    loadNext: () => void search.fetchNextPage(),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalizeSearchQuery(text);
    // A blank query does nothing.
    if (!next) {
      inputRef.current?.focus();
      return;
    }
    setParams({ q: next });
  };

  return (
    <Page title={q ? `Search results for ${q}` : 'Search Campaigns'} heading="Search Campaigns" wide>
      <form role="search" onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="campaign-search" className="font-semibold">
            Search by device, name or reason
          </label>
          <input
            ref={inputRef}
            id="campaign-search"
            type="search"
            name="q"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            placeholder="For example: braille display, Lagos, laptop"
            className="h-12 rounded-lg border-2 border-gray-700 bg-white px-3 text-lg placeholder:text-gray-600 dark:border-gray-300 dark:bg-gray-900 dark:placeholder:text-gray-400"
          />
        </div>
        <Button type="submit" className="h-12">
          <Search aria-hidden="true" className="size-5" /> Search
        </Button>
      </form>

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
