import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  catalogProductSchema,
  myCampaignSchema,
  requestReplySchema,
  type CatalogProduct,
  type MyCampaign,
} from '@contract/requests';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { SETTINGS_KEYS, writeSetting } from '@/lib/settings';

export const useCatalog = () =>
  useQuery({
    queryKey: ['recipient', 'products'],
    queryFn: async (): Promise<CatalogProduct[]> =>
      z.array(catalogProductSchema).parse(await apiGet<unknown>('/products')),
    retry: retryUnlessRefused,
  });

export const useMyCampaigns = () =>
  useQuery({
    queryKey: ['recipient', 'my-status'],
    queryFn: async (): Promise<MyCampaign[]> =>
      z.array(myCampaignSchema).parse(await apiGet<unknown>('/campaigns/my-status')),
    retry: retryUnlessRefused,
  });

/** POST /campaigns; afterwards the account's answers (eligibility, requests) are asked again. */
export function useRequestDevice() {
  const client = useQueryClient();
  return async (productId: number, reason: string) => {
    const reply = requestReplySchema.parse(
      (await apiRequest<unknown>('/campaigns', { method: 'POST', body: JSON.stringify({ productId, reason }) })).data,
    );
    writeSetting(SETTINGS_KEYS.requestSubmitted, 'true');
    await Promise.allSettled([
      client.invalidateQueries({ queryKey: ['session'] }),
      client.invalidateQueries({ queryKey: ['recipient', 'my-status'] }),
    ]);
    return reply;
  };
}
