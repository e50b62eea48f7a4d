import type { CampaignRef } from '@contract/ids';
import type { donationItems } from '../../db/schema/all';
import { acceptsGift } from '../campaign-core/status-rules';
import { remaining, type LockedCampaign } from '../campaign-core/availability';
import type { RecordedGift } from './announce-gift';

type Item = typeof donationItems.$inferSelect;

export type WeighedItem = {
  item: Item;
  ref: CampaignRef;
  c: LockedCampaign | undefined;
  fits: boolean;
  /** The donor's item of a recipient's device whose sponsor's share had gone: not paid in full. */
  lapsed: boolean;
};

const keyOf = (ref: CampaignRef) => `${ref.kind}:${ref.id}`;

function unitsByCampaign(items: readonly Item[], refs: readonly CampaignRef[], pooled: boolean): Map<string, number> {
  const out = new Map<string, number>();
  items.forEach((item, index) => {
    if ((item.matchPoolId !== null) !== pooled) return;
    const key = keyOf(refs[index]!);
    out.set(key, (out.get(key) ?? 0) + item.units);
  });
  return out;
}

/**
 * Whether each item of a paid gift still fits its campaign, against `campaigns` read with the gift's
 * own hold left out. The donor's items fit when the campaign takes the gift (a paused one honours a
 * gift held before the pause, decision 0026) and has their units free. A sponsor's item (decision
 * 0080) fits when the donor's item of that campaign fits, the campaign has room for both, and, when
 * `poolLeft` is given (the pools were locked: the hold may have lapsed), its pool still has the money.
 * A recipient's device whose sponsor's share has gone is not paid in full, so then the donor's item
 * does not fit either and is marked `lapsed`.
 */
export function weighItems(
  items: readonly Item[],
  refs: readonly CampaignRef[],
  campaigns: Map<string, LockedCampaign>,
  poolLeft?: Map<number, number>,
): WeighedItem[] {
  const own = unitsByCampaign(items, refs, false);
  const pooled = unitsByCampaign(items, refs, true);
  const ownFits = (ref: CampaignRef, c: LockedCampaign | undefined): c is LockedCampaign =>
    Boolean(c && acceptsGift(ref.kind, c.status) && remaining(c) >= (own.get(keyOf(ref)) ?? 0));
  const left = new Map(poolLeft ?? []);
  const out: WeighedItem[] = items.map((item, index) => {
    const ref = refs[index]!;
    const c = campaigns.get(keyOf(ref));
    if (item.matchPoolId === null) return { item, ref, c, fits: ownFits(ref, c), lapsed: false };
    let fits = ownFits(ref, c) && remaining(c) >= (own.get(keyOf(ref)) ?? 0) + (pooled.get(keyOf(ref)) ?? 0);
    if (fits && poolLeft) {
      const money = left.get(item.matchPoolId) ?? 0;
      fits = money >= item.amountKobo;
      if (fits) left.set(item.matchPoolId, money - item.amountKobo);
    }
    return { item, ref, c, fits, lapsed: false };
  });
  const shareGone = new Set(
    out.filter((w) => w.item.matchPoolId !== null && !w.fits && w.ref.kind === 'recipient').map((w) => keyOf(w.ref)),
  );
  for (const w of out)
    if (w.item.matchPoolId === null && w.fits && shareGone.has(keyOf(w.ref))) {
      w.fits = false;
      w.lapsed = true;
    }
  return out;
}

/**
 * What the campaigns receive: the donor's allocated parts with the sponsor's parts that fit added to
 * their campaign's, so each campaign is funded once with the whole (a recipient's device with its
 * one unit and its full price).
 */
export function withPoolParts(
  allocated: RecordedGift['allocated'],
  weighed: readonly WeighedItem[],
): RecordedGift['allocated'] {
  const merged = allocated.map((a) => ({ ...a }));
  for (const w of weighed) {
    if (w.item.matchPoolId === null || !w.fits) continue;
    const part = merged.find((a) => a.kind === w.ref.kind && a.id === w.ref.id);
    if (!part) continue;
    part.units += w.item.units;
    part.amount += w.item.amountKobo;
  }
  return merged;
}
