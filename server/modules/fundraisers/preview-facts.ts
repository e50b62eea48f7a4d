import { toCampaignId } from '@contract/ids';
import type { Db } from '../../db/client';
import { campaignOf, findFundraiser } from './queries';

/**
 * What a link to a fundraiser's page says where it is shared: only for one the public may see
 * (approved or closed), and only its approved words.
 */
export async function fundraiserPreviewFacts(db: Db, slug: string) {
  const row = await findFundraiser(db, slug.toLowerCase());
  if (!row || (row.status !== 'approved' && row.status !== 'closed')) return undefined;
  return { slug: row.slug, title: row.title, story: row.story, campaignId: toCampaignId(campaignOf(row)) };
}
