import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationDecision, ModerationStatus } from '@contract/moderation';
import { adminSupportMessagesSchema, supportMessageDecisionReplySchema } from '@contract/support-messages';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

const KEY = ['admin', 'support-messages'] as const;

/** Paid gifts' words of support in one status, a page at a time (awaiting review oldest first). */
export const useSupportMessageQueue = (status: ModerationStatus) =>
  useInfiniteQuery({
    queryKey: [...KEY, status],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ status, limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return adminSupportMessagesSchema.parse(await apiGet<unknown>(`/admin/messages?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

/** How many words of support wait for review, for the dashboard. */
export const useSupportMessagesAwaiting = () =>
  useQuery({
    queryKey: [...KEY, 'awaiting-count'],
    queryFn: async () =>
      adminSupportMessagesSchema.parse(await apiGet<unknown>('/admin/messages?status=awaiting_review&limit=1')).total,
    retry: retryUnlessRefused,
  });

/** Approves or hides one message; resolves with the server's sentence, and the queues are asked again. */
export function useSupportMessageDecision() {
  const client = useQueryClient();
  return async (id: number, decision: ModerationDecision): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(`/admin/messages/${id}/decision`, {
        method: 'POST',
        body: JSON.stringify({ decision }),
      });
      return supportMessageDecisionReplySchema.parse(data).message;
    } finally {
      // Refused or not: another admin may have decided first.
      await client.invalidateQueries({ queryKey: KEY });
      // The campaign pages' words change with a decision.
      await client.invalidateQueries({ queryKey: ['support-messages'] });
    }
  };
}
