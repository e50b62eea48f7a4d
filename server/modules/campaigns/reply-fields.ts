import { imageSetOf } from '../../providers/storage/image-keys';
import type { Storage } from '../../providers/storage/storage';

/**
 * The field groups of contract/campaign-fields.ts, filled from rows: each reply that carries a
 * group fills it here, so the group means the same in every reply.
 */

type Units = {
  unitPriceKobo: number;
  totalPriceKobo: number;
  quantity: number;
  unitsFulfilled: number;
  amountRaisedKobo: number;
};

/** A campaign's units and money; a recipient campaign is one unit at its price. */
export function unitsOf(c: Units) {
  return {
    unit_price: c.unitPriceKobo,
    total_price: c.totalPriceKobo,
    quantity: c.quantity,
    units_fulfilled: c.unitsFulfilled,
    units_remaining: c.quantity - c.unitsFulfilled,
    amount_raised: c.amountRaisedKobo,
  };
}

export function oneUnitOf(c: { priceKobo: number; unitsFulfilled: number; amountRaisedKobo: number }) {
  return unitsOf({ ...c, unitPriceKobo: c.priceKobo, totalPriceKobo: c.priceKobo, quantity: 1 });
}

/** A product image under the names organization campaigns and the catalogues use. */
export function imageOf(storage: Storage, key: string | null | undefined) {
  return { image_url: storage.publicUrl(key), image: imageSetOf(storage, key) };
}

/** A product image under the names recipient campaigns use. */
export function productImageOf(storage: Storage, key: string | null | undefined) {
  return { product_image_url: storage.publicUrl(key), product_image: imageSetOf(storage, key) };
}
