import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ImageSet } from '@contract/images';
import {
  catalogProductSchema,
  type CatalogProduct,
  type MyCampaign,
  myCampaignSchema,
  myOrganizationCampaignSchema,
  organizationOverviewSchema,
  organizationProductSchema,
  requestReplySchema,
  type OrganizationOverview,
} from '@contract/requests';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { fetchOwnReview, OWN_REVIEW_KEY } from '@/lib/own-review';
import { writeSetting } from '@/lib/settings';
import type { RequesterKind } from './area';
import { KINDS } from './kinds';

/** A product of either catalogue as the catalog page shows it (an organization's has these fields and more). */
export type Product = CatalogProduct;

/**
 * One of the account's own requests, in one shape for both kinds: a recipient's is one device
 * (`units` null), an organization's several units (no delivery or thank-you video).
 */
export type MyRequest = {
  id: number;
  productName: string;
  imageUrl: string | null;
  image?: ImageSet | null;
  status: string;
  adminNotes: string | null;
  publicId: string | null;
  reason: string;
  createdAt: string;
  raised: number;
  goal: number;
  units: { quantity: number; unitPrice: number; fulfilled: number; remaining: number } | null;
  deliveryStatus: string | null;
  videoUrl: string | null;
};

/** What a request says the same way for both kinds. */
const sharedFields = (
  c: Pick<
    MyCampaign,
    'id' | 'product_name' | 'status' | 'admin_notes' | 'public_id' | 'reason' | 'created_at' | 'amount_raised'
  >,
) => ({
  id: c.id,
  productName: c.product_name,
  status: c.status,
  adminNotes: c.admin_notes,
  publicId: c.public_id,
  reason: c.reason,
  createdAt: c.created_at,
  raised: c.amount_raised,
});

/** The server's side of each kind: where its catalogue, its requests and a new request go. */
const ENDPOINTS: Record<
  RequesterKind,
  {
    products: () => Promise<Product[]>;
    requests: () => Promise<MyRequest[]>;
    request: string;
    body: (productId: number, quantity: number, reason: string) => object;
  }
> = {
  recipient: {
    products: async () => z.array(catalogProductSchema).parse(await apiGet<unknown>('/products')),
    requests: async () =>
      z
        .array(myCampaignSchema)
        .parse(await apiGet<unknown>('/campaigns/my-status'))
        .map((c) => ({
          ...sharedFields(c),
          imageUrl: c.product_image_url,
          image: c.product_image,
          goal: c.price,
          units: null,
          deliveryStatus: c.delivery_status,
          videoUrl: c.appreciation_video_url,
        })),
    request: '/campaigns',
    body: (productId, _quantity, reason) => ({ productId, reason }),
  },
  organization: {
    products: async () => z.array(organizationProductSchema).parse(await apiGet<unknown>('/organization/products')),
    requests: async () =>
      z
        .array(myOrganizationCampaignSchema)
        .parse(await apiGet<unknown>('/organization/campaigns'))
        .map((c) => ({
          ...sharedFields(c),
          imageUrl: c.image_url,
          image: c.image,
          goal: c.total_price,
          units: {
            quantity: c.quantity,
            unitPrice: c.unit_price,
            fulfilled: c.units_fulfilled,
            remaining: c.units_remaining,
          },
          deliveryStatus: null,
          videoUrl: null,
        })),
    request: '/organization/campaigns',
    body: (productId, quantity, reason) => ({ productId, reason, quantity }),
  },
};

export const useCatalog = (kind: RequesterKind) =>
  useQuery({ queryKey: [kind, 'products'], queryFn: ENDPOINTS[kind].products, retry: retryUnlessRefused });

export const useMyRequests = (kind: RequesterKind) =>
  useQuery({ queryKey: [kind, 'requests'], queryFn: ENDPOINTS[kind].requests, retry: retryUnlessRefused });

export const useOverview = () =>
  useQuery({
    queryKey: ['organization', 'overview'],
    queryFn: async (): Promise<OrganizationOverview> =>
      organizationOverviewSchema.parse(await apiGet<unknown>('/organization/overview')),
    retry: retryUnlessRefused,
  });

/** Makes a request; afterwards the account's answers (eligibility, requests, figures) are asked again (product notes 4). */
export function useMakeRequest(kind: RequesterKind) {
  const client = useQueryClient();
  const endpoint = ENDPOINTS[kind];
  return async (productId: number, quantity: number, reason: string) => {
    const reply = requestReplySchema.parse(
      (
        await apiRequest<unknown>(endpoint.request, {
          method: 'POST',
          body: JSON.stringify(endpoint.body(productId, quantity, reason)),
        })
      ).data,
    );
    writeSetting(KINDS[kind].requestFlag, 'true');
    await Promise.allSettled([
      client.invalidateQueries({ queryKey: ['session'] }),
      client.invalidateQueries({ queryKey: [kind] }),
    ]);
    return reply;
  };
}

/** Where the account's latest onboarding version stands; the onboarding wizard shares this key. */
export const useOwnReview = (enabled: boolean) =>
  useQuery({
    queryKey: OWN_REVIEW_KEY,
    queryFn: fetchOwnReview,
    enabled,
    retry: retryUnlessRefused,
  });
