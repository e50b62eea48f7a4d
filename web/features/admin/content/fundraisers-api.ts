import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFundraisersSchema, fundraiserChangeReplySchema, type FundraiserDecision } from '@contract/fundraisers';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

const KEY = ['admin', 'fundraisers'] as const;

/** New fundraisers and revisions of approved ones waiting for an admin, oldest first. */
export const useFundraiserQueue = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => adminFundraisersSchema.parse(await apiGet<unknown>('/admin/fundraisers')),
    retry: retryUnlessRefused,
  });

/** Approves, or rejects with a reason; resolves with the server's sentence, and the queue is asked again. */
export function useFundraiserDecision() {
  const client = useQueryClient();
  return async (slug: string, decision: FundraiserDecision): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(`/admin/fundraisers/${encodeURIComponent(slug)}`, {
        method: 'PATCH',
        body: JSON.stringify(decision),
      });
      return fundraiserChangeReplySchema.parse(data).message;
    } finally {
      // Refused or not: another admin may have decided first.
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: ['fundraisers'] });
    }
  };
}
