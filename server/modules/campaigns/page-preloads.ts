import type { PublicOrganizationCampaign, PublicRecipientCampaign } from '@contract/campaigns';
import { IMAGE_SIZES, type ImageSizes } from '@contract/image-sizes';
import { parseCampaignId } from '@contract/ids';
import { PAGE_DEFAULT } from '@contract/pagination';
import type { Db } from '../../db/client';
import type { PreloadImage } from '../../http/page-html';
import type { Storage } from '../../providers/storage/storage';
import { findPublicCampaign } from './public-campaign';
import { listPublicOrganizationCampaigns, listPublicRecipientCampaigns } from './queries';

/**
 * The top image as the page shows it: every WebP size and the layout's `sizes` when the image has
 * them (the browser picks what the page's `<picture>` will), else its one address.
 */
function imageOf(c: PublicRecipientCampaign | PublicOrganizationCampaign, sizes: ImageSizes): PreloadImage[] {
  const set = c.type === 'organization' ? c.image : c.product_image;
  const url = c.type === 'organization' ? c.image_url : c.product_image_url;
  if (set)
    return [{ href: phoneSize(set.webp_srcset) ?? url ?? set.src, srcset: set.webp_srcset, sizes: IMAGE_SIZES[sizes] }];
  return url ? [{ href: url }] : [];
}

/** The WebP at most 640 wide (a phone's), from a `srcset`, for a browser that ignores `imagesrcset`. */
function phoneSize(srcset: string): string | undefined {
  const candidates = srcset.split(', ').map((c) => {
    const [href, w] = c.split(' ');
    return { href: href!, width: Number.parseInt(w ?? '', 10) };
  });
  return candidates.filter((c) => c.width <= 640).pop()?.href ?? candidates[0]?.href;
}

/** What a page's HTML can ask the browser to fetch before the app's code runs. */
export type PagePreloads = { images: PreloadImage[]; data: string[] };

const none: PagePreloads = { images: [], data: [] };

/**
 * For the campaign list and a campaign's page: the API replies the page will ask for (the same
 * addresses the web app requests, so the browser uses the early reply) and the image at the top,
 * likely the largest thing on a phone's first screen: the campaign's product on its own page, the
 * newest campaign's on the list (newest first across both kinds, as the list shows them). Both are
 * otherwise requested only after the app's code, and the image only after the data, have arrived.
 * The public ledger has its one reply and no image. Any other address has none.
 */
export async function pagePreloadsFor(db: Db, storage: Storage, urlPath: string): Promise<PagePreloads> {
  if (/^\/transparency\/?$/.test(urlPath)) return { images: [], data: ['/api/transparency'] };
  if (/^\/campaigns\/?$/.test(urlPath)) {
    const [recipient, organization] = await Promise.all([
      listPublicRecipientCampaigns(db, storage, { limit: 1 }),
      listPublicOrganizationCampaigns(db, storage, { limit: 1 }),
    ]);
    const newest = [...recipient.items, ...organization.items].sort((a, b) =>
      b.created_at.localeCompare(a.created_at),
    )[0];
    return {
      images: newest ? imageOf(newest, 'card') : [],
      data: [`/api/campaigns?limit=${PAGE_DEFAULT}`, `/api/org-campaigns/active?limit=${PAGE_DEFAULT}`],
    };
  }
  const detail = /^\/campaigns\/([^/]+)\/?$/.exec(urlPath);
  const ref = detail ? parseCampaignId(detail[1]!) : null;
  if (!ref) return none;
  // Shared with the page's preview tags, asked for at the same moment (preview-meta.ts).
  const campaign = await findPublicCampaign(db, storage, ref);
  if (!campaign) return none;
  return {
    images: imageOf(campaign, 'page'),
    data: [ref.kind === 'organization' ? `/api/org-campaigns/${ref.id}` : `/api/campaigns/${ref.id}`],
  };
}
