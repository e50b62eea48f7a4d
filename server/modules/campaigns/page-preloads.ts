import type { PublicOrganizationCampaign, PublicRecipientCampaign } from '@contract/campaigns';
import { parseCampaignId } from '@contract/ids';
import { PAGE_DEFAULT } from '@contract/pagination';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import {
  findPublicOrganizationCampaign,
  findPublicRecipientCampaign,
  listPublicOrganizationCampaigns,
  listPublicRecipientCampaigns,
} from './queries';

const imageOf = (c: PublicRecipientCampaign | PublicOrganizationCampaign): string | null =>
  c.type === 'organization' ? c.image_url : c.product_image_url;

/** What a page's HTML can ask the browser to fetch before the app's code runs. */
export type PagePreloads = { images: string[]; data: string[] };

const none: PagePreloads = { images: [], data: [] };

/**
 * For the campaign list and a campaign's page: the API replies the page will ask for (the same
 * addresses the web app requests, so the browser uses the early reply) and the image at the top,
 * likely the largest thing on a phone's first screen: the campaign's product on its own page, the
 * newest campaign's on the list (newest first across both kinds, as the list shows them). Both are
 * otherwise requested only after the app's code, and the image only after the data, have arrived.
 * Any other address has none.
 */
export async function pagePreloadsFor(db: Db, storage: Storage, urlPath: string): Promise<PagePreloads> {
  if (/^\/campaigns\/?$/.test(urlPath)) {
    const [recipient, organization] = await Promise.all([
      listPublicRecipientCampaigns(db, storage, { limit: 1 }),
      listPublicOrganizationCampaigns(db, storage, { limit: 1 }),
    ]);
    const newest = [...recipient.items, ...organization.items].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    const src = newest ? imageOf(newest) : null;
    return {
      images: src ? [src] : [],
      data: [`/api/campaigns?limit=${PAGE_DEFAULT}`, `/api/org-campaigns/active?limit=${PAGE_DEFAULT}`],
    };
  }
  const detail = /^\/campaigns\/([^/]+)\/?$/.exec(urlPath);
  const ref = detail ? parseCampaignId(detail[1]!) : null;
  if (!ref) return none;
  const campaign =
    ref.kind === 'organization'
      ? await findPublicOrganizationCampaign(db, storage, ref.id)
      : await findPublicRecipientCampaign(db, storage, ref.id);
  if (!campaign) return none;
  const src = imageOf(campaign);
  return {
    images: src ? [src] : [],
    data: [ref.kind === 'organization' ? `/api/org-campaigns/${ref.id}` : `/api/campaigns/${ref.id}`],
  };
}
