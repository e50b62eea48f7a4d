import { useQuery } from '@tanstack/react-query';
import type { PublicStat, Story } from '@contract/content';
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
