import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  myOrganizationCampaignSchema,
  organizationOverviewSchema,
  organizationProductSchema,
  requestReplySchema,
  type MyOrganizationCampaign,
  type OrganizationOverview,
  type OrganizationProduct,
} from '@contract/requests';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { SETTINGS_KEYS, writeSetting } from '@/lib/settings';

export const useOrganizationCatalog = () =>
  useQuery({
    queryKey: ['organization', 'products'],
    queryFn: async (): Promise<OrganizationProduct[]> =>
      z.array(organizationProductSchema).parse(await apiGet<unknown>('/organization/products')),
    retry: retryUnlessRefused,
  });

export const useOrganizationCampaigns = () =>
  useQuery({
    queryKey: ['organization', 'campaigns'],
    queryFn: async (): Promise<MyOrganizationCampaign[]> =>
      z.array(myOrganizationCampaignSchema).parse(await apiGet<unknown>('/organization/campaigns')),
    retry: retryUnlessRefused,
  });

export const useOverview = () =>
  useQuery({
    queryKey: ['organization', 'overview'],
    queryFn: async (): Promise<OrganizationOverview> =>
      organizationOverviewSchema.parse(await apiGet<unknown>('/organization/overview')),
    retry: retryUnlessRefused,
  });

/** POST /organization/campaigns, then the profile and the organization's figures are asked again (spec 4). */
export function useRequestUnits() {
  const client = useQueryClient();
  return async (productId: number, quantity: number, reason: string) => {
    const reply = requestReplySchema.parse(
      (
        await apiRequest<unknown>('/organization/campaigns', {
          method: 'POST',
          body: JSON.stringify({ productId, reason, quantity }),
        })
      ).data,
    );
    writeSetting(SETTINGS_KEYS.orgRequestSubmitted, 'true');
    await Promise.allSettled([
      client.invalidateQueries({ queryKey: ['session'] }),
      client.invalidateQueries({ queryKey: ['organization'] }),
    ]);
    return reply;
  };
}
