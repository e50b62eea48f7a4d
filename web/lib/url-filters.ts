import { useSearchParams } from 'react-router';

/** The value if it is one of those allowed, else the fallback: an address is typed by anyone. */
export const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const LAST_PAGE = 10_000;

/**
 * A list's filters and page, kept in the address so a reload, a shared link or Back shows the same
 * list. A change replaces the entry and keeps focus and scroll where they are (`keepFocus`, read by
 * web/lib/page.ts and web/app/navigation.tsx): the person stays on the control they used.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.min(LAST_PAGE, Number.parseInt(params.get('page') ?? '1', 10) || 1));

  /** Sets filters (an empty value removes one); any filter change goes back to the first page. */
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, state: { keepFocus: true } });
  };

  return {
    /** A filter's raw value, '' when absent; the page checks it against what it allows. */
    read: (key: string) => params.get(key) ?? '',
    page,
    update,
    setPage: (to: number) => update({ page: to > 1 ? String(to) : '' }),
  };
}
