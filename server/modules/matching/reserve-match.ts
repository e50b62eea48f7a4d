import { sql } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import type { CheckoutMatch } from '@contract/matching';
import { selectRows, type Db } from '../../db/client';
import { remaining, type LockedCampaign } from '../campaign-core/availability';
import { lockPools, openPoolsFor, type OpenPool } from './open-pools';

/** A recipient's share is never so large that the donor pays less than ₦1. */
const DONOR_PAYS_AT_LEAST_KOBO = 100;

/** One campaign's line of a checkout, as priced under the campaigns' locks. */
type Line = { kind: CampaignKind; id: number; units: number; amount: number };

/**
 * Holds a sponsor's match beside the donor's own items (decision 0080), in the checkout's
 * transaction, with the campaigns locked and the donor's items written, from `glimpse`, the pools
 * `openPoolsFor` saw open before the campaigns were locked: for an organization, extra
 * whole units (the donor's times the ratio, no more than the campaign has free after the donor's own
 * nor than the pool's money buys); for a recipient, a share of the device's price (ratio / (1 +
 * ratio) of it, the donor paying the rest and at least ₦1), the donor's item lowered by it. The pool
 * items are held and released with the donor's, so a lapsed or released checkout gives the money
 * back by itself. Answers what the match adds and how much less the donor pays.
 */
export async function reserveMatch(
  tx: Db,
  donationId: number,
  lines: readonly Line[],
  campaigns: Map<string, LockedCampaign>,
  glimpse: Map<string, OpenPool>,
): Promise<{ match: CheckoutMatch | null; donorPaysLessKobo: number }> {
  const none = { match: null, donorPaysLessKobo: 0 };
  if (glimpse.size === 0) return none;
  const refs = lines.map((l) => ({ kind: l.kind, id: l.id }));
  const locked = new Set([...glimpse.values()].map((p) => p.poolId));
  await lockPools(tx, [...locked]);
  const pools = await openPoolsFor(tx, refs, donationId);
  const left = new Map<number, number>();
  for (const p of pools.values()) left.set(p.poolId, p.remainingKobo);

  const sponsors: string[] = [];
  let addsKobo = 0;
  let units = 0;
  let donorPaysLessKobo = 0;
  for (const line of lines) {
    const key = `${line.kind}:${line.id}`;
    const pool = pools.get(key);
    const c = campaigns.get(key);
    // A pool that answered the first look but was closed or spent by the time it was locked adds nothing.
    if (!pool || !c || !locked.has(pool.poolId)) continue;
    const free = left.get(pool.poolId) ?? 0;
    let given = 0;
    if (line.kind === 'organization') {
      const extra = Math.min(line.units * pool.ratio, remaining(c) - line.units, Math.floor(free / c.unitPriceKobo));
      if (extra <= 0) continue;
      given = extra * c.unitPriceKobo;
      units += extra;
      await selectRows(
        tx,
        sql`insert into donation_items (donation_id, organization_campaign_id, units, amount_kobo, match_pool_id)
            values (${donationId}, ${line.id}, ${extra}, ${given}, ${pool.poolId})`,
      );
    } else {
      given = Math.min(
        Math.floor((line.amount * pool.ratio) / (1 + pool.ratio)),
        free,
        line.amount - DONOR_PAYS_AT_LEAST_KOBO,
      );
      if (given <= 0) continue;
      donorPaysLessKobo += given;
      await selectRows(
        tx,
        sql`with own as (
              update donation_items set amount_kobo = amount_kobo - ${given}
               where donation_id = ${donationId} and recipient_campaign_id = ${line.id} and match_pool_id is null)
            insert into donation_items (donation_id, recipient_campaign_id, units, amount_kobo, match_pool_id)
            values (${donationId}, ${line.id}, 0, ${given}, ${pool.poolId})`,
      );
    }
    left.set(pool.poolId, free - given);
    addsKobo += given;
    if (!sponsors.includes(pool.sponsorName)) sponsors.push(pool.sponsorName);
  }
  if (addsKobo === 0) return none;
  return { match: { sponsorName: sponsors.join(' and '), addsKobo, units }, donorPaysLessKobo };
}
