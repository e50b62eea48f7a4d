import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PublicOrganizationCampaign, PublicRecipientCampaign, SearchResult } from '@contract/campaigns';
import { parseCampaignId } from '@contract/ids';
import { PAGE_DEFAULT } from '@contract/pagination';
import { ApiError, apiGet, apiRequest } from '@/lib/api';
import { mergeStreams, normalize, normalizeOrganization, normalizeRecipient, type Campaign } from './normalize';

type StreamPage = { recipient?: { items: Campaign[]; next?: string }; organization?: { items: Campaign[]; next?: string } };

async function fetchStream<T>(path: string, cursor: string | undefined, map: (x: T) => Campaign) {
  const qs = new URLSearchParams({ limit: String(PAGE_DEFAULT) });
  if (cursor) qs.set('cursor', cursor);
  const result = await apiRequest<T[]>(`${path}?${qs.toString()}`);
  if (!Array.isArray(result.data)) throw new ApiError(500, 'Could not load campaigns. Please try again later.');
  return { items: result.data.map(map), next: result.nextCursor };
}

/** Recipient and organization campaigns, fetched in parallel and merged newest first, a page at a time. */
export function useAllCampaigns() {
  const query = useInfiniteQuery({
    queryKey: ['campaigns', 'all'],
    initialPageParam: { recipient: undefined, organization: undefined } as { recipient?: string | null; organization?: string | null },
    queryFn: async ({ pageParam }): Promise<StreamPage> => {
      const [recipient, organization] = await Promise.all([
        pageParam.recipient === null
          ? undefined
          : fetchStream<PublicRecipientCampaign>('/campaigns', pageParam.recipient, normalizeRecipient),
        pageParam.organization === null
          ? undefined
          : fetchStream<PublicOrganizationCampaign>('/org-campaigns/active', pageParam.organization, normalizeOrganization),
      ]);
      return { recipient, organization };
    },
    getNextPageParam: (_last, pages) => {
      const lastOf = (kind: 'recipient' | 'organization') => {
        for (let i = pages.length - 1; i >= 0; i--) {
          const p = pages[i]?.[kind];
          if (p) return p.next ?? null;
        }
        return null;
      };
      const recipient = lastOf('recipient');
      const organization = lastOf('organization');
      if (recipient === null && organization === null) return undefined;
      return { recipient, organization };
    },
  });
  const pages = query.data?.pages ?? [];
  const streamOf = (kind: 'recipient' | 'organization') => {
    const items = pages.flatMap((p) => p[kind]?.items ?? []);
    const lastPage = [...pages].reverse().find((p) => p[kind]);
    return { items, hasMore: Boolean(lastPage?.[kind]?.next) };
  };
  const merged = mergeStreams([streamOf('recipient'), streamOf('organization')]);
  return { ...query, campaigns: merged.shown };
}

export function useFeaturedCampaigns() {
  return useQuery({
    queryKey: ['campaigns', 'featured'],
    queryFn: async () => (await apiGet<PublicRecipientCampaign[]>('/campaigns/featured')).map(normalizeRecipient),
  });
}

export function useCampaign(rawId: string | undefined) {
  const ref = rawId ? parseCampaignId(rawId) : null;
  return useQuery({
    queryKey: ['campaign', rawId],
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    queryFn: async (): Promise<Campaign> => {
      const isOrg = rawId?.startsWith('org-') ?? false;
      const notFoundText = isOrg ? 'Organization campaign not found.' : 'Campaign not found.';
      if (!ref) throw new ApiError(404, notFoundText);
      try {
        if (ref.kind === 'organization') {
          return normalizeOrganization(await apiGet<PublicOrganizationCampaign>(`/org-campaigns/${ref.id}`));
        }
        return normalizeRecipient(await apiGet<PublicRecipientCampaign>(`/campaigns/${ref.id}`));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new ApiError(404, notFoundText);
        if (error instanceof ApiError && error.status > 0) throw new ApiError(error.status, `HTTP error! status: ${error.status}`);
        throw error;
      }
    },
  });
}

export function useCampaignSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ['campaigns', 'search', q],
    enabled: q.length > 0,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const qs = new URLSearchParams({ q, limit: String(PAGE_DEFAULT) });
      if (pageParam) qs.set('cursor', pageParam);
      const result = await apiRequest<SearchResult[]>(`/campaigns/search?${qs.toString()}`);
      return { items: result.data.map(normalize), next: result.nextCursor };
    },
    getNextPageParam: (last) => last.next,
  });
}
