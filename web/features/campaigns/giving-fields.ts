import type { Campaign } from '@/lib/campaigns';
import type { GiftBagInput } from '@/lib/gift-bag';

/**
 * What the giving islands (a campaign page's give box, a card's Add to gift bag; decision 0058)
 * carry of a campaign: what the gift bag keeps, whether it takes gifts, and what limits its units.
 */
export type GivingCampaign = Pick<
  Campaign,
  | 'id'
  | 'type'
  | 'title'
  | 'is_funded'
  | 'takes_gifts'
  | 'product_name'
  | 'product_image_url'
  | 'product_image'
  | 'product_price'
  | 'first_name'
  | 'last_name'
  | 'organization_name'
  | 'units_remaining'
  | 'quantity'
>;

export const givingFields = (c: Campaign): GivingCampaign => ({
  id: c.id,
  type: c.type,
  title: c.title,
  is_funded: c.is_funded,
  takes_gifts: c.takes_gifts,
  product_name: c.product_name,
  product_image_url: c.product_image_url,
  product_image: c.product_image ?? null,
  product_price: c.product_price,
  first_name: c.first_name,
  last_name: c.last_name,
  organization_name: c.organization_name,
  units_remaining: c.units_remaining,
  quantity: c.quantity,
});

/** The campaign as a line of the gift bag: everything it carries but what only limits the giving. */
export const bagLineOf = ({
  title: _title,
  is_funded: _funded,
  takes_gifts: _takesGifts,
  quantity: _quantity,
  ...line
}: GivingCampaign): GiftBagInput => line;
