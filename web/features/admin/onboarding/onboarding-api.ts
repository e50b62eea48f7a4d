import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  onboardingReviewSchema,
  reviewDecisionReplySchema,
  reviewQueueReplySchema,
  type OnboardingReviewStatus,
} from '@contract/onboarding-review';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { ADMIN } from '../shared/admin-api';

/** The onboarding review queue in one status, oldest first, a page at a time. */
export const useOnboardingQueue = (status: OnboardingReviewStatus) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'onboarding', 'queue', status],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ status, limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return reviewQueueReplySchema.parse(await apiGet<unknown>(`/admin/onboarding-reviews?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

const reviewKey = (id: string | undefined) => [...ADMIN, 'onboarding', 'review', id] as const;

export const useOnboardingReview = (id: string | undefined) =>
  useQuery({
    queryKey: reviewKey(id),
    queryFn: async () =>
      onboardingReviewSchema.parse(await apiGet<unknown>(`/admin/onboarding-reviews/${encodeURIComponent(id ?? '')}`)),
    enabled: Boolean(id),
    // The document link works for 5 minutes: asked again before it lapses while the page stays open.
    refetchInterval: 4 * 60 * 1000,
    retry: retryUnlessRefused,
  });

/** Verifies a version or asks for a correction; resolves with the server's sentence, and every admin list is asked again. */
export function useOnboardingDecision() {
  const client = useQueryClient();
  return async (id: number, decision: { kind: 'verify' } | { kind: 'correction'; reason: string }): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(
        decision.kind === 'verify'
          ? `/admin/onboarding-reviews/${id}/verify`
          : `/admin/onboarding-reviews/${id}/request-correction`,
        decision.kind === 'verify'
          ? { method: 'POST' }
          : { method: 'POST', body: JSON.stringify({ reason: decision.reason }) },
      );
      const reply = reviewDecisionReplySchema.parse(data);
      client.setQueryData(reviewKey(String(id)), reply.review);
      return reply.message;
    } finally {
      // Refused or not, the lists are asked again: a 409 usually means another admin decided first.
      await client.invalidateQueries({ queryKey: ADMIN });
    }
  };
}
