import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { fundraiserImageFacts } from '../fundraisers/preview-facts';
import { fundraiserPreviewHash, fundraiserPreviewPath } from './preview-address';
import type { FundraiserPreviewFacts } from './preview-image';
import { shareFactsOf } from './share-facts';

/**
 * A public fundraiser's preview (decision 0081): its page's facts, what its image shows (its own
 * photo, else its campaign's picture while the campaign is public), and the image's address.
 * Undefined for one the public may not see. `campaign` is its campaign's public facts, undefined
 * when the campaign is not public.
 */
export async function fundraiserPreviewOf(db: Db, storage: Storage, slug: string) {
  const found = await fundraiserImageFacts({ db, storage }, slug);
  if (!found) return undefined;
  const campaign = await shareFactsOf(db, storage, found.campaignId);
  const image: FundraiserPreviewFacts = {
    title: found.title,
    campaignTitle: found.campaignTitle,
    raisedKobo: found.raisedKobo,
    goalKobo: found.goalKobo,
    stoppedNotice: found.stoppedNotice,
    pictureKey: found.photoKey ?? campaign?.imageKey ?? null,
  };
  const hash = fundraiserPreviewHash(image);
  return { found, campaign, image, hash, path: fundraiserPreviewPath(found.slug, hash) };
}
