import type { CampaignMatch } from '@contract/matching';
import type { CampaignRef } from '@contract/ids';
import type { Db } from '../../db/client';
import { openPoolsFor, type OpenPool } from './open-pools';

/** The open pools of some campaigns, by `kind:id`, for the public replies that say what a gift is matched with. */
export type CampaignPools = Map<string, OpenPool>;

export const poolsForCampaigns = (db: Db, refs: readonly CampaignRef[]): Promise<CampaignPools> =>
  openPoolsFor(db, refs);

/**
 * What a public campaign reply says of its match: the pool that would match a gift now, or null
 * when none covers it or the campaign takes no gifts (a promise nobody can act on is not made).
 */
export function campaignMatchOf(
  pools: CampaignPools | undefined,
  ref: CampaignRef,
  takesGifts: boolean,
): CampaignMatch | null {
  const pool = takesGifts ? pools?.get(`${ref.kind}:${ref.id}`) : undefined;
  if (!pool) return null;
  return {
    sponsorName: pool.sponsorName,
    remainingKobo: pool.remainingKobo,
    endsAt: pool.endsAt.toISOString(),
    ratio: pool.ratio,
  };
}
