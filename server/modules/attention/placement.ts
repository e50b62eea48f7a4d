import { sql } from 'drizzle-orm';
import type { CampaignKind } from '@contract/ids';
import { selectRows, type Db } from '../../db/client';
import { acceptsGift } from '../campaign-core/status-rules';
import { remaining, type LockedCampaign } from '../campaign-core/availability';
import type { Fulfilment } from '../giving/fulfil-donation';

/** A part of a gift not yet allocated to its campaign (held, released or left unallocated). */
export type UnplacedItem = {
  id: number;
  donationId: number;
  kind: CampaignKind;
  campaignId: number;
  units: number;
  amountKobo: number;
};

/**
 * Every item of the given checkouts the donors paid for, with whether it is allocated. A sponsor's
 * part (decision 0080) lands only with the gift it was held for, never by placement.
 */
export async function itemsOf(db: Db, donationIds: readonly number[]) {
  if (donationIds.length === 0) return [];
  const rows = await selectRows<{
    id: number;
    donation_id: number;
    recipient_campaign_id: number | null;
    organization_campaign_id: number | null;
    units: number;
    amount_kobo: number;
    status: string;
  }>(
    db,
    sql`select id, donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo, status
          from donation_items where donation_id = any(${sql.param(donationIds)}::int[]) and match_pool_id is null order by id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    donationId: Number(r.donation_id),
    kind: (r.recipient_campaign_id !== null ? 'recipient' : 'organization') as CampaignKind,
    campaignId: Number(r.recipient_campaign_id ?? r.organization_campaign_id),
    units: Number(r.units),
    amountKobo: Number(r.amount_kobo),
    allocated: r.status === 'allocated',
  }));
}

/**
 * Whether a gift's unplaced parts may land now: there is at least one, and on each campaign its
 * units are all still free and the campaign lets a gift land (the rule book's acceptsGift). Only a
 * reading taken under the campaigns' locks (lockCampaigns) can be relied on to record; any other
 * answers what the queue shows. With the lines to allocate when it fits.
 */
export function weighPlacement(
  items: readonly UnplacedItem[],
  campaigns: Map<string, LockedCampaign>,
): { fits: boolean; lines: Fulfilment['allocated'] } {
  const wanted = new Map<string, { units: number; amount: number }>();
  for (const item of items) {
    const key = `${item.kind}:${item.campaignId}`;
    const sum = wanted.get(key) ?? { units: 0, amount: 0 };
    wanted.set(key, { units: sum.units + item.units, amount: sum.amount + item.amountKobo });
  }
  // A gift whose sponsor's share lapsed paid less than its units' price: it cannot land as it is.
  const fits =
    items.length > 0 &&
    [...wanted].every(([key, { units, amount }]) => {
      const c = campaigns.get(key);
      return (
        c !== undefined && acceptsGift(c.kind, c.status) && remaining(c) >= units && amount >= units * c.unitPriceKobo
      );
    });
  if (!fits) return { fits, lines: [] };
  const lines = items.map((item) => {
    const c = campaigns.get(`${item.kind}:${item.campaignId}`)!;
    return {
      kind: item.kind,
      id: item.campaignId,
      label: c.label,
      units: item.units,
      amount: item.amountKobo,
      ownerId: c.ownerId,
    };
  });
  return { fits, lines };
}
