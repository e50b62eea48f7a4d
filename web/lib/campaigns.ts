import { queryOptions } from '@tanstack/react-query';
import type { PublicOrganizationCampaign, PublicRecipientCampaign, SearchResult } from '@contract/campaigns';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import type { ImageSet } from '@contract/images';
import type { CampaignMatch } from '@contract/matching';
import { parseCampaignId, toCampaignId } from '@contract/campaign-ids';
import { ApiError, apiGet } from './api';

// Campaigns as every feature sees them (decision 0010): one shape for both kinds, the per-unit
// price, and the one query (key and fetcher) for a single campaign, so the campaign page and the
// donate page share one cache entry.

/** One shape for both kinds of campaign, as the cards, detail page and gift bag use it. */
export type Campaign = {
  id: string;
  type: 'recipient' | 'organization';
  title: string;
  first_name: string;
  last_name: string;
  organization_name: string | null;
  profile_photo_url: string | null;
  product_name: string;
  product_description: string;
  product_image_url: string | null;
  /** Every stored size of the image, when it has them. */
  product_image?: ImageSet | null;
  product_price: number;
  unit_price: number;
  total_price: number;
  quantity: number;
  units_fulfilled: number;
  units_remaining: number;
  amount_raised: number;
  specifications: Record<string, string>;
  reason: string;
  status: string;
  is_funded: boolean;
  /** Takes new gifts now: the donate and gift bag controls show only then. */
  takes_gifts: boolean;
  /** A sponsor's open match on gifts to it; optional, as what a gift bag keeps of a campaign lacks it. */
  match?: CampaignMatch | null;
  created_at: string;
  state_of_origin?: string | null;
};

/**
 * The sentence a visitor reads in place of the donate controls when a campaign that is not funded
 * has stopped taking gifts (paused or closed early), or null.
 */
export function stoppedNotice(c: Pick<Campaign, 'status' | 'takes_gifts' | 'is_funded'>): string | null {
  if (c.takes_gifts || c.is_funded) return null;
  return stoppedWordsOf(c.status)?.notice ?? null;
}

export function normalizeRecipient(c: PublicRecipientCampaign): Campaign {
  return {
    ...c,
    id: toCampaignId({ kind: 'recipient', id: c.id }),
    title: `${c.first_name} ${c.last_name}`.trim(),
  };
}

/** id gets the 'org-' prefix, image and price come from image_url and unit_price. */
export function normalizeOrganization(c: PublicOrganizationCampaign): Campaign {
  const name = c.organization_name || `${c.first_name} ${c.last_name}`.trim();
  return {
    ...c,
    id: toCampaignId({ kind: 'organization', id: c.id }),
    title: name,
    organization_name: name,
    product_image_url: c.image_url,
    product_image: c.image ?? null,
    product_price: c.unit_price,
  };
}

export function normalize(c: SearchResult): Campaign {
  return c.type === 'organization' ? normalizeOrganization(c) : normalizeRecipient(c);
}

/**
 * Text in code point order. ISO times and campaign ids sort the same as by `localeCompare`, which
 * would make the page start the browser's collation data first (contract/plain-format.ts).
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function newestFirst(a: Campaign, b: Campaign): number {
  return byCodePoint(b.created_at, a.created_at) || byCodePoint(b.id, a.id);
}

/**
 * Merges two newest-first pages streams into one newest-first list. Items older than the oldest
 * loaded item of a stream that still has more pages are held back, so a later page can never
 * have to slot in above something already shown.
 */
export function mergeStreams(streams: Array<{ items: Campaign[]; hasMore: boolean }>): {
  shown: Campaign[];
  held: number;
} {
  const all = streams.flatMap((s) => s.items).sort(newestFirst);
  let cutoff: string | undefined;
  for (const s of streams) {
    if (!s.hasMore) continue;
    const last = s.items[s.items.length - 1];
    if (!last) continue;
    if (cutoff === undefined || last.created_at > cutoff) cutoff = last.created_at;
  }
  if (cutoff === undefined) return { shown: all, held: 0 };
  const shown = all.filter((c) => c.created_at >= cutoff);
  return { shown, held: all.length - shown.length };
}

/** Per-unit price of an organization campaign (product notes 5): total price over quantity. */
export function perUnitPrice(c: Pick<Campaign, 'total_price' | 'quantity' | 'unit_price'>): number {
  return c.quantity > 0 ? Math.round(c.total_price / c.quantity) : c.unit_price;
}

/** One campaign by its id as shown in addresses ('12' or 'org-3'), normalised; 404 in the product's words. */
export function campaignQuery(rawId: string | undefined) {
  const ref = rawId ? parseCampaignId(rawId) : null;
  return queryOptions({
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
        if (error instanceof ApiError && error.status > 0)
          throw new ApiError(error.status, `HTTP error! status: ${error.status}`);
        throw error;
      }
    },
  });
}
