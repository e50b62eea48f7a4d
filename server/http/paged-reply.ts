import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@contract/pagination';

/**
 * Sends one page of an admin list. A list that answered a bare array still does (the page's items,
 * with the next cursor and the true total in headers); with `paged=1` it answers
 * `{ items, total, nextCursor }`. Never cached: admin lists change with every decision.
 */
export function sendPage<T>(
  reply: FastifyReply,
  paged: boolean,
  page: { items: T[]; total: number; nextCursor: string | null },
) {
  reply.header('cache-control', 'private, no-store');
  if (paged) return reply.send(page);
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return reply.send(page.items);
}
