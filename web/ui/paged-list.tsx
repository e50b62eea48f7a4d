import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { EmptyState, ErrorMessage, LoadingState } from './feedback';
import { LoadMoreButton, useLoadMore } from './load-more';

/** What the view reads of a query: TanStack's results have this shape. */
export type ListQuery = { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };

/**
 * Numbered pages: the count line ('3 campaigns matching "cane". Page 1 of 2.') is a status, so a
 * filter or a page change is announced while focus stays on the control used. Previous and Next at
 * either end are marked unavailable, never disabled (a disabled button drops focus to the page).
 */
export type NumberedPages = {
  kind: 'pages';
  page: number;
  total: number;
  pageSize: number;
  /** The thing counted, one and many: ['campaign', 'campaigns']. */
  noun: readonly [string, string];
  /** The search the count is for, said as 'matching "..."'. */
  matching?: string;
  onPage: (page: number) => void;
};

/** More items added below: focus moves to the first new one and the number added is announced (useLoadMore). */
export type MoreItems = {
  kind: 'more';
  /** The `<ol>` or `<ul>` the page draws, its `<li>`s the items (or a `<tbody>` and its rows). */
  listRef: RefObject<HTMLElement | null>;
  count: number;
  noun: string;
  /** The list's true size: shown as 'Showing 150 of 230 users.' above the list and said after each load. */
  total?: number;
  /** The noun for one item, for the count line ('1 user'). */
  one?: string;
  /** The search the count is for, said as 'matching "..."'. */
  matching?: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
};

const pagesOf = (paging: NumberedPages) => Math.max(1, Math.ceil(paging.total / paging.pageSize));

function countLine(paging: NumberedPages): string {
  const { total, page, noun, matching } = paging;
  return `${total} ${total === 1 ? noun[0] : noun[1]}${matching ? ` matching "${matching}"` : ''}. Page ${page} of ${pagesOf(paging)}.`;
}

function moreLine(more: MoreItems & { total: number }): string {
  const matching = more.matching ? ` matching "${more.matching}"` : '';
  if (more.count >= more.total)
    return `${more.total} ${more.total === 1 ? (more.one ?? more.noun) : more.noun}${matching}.`;
  return `Showing ${more.count} of ${more.total} ${more.noun}${matching}.`;
}

function PageNav({ paging }: { paging: NumberedPages }) {
  const { page, onPage } = paging;
  const pages = pagesOf(paging);
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-3">
      <Button variant="secondary" aria-disabled={page <= 1 || undefined} onClick={() => page > 1 && onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        Previous page
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        variant="secondary"
        aria-disabled={page >= pages || undefined}
        onClick={() => page < pages && onPage(page + 1)}
      >
        Next page
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
  );
}

/**
 * A filtered list's states in one place (product notes 4): loading, the failure in words with
 * Try again, the empty state, then the list the page draws, and its paging.
 */
export function PagedList({
  query,
  failed,
  empty,
  isEmpty,
  paging,
  children,
}: {
  query: ListQuery;
  /** The sentence shown when the list cannot be fetched. */
  failed: string;
  /** The sentence shown when nothing matches. */
  empty: string;
  isEmpty: boolean;
  paging: NumberedPages | MoreItems;
  children: ReactNode;
}) {
  // Called on every draw, so the focus move survives the button leaving with the last page.
  const unused = useRef<HTMLElement>(null);
  const more = paging.kind === 'more' ? paging : null;
  const loadMore = useLoadMore({
    listRef: more?.listRef ?? unused,
    count: more?.count ?? 0,
    noun: more?.noun ?? '',
    total: more?.total,
    loadNext: () => more?.onMore(),
  });

  let body: ReactNode;
  if (query.isError) {
    body = (
      <div className="space-y-4">
        <ErrorMessage>{failed}</ErrorMessage>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (query.isPending) {
    body = <LoadingState>Loading...</LoadingState>;
  } else if (isEmpty) {
    body = <EmptyState title={empty} />;
  } else {
    body = (
      <>
        {children}
        {more?.hasMore ? (
          <div className="mt-6">
            <LoadMoreButton loading={more.loading} onLoad={loadMore} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      {paging.kind === 'pages' ? (
        <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
          {query.data !== undefined ? countLine(paging) : ''}
        </p>
      ) : null}
      {more?.total !== undefined ? (
        <p role="status" className="mb-3 text-gray-800 dark:text-gray-200">
          {query.data !== undefined && !query.isError ? moreLine({ ...more, total: more.total }) : ''}
        </p>
      ) : null}
      {body}
      {paging.kind === 'pages' ? <PageNav paging={paging} /> : null}
    </>
  );
}
