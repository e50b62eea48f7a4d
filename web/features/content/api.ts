import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicStat, Story } from '@contract/content';
import type { Transparency } from '@contract/transparency';
import { apiGet } from '@/lib/api';

export function useStats() {
  return useQuery({
    queryKey: ['stats'],
    queryFn: async () => {
      try {
        return await apiGet<PublicStat[]>('/stats');
      } catch (error) {
        // On failure the list is empty and the section hides.
        console.error('Failed to load stats', error);
        return [];
      }
    },
  });
}

export function useStories() {
  return useQuery({ queryKey: ['stories'], queryFn: () => apiGet<Story[]>('/stories') });
}

const transparencyQuery = {
  queryKey: ['transparency'],
  queryFn: () => apiGet<Transparency>('/transparency'),
};

/** The public ledger: figures computed from the records (GET /api/transparency). */
export function useTransparency() {
  return useQuery(transparencyQuery);
}

/** For the server's drawing of /transparency (web/entry-server.tsx): the ledger, rejecting when it could not be had. */
export const loadTransparency = (client: QueryClient) => client.fetchQuery({ ...transparencyQuery, retry: false });
