import { prefetchAllCampaigns, prefetchCampaign } from '@/features/campaigns/api';
import { queryClient } from './query-client';

/** The data the campaign pages show first, requested when a navigation to them starts (web/app/router.tsx). */
export const prefetchCampaignList = (): void => prefetchAllCampaigns(queryClient);
export const prefetchCampaignPage = (id: string | undefined): void => prefetchCampaign(queryClient, id);
