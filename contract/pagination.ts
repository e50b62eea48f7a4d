export const PAGE_DEFAULT = 24;
export const PAGE_MAX = 100;
/** Response header carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Cursors are only ever copied from a reply, so a bad one means a stale or mangled link. */
export const CURSOR_INVALID_MESSAGE = 'This page link is not valid. Please start again from the first page.';
