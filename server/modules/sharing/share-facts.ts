import { parseCampaignId, toCampaignId, type CampaignKind } from '@contract/ids';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { findPublicOrganizationCampaign, findPublicRecipientCampaign } from '../campaigns/queries';

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
};

/** A stored image's key from what a reply carries: a storage key, or the site's own `/media/<key>` path. */
export function storageKeyOf(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  const match = /^\/media\/((?:seed|public)\/.+)$/.exec(imageUrl);
  if (match) return decodeURIComponent(match[1]!);
  return /^(?:seed|public)\//.test(imageUrl) ? imageUrl : null;
}

/** The public facts of a campaign by the id its page uses, or undefined when no public campaign has it. */
export async function shareFactsOf(db: Db, storage: Storage, rawId: string): Promise<ShareFacts | undefined> {
  const ref = parseCampaignId(rawId);
  if (!ref) return undefined;
  const publicId = toCampaignId(ref);
  if (ref.kind === 'recipient') {
    const c = await findPublicRecipientCampaign(db, storage, ref.id);
    if (!c) return undefined;
    const forWhom = `${c.first_name} ${c.last_name}`.trim();
    return {
      kind: 'recipient',
      publicId,
      title: `${c.product_name} for ${forWhom}`,
      productName: c.product_name,
      forWhom,
      reason: c.reason,
      raisedKobo: c.amount_raised,
      goalKobo: c.total_price,
      unitsFunded: c.units_fulfilled,
      quantity: c.quantity,
      takesGifts: c.takes_gifts,
      isFunded: c.is_funded,
      imageKey: storageKeyOf(c.product_image_url),
      path: `/campaigns/${publicId}`,
    };
  }
  const c = await findPublicOrganizationCampaign(db, storage, ref.id);
  if (!c) return undefined;
  const forWhom = c.organization_name ?? `${c.first_name} ${c.last_name}`.trim();
  return {
    kind: 'organization',
    publicId,
    title: `${c.product_name} for ${forWhom}`,
    productName: c.product_name,
    forWhom,
    reason: c.reason,
    raisedKobo: c.amount_raised,
    goalKobo: c.total_price,
    unitsFunded: c.units_fulfilled,
    quantity: c.quantity,
    takesGifts: c.takes_gifts,
    isFunded: c.is_funded,
    imageKey: storageKeyOf(c.image_url),
    path: `/campaigns/${publicId}`,
  };
}
