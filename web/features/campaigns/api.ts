import { campaignFundraisersQuery } from '@/lib/campaign-fundraisers';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicOrganizationCampaign, PublicRecipientCampaign, SearchResult } from '@contract/campaigns';
import { IMAGE_SIZES, type ImageSizes } from '@contract/image-sizes';
import { PAGE_DEFAULT } from '@contract/pagination';
import { ApiError, apiGet, apiRequest } from '@/lib/api';
import { supportMessagesQuery } from '@/lib/support-messages';
import { campaignUpdatesQuery } from '@/lib/updates';
import {
  byCodePoint,
  campaignQuery,
  mergeStreams,
  normalize,
  normalizeOrganization,
  normalizeRecipient,
  type Campaign,
} from '@/lib/campaigns';

type StreamPage = {
  recipient?: { items: Campaign[]; next?: string };
  organization?: { items: Campaign[]; next?: string };
};

async function fetchStream<T>(path: string, cursor: string | undefined, map: (x: T) => Campaign) {
  const qs = new URLSearchParams({ limit: String(PAGE_DEFAULT) });
  if (cursor) qs.set('cursor', cursor);
  const result = await apiRequest<T[]>(`${path}?${qs.toString()}`);
  if (!Array.isArray(result.data)) throw new ApiError(500, 'Could not load campaigns. Please try again later.');
  return { items: result.data.map(map), next: result.nextCursor };
}

const allCampaignsQuery = infiniteQueryOptions({
  queryKey: ['campaigns', 'all'],
  initialPageParam: { recipient: undefined, organization: undefined } as {
    recipient?: string | null;
    organization?: string | null;
  },
  queryFn: async ({ pageParam }): Promise<StreamPage> => {
    const [recipient, organization] = await Promise.all([
      pageParam.recipient === null
        ? undefined
        : fetchStream<PublicRecipientCampaign>('/campaigns', pageParam.recipient, normalizeRecipient),
      pageParam.organization === null
        ? undefined
        : fetchStream<PublicOrganizationCampaign>(
            '/org-campaigns/active',
            pageParam.organization,
            normalizeOrganization,
          ),
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

/** Recipient and organization campaigns, fetched in parallel and merged newest first, a page at a time. */
export function useAllCampaigns() {
  const query = useInfiniteQuery(allCampaignsQuery);
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
  return useQuery(featuredQuery);
}

export function useCampaign(rawId: string | undefined) {
  return useQuery(campaignQuery(rawId));
}

/**
 * Starts loading a page's campaigns while its code is still downloading (the router calls these
 * beside its lazy import), so the list or details are there, or on their way, when the page renders.
 * Never waits and never throws: the page shows its own loading and error states.
 */
export function prefetchAllCampaigns(client: QueryClient): void {
  // A list already at hand (a page the server drew, or one seen before) brought its images with it.
  if (client.getQueryData(allCampaignsQuery.queryKey) !== undefined) return;
  void client.prefetchInfiniteQuery(allCampaignsQuery).then(() => {
    const first = client.getQueryData(allCampaignsQuery.queryKey)?.pages[0];
    const newest = [...(first?.recipient?.items ?? []), ...(first?.organization?.items ?? [])];
    newest.sort((a, b) => byCodePoint(b.created_at, a.created_at));
    for (const c of newest.slice(0, 3)) preloadImage(c, 'card');
  });
}

export function prefetchCampaign(client: QueryClient, rawId: string | undefined): void {
  // A campaign already at hand (a page the server drew, or one seen before) brought its image with it.
  if (client.getQueryData(campaignQuery(rawId).queryKey) !== undefined) return;
  void client.prefetchQuery(campaignQuery(rawId)).then(() => {
    preloadImage(client.getQueryData(campaignQuery(rawId).queryKey), 'page');
  });
}

/**
 * For the server's rendering of the campaign list and of a campaign's page (web/entry-server.tsx):
 * the same data the pages ask for first, once, rejecting when it could not be had (the page is then
 * left for the browser to draw).
 */
export const loadAllCampaigns = (client: QueryClient) =>
  client.fetchInfiniteQuery({ ...allCampaignsQuery, retry: false });
/**
 * For the server's drawing of a campaign page (web/entry-server.tsx): the campaign, rejecting when it
 * could not be had, and the first page of its updates and of its words of support, so the page comes
 * whole and the browser asks for nothing more while it brings the page to life. A section whose data
 * could not be had is drawn loading and asked for by the browser.
 */
export const loadCampaignPage = (client: QueryClient, rawId: string | undefined) =>
  Promise.all([
    client.fetchQuery({ ...campaignQuery(rawId), retry: false }),
    rawId ? client.prefetchInfiniteQuery({ ...campaignUpdatesQuery(rawId), retry: false }) : null,
    rawId ? client.prefetchInfiniteQuery({ ...supportMessagesQuery(rawId), retry: false }) : null,
    rawId ? client.prefetchQuery({ ...campaignFundraisersQuery(rawId), retry: false }) : null,
  ]);

const featuredQuery = {
  queryKey: ['campaigns', 'featured'],
  queryFn: async () => (await apiGet<PublicRecipientCampaign[]>('/campaigns/featured')).map(normalizeRecipient),
};

/** For the server's drawing of the home page: its featured campaigns (a failure leaves them to the browser). */
export const prefetchFeatured = (client: QueryClient) => client.prefetchQuery({ ...featuredQuery, retry: false });

/**
 * Fetches the images at the top of a page as soon as their addresses are known, before the page's
 * code has run: the WebP size the page's `<picture>` will pick for its layout (`sizes`), or the
 * one address of an image kept as a single file.
 */
function preloadImage(c: Pick<Campaign, 'product_image' | 'product_image_url'> | undefined, sizes: ImageSizes): void {
  if (c?.product_image) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.type = 'image/webp';
    link.fetchPriority = 'high';
    link.imageSrcset = c.product_image.webp_srcset;
    link.imageSizes = IMAGE_SIZES[sizes];
    // Only the fetch matters; the element goes once it is done, so navigations do not pile them up.
    link.onload = link.onerror = () => link.remove();
    document.head.append(link);
    return;
  }
  if (!c?.product_image_url) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = c.product_image_url;
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
