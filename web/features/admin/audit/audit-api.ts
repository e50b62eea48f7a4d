import { useInfiniteQuery } from '@tanstack/react-query';
import { auditReplySchema } from '@contract/admin';
import { apiGet, retryUnlessRefused } from '@/lib/api';
import { ADMIN } from '../shared/admin-api';

export const useAudit = (campaign: string, adminId: string) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'audit', campaign, adminId],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (campaign) params.set('campaign', campaign);
      if (adminId) params.set('adminId', adminId);
      if (pageParam) params.set('cursor', String(pageParam));
      return auditReplySchema.parse(await apiGet<unknown>(`/admin/audit?${params}`));
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });
