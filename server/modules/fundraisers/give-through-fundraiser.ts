import { eq } from 'drizzle-orm';
import { FUNDRAISER_CAMPAIGN_FUNDED, FUNDRAISER_CAMPAIGN_NOT_IN_BAG, FUNDRAISER_NOT_OPEN } from '@contract/fundraisers';
import type { CampaignRef } from '@contract/ids';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import type { Db } from '../../db/client';
import { donations } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { readCampaigns } from '../campaign-core/availability';
import { isGivable } from '../campaign-core/status-rules';
import { campaignOf, findFundraiser } from './queries';

/**
 * A checkout made through a fundraiser (`fundraiser: slug`): the donation names it, so its gift
 * counts toward the fundraiser once paid. Refused with 409 for a fundraiser that is not approved,
 * whose campaign is not in the bag, or whose campaign takes no gifts (in the rule book's words).
 * Run in the checkout's transaction, so a refusal leaves nothing behind.
 */
export async function giveThroughFundraiser(
  tx: Db,
  donationId: number,
  slug: string,
  bag: readonly CampaignRef[],
): Promise<void> {
  const fundraiser = await findFundraiser(tx, slug.trim().toLowerCase());
  if (!fundraiser || fundraiser.status !== 'approved')
    throw new AppError('conflict', FUNDRAISER_NOT_OPEN).withCode('fundraiser_not_open');
  const ref = campaignOf(fundraiser);
  if (!bag.some((item) => item.kind === ref.kind && item.id === ref.id))
    throw new AppError('conflict', FUNDRAISER_CAMPAIGN_NOT_IN_BAG).withCode('fundraiser_campaign_not_in_bag');
  const campaign = (await readCampaigns(tx, [ref])).get(`${ref.kind}:${ref.id}`);
  if (!campaign || !isGivable(ref.kind, campaign.status))
    throw new AppError(
      'conflict',
      stoppedWordsOf(campaign?.status ?? '')?.checkout ?? FUNDRAISER_CAMPAIGN_FUNDED,
    ).withCode('campaign_not_taking_gifts');
  await tx.update(donations).set({ fundraiserId: fundraiser.id }).where(eq(donations.id, donationId));
}
