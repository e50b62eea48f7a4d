import { describe, expect, it } from 'vitest';
import {
  addItem,
  giftBagTotal,
  imageOfItem,
  itemCount,
  parseGiftBag,
  removeItem,
  updateQuantity,
  type GiftBagInput,
} from './gift-bag';

const recipient: GiftBagInput = {
  id: '4',
  type: 'recipient',
  product_name: 'White Cane',
  product_image_url: null,
  product_price: 4_500_000,
};
const org: GiftBagInput = {
  id: 'org-2',
  type: 'organization',
  product_name: 'Slate',
  product_image_url: null,
  product_price: 1_200_000,
};

describe('gift bag rules', () => {
  it('appends a new organization entry with its quantity and replaces the quantity when added again', () => {
    let items = addItem([], org, 3);
    expect(items).toEqual([{ ...org, quantity: 3, totalPrice: 3_600_000 }]);
    items = addItem(items, org, 5);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 5, totalPrice: 6_000_000 });
  });

  it('ignores a recipient campaign already in the bag and keeps it at 1', () => {
    const once = addItem([], recipient, 4);
    expect(once[0]).toMatchObject({ quantity: 1, totalPrice: 4_500_000 });
    expect(addItem(once, recipient)).toBe(once);
  });

  it('ignores quantity updates below 1', () => {
    const items = addItem([], org, 2);
    expect(updateQuantity(items, 'org-2', 0)).toBe(items);
    expect(updateQuantity(items, 'org-2', -1)).toBe(items);
    expect(updateQuantity(items, 'org-2', 4)[0]).toMatchObject({ quantity: 4, totalPrice: 4_800_000 });
  });

  it('removes, counts units and totals', () => {
    const items = addItem(addItem([], org, 3), recipient);
    expect(itemCount(items)).toBe(4);
    expect(giftBagTotal(items)).toBe(3_600_000 + 4_500_000);
    expect(removeItem(items, 'org-2')).toHaveLength(1);
  });

  it('falls back to the price when a total is missing', () => {
    expect(giftBagTotal([{ ...recipient, quantity: 1, totalPrice: 0 }])).toBe(4_500_000);
  });

  it('reads a stored bag defensively', () => {
    expect(parseGiftBag(null)).toEqual([]);
    expect(parseGiftBag('not json')).toEqual([]);
    expect(parseGiftBag('{"a":1}')).toEqual([]);
    const good = addItem([], org, 2);
    expect(parseGiftBag(JSON.stringify([...good, { id: 5 }, null]))).toEqual(good);
  });
});

describe('imageOfItem', () => {
  const item = {
    id: '1',
    type: 'recipient' as const,
    product_name: 'Cane',
    product_image_url: null,
    product_price: 100,
    quantity: 1,
    totalPrice: 100,
  };
  it('gives back stored sizes of the right shape and nothing else', () => {
    const image = {
      src: '/media/a.jpg',
      srcset: '/media/a.jpg 160w',
      webp_srcset: '/media/a.webp 160w',
      width: 160,
      height: 120,
    };
    expect(imageOfItem({ ...item, product_image: image })).toEqual(image);
    expect(imageOfItem(item)).toBeNull();
    expect(imageOfItem({ ...item, product_image: { ...image, width: '160' } as never })).toBeNull();
    expect(imageOfItem({ ...item, product_image: 'x' as never })).toBeNull();
  });
});
