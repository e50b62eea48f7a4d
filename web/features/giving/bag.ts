import type { GiftBagItem } from '@/lib/gift-bag';

/** Whom a gift is for, as written beside it: the person, or the organization. */
export function giftFor(item: Pick<GiftBagItem, 'type' | 'first_name' | 'last_name' | 'organization_name'>): string {
  const person = `${item.first_name ?? ''} ${item.last_name ?? ''}`.trim();
  if (item.type === 'organization') return item.organization_name?.trim() || person || 'an organization';
  return person || 'a recipient';
}

/**
 * A gift's name wherever it is named alone (its heading, its buttons, what is announced): the device
 * and whom it is for, so two gifts of the same device never sound the same.
 */
export function giftName(
  item: Pick<GiftBagItem, 'product_name' | 'type' | 'first_name' | 'last_name' | 'organization_name'>,
): string {
  return `${item.product_name} for ${giftFor(item)}`;
}

/** Matches cartTotal: a line without a stored total counts at its price. */
export function lineTotal(item: Pick<GiftBagItem, 'totalPrice' | 'product_price'>): number {
  return item.totalPrice || item.product_price;
}
