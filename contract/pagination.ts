import { z } from 'zod';

export const PAGE_DEFAULT = 24;
export const PAGE_MAX = 100;
/** Response header carrying the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(PAGE_MAX, `limit must be at most ${PAGE_MAX}.`)
    .default(PAGE_DEFAULT),
  cursor: z.string().max(200, 'cursor is not valid.').optional(),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;
