import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { callbackDoneReplySchema, callbacksReplySchema } from '@contract/voice';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

const KEY = ['admin', 'callbacks'] as const;

/** Call backs asked for on the voice line, open ones first, a page at a time. */
export const useCallbacks = () =>
  useInfiniteQuery({
    queryKey: KEY,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return callbacksReplySchema.parse(await apiGet<unknown>(`/admin/callbacks?${params}`));
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

/** Marks one call back done with the admin's note; resolves with the server's sentence. */
export function useMarkCallbackDone() {
  const client = useQueryClient();
  return async (id: number, note: string): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(`/admin/callbacks/${id}/done`, {
        method: 'POST',
        body: JSON.stringify({ note }),
      });
      return callbackDoneReplySchema.parse(data).message;
    } finally {
      // Done or refused: another admin may have closed it first.
      await client.invalidateQueries({ queryKey: KEY });
    }
  };
}
