import { toCampaignId } from '@contract/ids';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { campaignOf, findFundraiser } from './queries';
import { readFundraiser } from './read-fundraisers';

/**
 * What a link to a fundraiser's page says where it is shared: only for one the public may see
 * (approved or closed), and only its approved words.
 */
export async function fundraiserPreviewFacts(db: Db, slug: string) {
  const row = await findFundraiser(db, slug.toLowerCase());
  if (!row || (row.status !== 'approved' && row.status !== 'closed')) return undefined;
  return {
    slug: row.slug,
    title: row.title,
    story: row.story,
    campaignId: toCampaignId(campaignOf(row)),
    /** The approved photo's storage key (a revision's waits), or null without one. */
    photoKey: row.photoKey,
  };
}

/**
 * What a fundraiser's preview image shows, as its page shows it (readFundraiser, read as the public):
 * its title, its campaign's title, what it raised toward its own goal, and why it takes no gifts
 * when it does not. Undefined for one the public may not see.
 */
export async function fundraiserImageFacts(readers: { db: Db; storage: Pick<Storage, 'publicUrl'> }, slug: string) {
  const found = await fundraiserPreviewFacts(readers.db, slug);
  if (!found) return undefined;
  const page = await readFundraiser(readers, found.slug, null);
  return {
    ...found,
    campaignTitle: page.campaignTitle,
    raisedKobo: page.raisedKobo,
    goalKobo: page.goalKobo,
    /** Null while it takes gifts; else the page's sentence on why not (the rule book's words). */
    stoppedNotice: page.takesGifts ? null : (page.stoppedNotice ?? 'This fundraiser is not taking gifts.'),
  };
}
