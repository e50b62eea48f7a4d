import { useEffect, useRef, type RefObject } from 'react';
import { announce } from '@/lib/announce';
import { Button } from './button';

/**
 * Loading more items into a list of `<li>`s (or a table body's `<tr>`s, or whatever `items` selects)
 * without losing the keyboard user: when the new items arrive, focus moves to the first of them and
 * the count is announced. It lives in the page, not the button, because the button goes away when
 * the last page arrives.
 */
export function useLoadMore({
  listRef,
  count,
  noun,
  total,
  items = ':scope > li, :scope > tr',
  loadNext,
}: {
  listRef: RefObject<HTMLElement | null>;
  count: number;
  noun: string;
  /** The list's true size, when known: the page's status line then speaks for the list, not an announcement. */
  total?: number;
  /** The list's items, relative to the list (`:scope > article` for a feed). */
  items?: string;
  loadNext: () => void;
}) {
  const before = useRef<number | null>(null);
  const hasTotal = total !== undefined;
  useEffect(() => {
    const from = before.current;
    if (from === null || count <= from) return;
    before.current = null;
    const first = listRef.current?.querySelectorAll<HTMLElement>(items)[from];
    // An item may name where it starts (its heading, or itself), so focus does not land mid-item on a contact link.
    (first?.matches('[data-load-more-focus]')
      ? first
      : (first?.querySelector<HTMLElement>('[data-load-more-focus]') ??
        first?.querySelector<HTMLElement>('a[href], button'))
    )?.focus();
    // With the true total known, the list's own status line says how far it has got; announced once.
    if (!hasTotal) announce(`${count - from} more ${noun} loaded.`);
  }, [count, listRef, noun, hasTotal, items]);
  return () => {
    before.current = count;
    loadNext();
  };
}

/** The button: it never disables itself (a disabled button drops focus to the page); while loading it says so and ignores presses. */
export function LoadMoreButton({
  loading,
  onLoad,
  label = 'Load more',
  loadingLabel = 'Loading more...',
}: {
  loading: boolean;
  onLoad: () => void;
  label?: string;
  loadingLabel?: string;
}) {
  return (
    <Button
      variant="secondary"
      aria-disabled={loading || undefined}
      className="aria-disabled:cursor-wait aria-disabled:opacity-70"
      onClick={() => {
        if (!loading) onLoad();
      }}
    >
      {loading ? loadingLabel : label}
    </Button>
  );
}
