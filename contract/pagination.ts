export const PAGE_DEFAULT = 24;
export const PAGE_MAX = 100;
/** Response header carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
