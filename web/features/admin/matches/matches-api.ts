import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMatchReplySchema,
  matchPoolListSchema,
  matchPoolSchema,
  matchReportPaths,
  type MatchPool,
} from '@contract/match-admin';
import type { CreateMatchInput } from '@contract/matching';
import { apiDownload, apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';

/** Under the admin key, so any admin change asks the list again too. */
const MATCHES = ['admin', 'matches'] as const;

export const useMatches = () =>
  useQuery({
    queryKey: MATCHES,
    queryFn: async () => matchPoolListSchema.parse(await apiGet<unknown>('/admin/matches')).pools,
    retry: retryUnlessRefused,
  });

/** The calls that change a pool; each asks the list again, refused or not (another admin may have moved first). */
export function useMatchCalls() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: MATCHES });
  return {
    async open(input: CreateMatchInput): Promise<number> {
      try {
        const { data } = await apiRequest<unknown>('/admin/matches', { method: 'POST', body: JSON.stringify(input) });
        return createMatchReplySchema.parse(data).id;
      } finally {
        await refresh();
      }
    },
    async close(id: number): Promise<MatchPool> {
      try {
        const { data } = await apiRequest<unknown>(`/admin/matches/${id}/close`, { method: 'POST' });
        return matchPoolSchema.parse(data);
      } finally {
        await refresh();
      }
    },
  };
}

/** Where a report is, under /api, and how it is saved: with the session's token, which a plain link cannot carry. */
export const reportAddress = (id: number, kind: 'csv' | 'pdf') => matchReportPaths(id)[kind];
export const downloadReport = (id: number, kind: 'csv' | 'pdf') =>
  apiDownload(reportAddress(id, kind).replace(/^\/api/, ''), `match-${id}-sponsor-report.${kind}`);
