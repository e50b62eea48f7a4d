import { parseCampaignId, toCampaignId, type CampaignKind } from '@contract/ids';
import type { CampaignMatch } from '@contract/matching';
import { campaignTitle } from '@contract/site';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { findPublicCampaign } from '../campaigns/public-campaign';

/**
 * What every way of carrying a campaign out (link preview, preview image, QR code, poster) says about
 * it, read once from the public reply, so each shows exactly what the campaign page shows: the same
 * title, the public name the recipient chose, the same figures.
 */
export type ShareFacts = {
  kind: CampaignKind;
  /** The id as addresses use it: '12' or 'org-3'. */
  publicId: string;
  /** The page's heading: "<product> for <public name or organization>". */
  title: string;
  productName: string;
  /** Who the gift is for, as public pages name them. */
  forWhom: string;
  reason: string;
  raisedKobo: number;
  /** The whole price of the campaign (all units for an organization). */
  goalKobo: number;
  unitsFunded: number;
  quantity: number;
  /** Takes new gifts now; a QR code and a poster are offered only then. */
  takesGifts: boolean;
  isFunded: boolean;
  /** Where the campaign's picture is stored (a storage key), or null when it has none. */
  imageKey: string | null;
  /** The campaign page's path, e.g. `/campaigns/org-3`. */
  path: string;
  /** A sponsor's open match on gifts to it, said on the preview while it lasts. */
  match?: CampaignMatch | null;
};

/** A stored image's key from what a reply carries: a storage key, or the site's own `/media/<key>` path. */
export function storageKeyOf(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  const match = /^\/media\/((?:seed|public)\/.+)$/.exec(imageUrl);
  if (match) return decodeURIComponent(match[1]!);
  return /^(?:seed|public)\//.test(imageUrl) ? imageUrl : null;
}

/**
 * The public facts of a campaign by the id its page uses, or undefined when no public campaign has
 * it. Read through findPublicCampaign, so a page's tags and its preloads share one read.
 */
export async function shareFactsOf(db: Db, storage: Storage, rawId: string): Promise<ShareFacts | undefined> {
  const ref = parseCampaignId(rawId);
  if (!ref) return undefined;
  const c = await findPublicCampaign(db, storage, ref);
  if (!c) return undefined;
  const publicId = toCampaignId(ref);
  // Named as the campaign page names them (web/lib/campaigns.ts): the organization, or the public
  // name (the reply's surname is already the one the recipient chose to show).
  const person = `${c.first_name} ${c.last_name}`.trim();
  const forWhom = c.type === 'organization' ? c.organization_name || person : person;
  return {
    kind: c.type,
    publicId,
    title: campaignTitle(c.product_name, forWhom),
    productName: c.product_name,
    forWhom,
    reason: c.reason,
    raisedKobo: c.amount_raised,
    goalKobo: c.total_price,
    unitsFunded: c.units_fulfilled,
    quantity: c.quantity,
    takesGifts: c.takes_gifts,
    isFunded: c.is_funded,
    imageKey: storageKeyOf(c.type === 'organization' ? c.image_url : c.product_image_url),
    path: `/campaigns/${publicId}`,
    match: c.match,
  };
}
