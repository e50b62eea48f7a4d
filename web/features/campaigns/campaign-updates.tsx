import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { updateTitle } from '@contract/update-words';
import type { CampaignUpdate } from '@contract/updates';
import { campaignUpdatesQuery } from '@/lib/updates';
import { ErrorMessage } from '@/ui/feedback';
import { LoadMoreButton, useLoadMore } from '@/ui/load-more';
import { textLink } from '@/ui/text-link';

function useCampaignUpdates(campaignId: string) {
  return useInfiniteQuery(campaignUpdatesQuery(campaignId));
}

function UpdateArticle({ update, position, total }: { update: CampaignUpdate; position: number; total: number }) {
  const titleId = `update-${update.id}-title`;
  const paragraphs = update.body.split(/\n{2,}/);
  return (
    <article
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={total}
      tabIndex={-1}
      data-load-more-focus
      data-update-id={update.id}
      className="rounded-xl border border-gray-300 p-4 focus-visible:outline-3 focus-visible:outline-offset-2 dark:border-gray-700"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {updateTitle(update.createdAt)}
      </h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">From {update.author}</p>
      {paragraphs.map((p, i) => (
        <p key={i} className="mt-2 leading-relaxed whitespace-pre-line">
          {p}
        </p>
      ))}
      {update.photos.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3" aria-label="Photos">
          {update.photos.map((photo) => (
            <li key={photo.url}>
              <img
                src={photo.url}
                alt={photo.alt}
                loading="lazy"
                className="aspect-4/3 w-full rounded-lg border border-gray-300 object-cover dark:border-gray-700"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {update.videoUrl ? (
        <p className="mt-3">
          <a href={update.videoUrl} className={textLink} target="_blank" rel="noopener noreferrer">
            Watch the video (opens in a new tab)
          </a>
        </p>
      ) : null}
    </article>
  );
}

/**
 * A campaign's updates as a feed, newest first: each an article titled with its date and placed in
 * the set, so a screen reader says "2 of 5". Loading older ones moves focus to the first of them.
 */
export function CampaignUpdates({ campaignId }: { campaignId: string }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useCampaignUpdates(campaignId);
  const feedRef = useRef<HTMLDivElement>(null);
  const updates = data?.pages.flatMap((p) => p.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const loadMore = useLoadMore({
    listRef: feedRef,
    items: ':scope > article',
    count: updates.length,
    noun: 'updates',
    loadNext: () => void fetchNextPage(),
  });

  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title" className="text-xl font-bold">
        Updates
      </h2>
      {isPending ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">Loading updates...</p>
      ) : isError && updates.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">The updates could not be loaded just now.</p>
      ) : updates.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">No updates yet.</p>
      ) : (
        <>
          <div
            ref={feedRef}
            role="feed"
            aria-labelledby="updates-title"
            aria-busy={isFetchingNextPage || undefined}
            className="mt-3 flex flex-col gap-4"
          >
            {updates.map((u, i) => (
              <UpdateArticle key={u.id} update={u} position={i + 1} total={total} />
            ))}
          </div>
          {isFetchNextPageError ? (
            <div className="mt-4">
              <ErrorMessage>The older updates could not be loaded just now. Please try again.</ErrorMessage>
            </div>
          ) : null}
          {hasNextPage ? (
            <div className="mt-4">
              <LoadMoreButton
                loading={isFetchingNextPage}
                label="Show older updates"
                loadingLabel="Loading older updates..."
                onLoad={loadMore}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
