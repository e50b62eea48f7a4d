import { parseCampaignId, type CampaignRef } from '@contract/ids';
import type { LinkSigner } from '../../providers/storage/storage';

export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** Old mails keep working for years: a donor may read one long after it came. */
const FIVE_YEARS = 5 * 365 * 24 * 3600;
const FIELDS = ['purpose', 'email', 'campaign'] as const;

/** The path and signed query that stops update mail about one campaign to one address, without signing in. */
export function unsubscribePath(signer: LinkSigner, email: string, campaignId: string): string {
  return signer.sign(
    UNSUBSCRIBE_PATH,
    { purpose: 'unsubscribe', email: email.toLowerCase(), campaign: campaignId },
    FIVE_YEARS,
  );
}

/** The address and campaign a link names when its signature holds, it has not expired and it is for unsubscribing. */
export function readUnsubscribeLink(
  signer: LinkSigner,
  query: Record<string, unknown>,
): { email: string; campaign: CampaignRef; campaignId: string } | { refused: 'tampered' | 'expired' } {
  const checked = signer.check(query as Record<string, string | undefined>, FIELDS);
  if ('refused' in checked) return checked;
  const { purpose, email, campaign } = checked.fields;
  const ref = parseCampaignId(campaign);
  if (purpose !== 'unsubscribe' || !ref) return { refused: 'tampered' };
  return { email, campaign: ref, campaignId: campaign };
}
