import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminOverviewSchema,
  allCampaignsReplySchema,
  organizationListPageSchema,
  recipientListPageSchema,
} from '@contract/admin';
import { campaignDonationSchema } from '@contract/giving';
import type { CampaignKind } from '@contract/ids';
import { apiGet, retryUnlessRefused } from '@/lib/api';
import { ADMIN } from '../shared/admin-api';

/** What a page of review lists says when one of them never loaded. */
export const FAILED = 'Failed to fetch admin data.';

export const useOverview = () =>
  useQuery({
    queryKey: [...ADMIN, 'overview'],
    queryFn: async () => adminOverviewSchema.parse(await apiGet<unknown>('/admin/overview')),
    retry: retryUnlessRefused,
  });

/** How many review cards a list loads at a time. */
export const REVIEW_PAGE = 20;

/** The query string of one page of a paged admin list, after the cursor when there is one. */
const pageParams = (limit: number, cursor: string, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ paged: '1', limit: String(limit), ...extra });
  if (cursor) params.set('cursor', cursor);
  return params;
};

export type RecipientList = 'pending' | 'approved' | 'featured';
export const useRecipientList = (list: RecipientList) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'campaigns', list],
    queryFn: async ({ pageParam }) =>
      recipientListPageSchema.parse(
        await apiGet<unknown>(`/admin/campaigns/${list}?${pageParams(REVIEW_PAGE, pageParam)}`),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export type OrganizationList = 'pending' | 'active';
export const useOrganizationList = (list: OrganizationList, organizationId?: number) =>
  useInfiniteQuery({
    queryKey: [...ADMIN, 'org-campaigns', list, organizationId ?? 'all'],
    queryFn: async ({ pageParam }) =>
      organizationListPageSchema.parse(
        await apiGet<unknown>(
          `/admin/org-campaigns/${list}?${pageParams(REVIEW_PAGE, pageParam, organizationId ? { organizationId: String(organizationId) } : {})}`,
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
  });

export type AllCampaignsFilter = { status: string; q: string; sort: string; page: number };
export const PAGE_SIZE = 20;
export const useAllCampaigns = ({ status, q, sort, page }: AllCampaignsFilter) =>
  useQuery({
    queryKey: [...ADMIN, 'campaigns', 'all', status, q, sort, page],
    queryFn: async () => {
      const params = new URLSearchParams({ sort, page: String(page), pageSize: String(PAGE_SIZE) });
      if (status) params.set('status', status);
      if (q.trim()) params.set('q', q.trim());
      return allCampaignsReplySchema.parse(await apiGet<unknown>(`/admin/campaigns/all?${params}`));
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

/** Where each kind's campaigns live under /admin. */
const CAMPAIGNS_PATH: Record<CampaignKind, string> = { recipient: 'campaigns', organization: 'org-campaigns' };

/** A campaign's donations, either kind: one call shape under each kind's path. */
export const useDonations = (kind: CampaignKind, id: number) =>
  useQuery({
    queryKey: [...ADMIN, 'donations', kind, id],
    queryFn: async () =>
      z.array(campaignDonationSchema).parse(await apiGet<unknown>(`/admin/${CAMPAIGNS_PATH[kind]}/${id}/donations`)),
    retry: retryUnlessRefused,
  });
