import type { GiftBagItem } from '@/lib/gift-bag';

/** Whom a gift is for, as written beside it: the person, or the organization. */
export function giftFor(item: Pick<GiftBagItem, 'type' | 'first_name' | 'last_name' | 'organization_name'>): string {
  const person = `${item.first_name ?? ''} ${item.last_name ?? ''}`.trim();
  if (item.type === 'organization') return item.organization_name?.trim() || person || 'an organization';
  return person || 'a recipient';
}

/** Matches cartTotal: a line without a stored total counts at its price. */
export function lineTotal(item: Pick<GiftBagItem, 'totalPrice' | 'product_price'>): number {
  return item.totalPrice || item.product_price;
}
