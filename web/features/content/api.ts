import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicStat, Story } from '@contract/content';
import type { FundReply } from '@contract/fund';
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

const storiesQuery = { queryKey: ['stories'], queryFn: () => apiGet<Story[]>('/stories') };

export function useStories() {
  return useQuery(storiesQuery);
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

const fundQuery = { queryKey: ['fund'], queryFn: () => apiGet<FundReply>('/fund') };

/** The Independence Fund: balance, monthly donors and every allocation (GET /api/fund). */
export function useFund() {
  return useQuery(fundQuery);
}

/** For the server's drawing of /fund: the fund's figures, rejecting when they could not be had. */
export const loadFund = (client: QueryClient) => client.fetchQuery({ ...fundQuery, retry: false });

/**
 * For the server's drawing of the home page: its stories, figures and ledger, each kept only when it
 * could be had (a section whose data failed is drawn loading and asked for by the browser; the
 * figures are read strictly here, so a failure is never drawn as an empty section).
 */
export const prefetchHomeContent = (client: QueryClient) =>
  Promise.all([
    client.prefetchQuery({ ...storiesQuery, retry: false }),
    client.prefetchQuery({ ...transparencyQuery, retry: false }),
    client.prefetchQuery({ queryKey: ['stats'], queryFn: () => apiGet<PublicStat[]>('/stats'), retry: false }),
  ]);
