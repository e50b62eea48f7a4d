import { useEffect, useRef, type RefObject } from 'react';
import { announce } from '@/lib/page';
import { Button } from './button';

/**
 * Loading more items into a list of `<li>`s (or a table body's `<tr>`s) without losing the keyboard user: when the new items
 * arrive, focus moves to the first of them and the count is announced. It lives in the page, not
 * the button, because the button goes away when the last page arrives.
 */
export function useLoadMore({
  listRef,
  count,
  noun,
  total,
  loadNext,
}: {
  listRef: RefObject<HTMLElement | null>;
  count: number;
  noun: string;
  /** The list's true size, when known: the announcement then says how far the list has got. */
  total?: number;
  loadNext: () => void;
}) {
  const before = useRef<number | null>(null);
  useEffect(() => {
    const from = before.current;
    if (from === null || count <= from) return;
    before.current = null;
    const first = listRef.current?.querySelectorAll(':scope > li, :scope > tr')[from];
    first?.querySelector<HTMLElement>('a[href], button')?.focus();
    announce(
      `${count - from} more ${noun} loaded.${total === undefined ? '' : ` Showing ${count} of ${total} ${noun}.`}`,
    );
  }, [count, listRef, noun, total]);
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
