import type { CampaignMatch } from '@contract/matching';
import type { CampaignRef } from '@contract/ids';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { openPoolsFor, type OpenPool } from './open-pools';

/** The open pools of some campaigns, by `kind:id`, for the public replies that say what a gift is matched with. */
export type CampaignPools = Map<string, OpenPool>;

export const poolsForCampaigns = (db: Db, refs: readonly CampaignRef[]): Promise<CampaignPools> =>
  openPoolsFor(db, refs);

/**
 * What a public campaign reply says of its match: the pool that would match a gift now, or null
 * when none covers it or the campaign takes no gifts (a promise nobody can act on is not made).
 *
 * How fresh it is: a campaign page's reply is never kept; the public lists are kept for
 * PUBLIC_CACHE_SECONDS (3 s) and dropped from this process's copy after every recorded gift and
 * every pool opened or closed here, and search's kept replies get the match read afresh each time.
 * So a list may say a pool that closed or a sum left from a few seconds ago, which is harmless:
 * checkout decides the match again under the pool's lock, and says what it holds.
 * The sponsor's logo is served as every public image is (`storage.publicUrl`, under /media/).
 */
export function campaignMatchOf(
  storage: Pick<Storage, 'publicUrl'>,
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
    logoUrl: storage.publicUrl(pool.logoKey),
    logoAlt: pool.logoKey ? pool.logoAlt : null,
  };
}
