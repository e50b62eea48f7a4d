import { z } from 'zod';
import { CURSOR_INVALID_MESSAGE, PAGE_MAX } from './pagination';

/** A cursor may carry a sort key as long as a product's name, base64-encoded with its id. */
const CURSOR_MAX_LENGTH = 1000;

const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(1, `${name} must be at least 1.`)
    .max(max, `${name} must be at most ${max.toLocaleString('en')}.`);

/** Paging by cursor: the opaque cursor a reply gave (`nextCursor`) and how many items to answer. */
export const cursorPageFields = (limitDefault: number) => ({
  limit: wholeNumber('limit', PAGE_MAX).default(limitDefault),
  cursor: z.string({ error: CURSOR_INVALID_MESSAGE }).max(CURSOR_MAX_LENGTH, CURSOR_INVALID_MESSAGE).optional(),
});

/**
 * Numbered pages (`page`, `pageSize`) for the tables that offer them. A `cursor` given beside them
 * wins, since it stays right while rows are added.
 */
export const numberedPageFields = (pageSizeDefault: number) => ({
  page: wholeNumber('page', 10_000).default(1),
  pageSize: wholeNumber('pageSize', PAGE_MAX).default(pageSizeDefault),
  cursor: z.string({ error: CURSOR_INVALID_MESSAGE }).max(CURSOR_MAX_LENGTH, CURSOR_INVALID_MESSAGE).optional(),
});

/**
 * Lists whose first reply was a bare array keep it, up to PAGE_MAX items, with the next page's
 * cursor in NEXT_CURSOR_HEADER and the true total in TOTAL_COUNT_HEADER; `paged=1` asks for the
 * paged reply instead (`pagedReply`, PAGED_LIMIT_DEFAULT items unless `limit` says).
 */
export const pagedFlagFields = () => ({
  paged: z.enum(['1'], { error: 'paged must be 1 when given.' }).optional(),
  limit: wholeNumber('limit', PAGE_MAX).optional(),
  cursor: z.string({ error: CURSOR_INVALID_MESSAGE }).max(CURSOR_MAX_LENGTH, CURSOR_INVALID_MESSAGE).optional(),
});
/** One page of a list: its items, the true number of items the filters match, and the next page's cursor (null on the last). */
export const pagedReply = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), nextCursor: z.string().nullable() });
