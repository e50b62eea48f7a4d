import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignFundraisers, FundraiserReply } from '@contract/fundraisers';
import { apiGet, retryUnlessRefused } from './api';

// Read as typed, like the other public replies: the public pages need no zod (decision 0050).

/** A public campaign's approved fundraisers, most raised first. */
export const campaignFundraisersQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['fundraisers', 'campaign', campaignId],
    queryFn: () => apiGet<CampaignFundraisers>(`/campaigns/${encodeURIComponent(campaignId)}/fundraisers`),
    retry: retryUnlessRefused,
  });

export const useCampaignFundraisers = (campaignId: string) => useQuery(campaignFundraisersQuery(campaignId));

/** One fundraiser's page: public once approved; its owner and the admins also see it before. */
export const fundraiserQuery = (slug: string) =>
  queryOptions({
    queryKey: ['fundraisers', 'one', slug],
    queryFn: () => apiGet<FundraiserReply>(`/fundraisers/${encodeURIComponent(slug)}`),
    retry: retryUnlessRefused,
  });

export const useFundraiser = (slug: string) => useQuery(fundraiserQuery(slug));
