import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PublicSupportMessages } from '@contract/support-messages';
import { apiGet, retryUnlessRefused } from './api';

/** How many words of support a campaign page shows at a time. */
const PAGE = 20;

/**
 * A public campaign's approved words of support, newest first, a page at a time. The admin queue
 * forgets these (`['support-messages']`) after each decision.
 */
export const supportMessagesQuery = (campaignId: string) =>
  infiniteQueryOptions({
    queryKey: ['support-messages', campaignId],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) params.set('cursor', pageParam);
      // Read as typed, like the other public replies: the campaign page needs no zod (decision 0050).
      return apiGet<PublicSupportMessages>(`/campaigns/${encodeURIComponent(campaignId)}/messages?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export const useSupportMessages = (campaignId: string) => useInfiniteQuery(supportMessagesQuery(campaignId));
