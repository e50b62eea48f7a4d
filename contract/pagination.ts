// Paging words and numbers only, no zod: the web app's entry reads them (web/lib/api.ts), and the
// schemas that use them live in contract/page-query.ts, which arrives with the first page needing one.

export const PAGE_DEFAULT = 24;
export const PAGE_MAX = 100;
/** Response header carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Cursors are only ever copied from a reply, so a bad one means a stale or mangled link. */
export const CURSOR_INVALID_MESSAGE = 'This page link is not valid. Please start again from the first page.';

export const PAGED_LIMIT_DEFAULT = 25;
/** Response header carrying the true number of items a bare-array list's filters match. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** The page size a list with `pagedFlagFields` (contract/page-query.ts) answers. */
export const pagedLimit = (query: { paged?: '1'; limit?: number }): number =>
  query.limit ?? (query.paged ? PAGED_LIMIT_DEFAULT : PAGE_MAX);
