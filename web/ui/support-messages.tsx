import { useId, useRef } from 'react';
import { lagosDay } from '@contract/plain-format';
import { useSupportMessages } from '@/lib/support-messages';
import { ErrorMessage } from './feedback';
import { LoadMoreButton, useLoadMore } from './load-more';

/**
 * "Words of support": the approved messages donors left with gifts to one campaign, newest first,
 * each a quotation with who left it and when, read in that order. A short sentence when there are
 * none. On the campaign page and on the owner's status page.
 */
export function SupportMessages({ campaignId, headingLevel = 2 }: { campaignId: string; headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const messages = useSupportMessages(campaignId);
  const items = messages.data?.pages.flatMap((p) => p.items) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const loadMore = useLoadMore({
    listRef,
    count: items.length,
    noun: items.length === 1 ? 'message' : 'messages',
    loadNext: () => void messages.fetchNextPage(),
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading id={headingId} className="text-xl font-bold">
        Words of support
      </Heading>
      {messages.isError && items.length === 0 ? (
        <ErrorMessage>Could not load the words of support.</ErrorMessage>
      ) : messages.isPending ? (
        <p className="text-lg text-gray-700 dark:text-gray-300">Loading words of support...</p>
      ) : items.length === 0 ? (
        <p className="text-lg text-gray-800 dark:text-gray-200">No words of support yet.</p>
      ) : (
        <>
          <ul ref={listRef} className="space-y-3">
            {items.map((m) => (
              <li
                key={m.id}
                className="rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
              >
                <figure>
                  <blockquote
                    tabIndex={-1}
                    data-load-more-focus
                    className="text-lg break-words whitespace-pre-line text-gray-900 outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:text-gray-100 dark:focus-visible:outline-orange-300"
                  >
                    <p>{m.body}</p>
                  </blockquote>
                  <figcaption className="mt-2 text-gray-800 dark:text-gray-200">
                    {m.name}, <time dateTime={m.createdAt}>{lagosDay(m.createdAt, 'short')}</time>
                    {m.dedication ? <span className="mt-1 block font-semibold">{m.dedication}</span> : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          {messages.isFetchNextPageError ? (
            <ErrorMessage>Could not load more words of support. Please try again.</ErrorMessage>
          ) : null}
          {messages.hasNextPage ? (
            <LoadMoreButton loading={messages.isFetchingNextPage} onLoad={loadMore} label="More words of support" />
          ) : null}
        </>
      )}
    </section>
  );
}
