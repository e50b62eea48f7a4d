import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminStatSchema, contentActionReplySchema, storySchema, type StatInput } from '@contract/content';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { ADMIN } from '../shared/admin-api';

export const useAdminStats = () =>
  useQuery({
    queryKey: [...ADMIN, 'stats'],
    queryFn: async () => z.array(adminStatSchema).parse(await apiGet<unknown>('/admin/stats')),
    retry: retryUnlessRefused,
  });

export const useAdminStories = () =>
  useQuery({
    queryKey: [...ADMIN, 'stories'],
    queryFn: async () => z.array(storySchema).parse(await apiGet<unknown>('/stories/admin/all')),
    retry: retryUnlessRefused,
  });

/**
 * A change to what the home page shows: its call, then the admin lists and the public figures and
 * stories are asked again. Resolves with the server's sentence.
 */
export function useContentChange() {
  const client = useQueryClient();
  return async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<string> => {
    try {
      const { data } = await apiRequest<unknown>(path, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return contentActionReplySchema.parse(data).message;
    } finally {
      await Promise.allSettled([
        client.invalidateQueries({ queryKey: ADMIN }),
        client.invalidateQueries({ queryKey: ['stats'] }),
        client.invalidateQueries({ queryKey: ['stories'] }),
      ]);
    }
  };
}

export type { StatInput };
