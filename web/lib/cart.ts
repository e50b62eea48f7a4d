import { useSyncExternalStore } from 'react';
import type { ImageSet } from '@contract/images';
import { SETTINGS_KEYS } from './settings';

/** One line of the gift bag. Prices are kobo and only for display: the server re-prices at checkout. */
export type CartItem = {
  id: string;
  type: 'recipient' | 'organization';
  product_name: string;
  product_image_url: string | null;
  /** The image's stored sizes, when it has them; read back through `imageOfItem`. */
  product_image?: ImageSet | null;
  product_price: number;
  quantity: number;
  totalPrice: number;
  first_name?: string;
  last_name?: string;
  organization_name?: string | null;
  units_remaining?: number;
};

export type CartInput = Omit<CartItem, 'quantity' | 'totalPrice'>;

/** Organization entries replace quantity and total; a recipient campaign already in the bag is ignored. */
export function addItem(items: CartItem[], item: CartInput, quantity = 1): CartItem[] {
  const q = Math.max(1, Math.floor(quantity));
  const existing = items.find((i) => i.id === item.id);
  if (item.type === 'organization') {
    if (existing) {
      return items.map((i) => (i.id === item.id ? { ...i, quantity: q, totalPrice: i.product_price * q } : i));
    }
    return [...items, { ...item, quantity: q, totalPrice: item.product_price * q }];
  }
  if (existing) return items;
  return [...items, { ...item, quantity: 1, totalPrice: item.product_price }];
}

/** Quantities below 1 are ignored; recipient campaigns stay at 1. */
export function updateQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return items;
  const q = Math.floor(quantity);
  return items.map((i) =>
    i.id === id && i.type === 'organization' ? { ...i, quantity: q, totalPrice: i.product_price * q } : i,
  );
}

export function removeItem(items: CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + (i.totalPrice || i.product_price), 0);
}

function isCartItem(v: unknown): v is CartItem {
  const i = v as CartItem;
  return (
    typeof i === 'object' &&
    i !== null &&
    typeof i.id === 'string' &&
    (i.type === 'recipient' || i.type === 'organization') &&
    typeof i.product_name === 'string' &&
    Number.isFinite(i.product_price) &&
    Number.isInteger(i.quantity) &&
    i.quantity >= 1
  );
}

/** The stored sizes of an item's image, if what the bag kept still has their shape (the bag is the browser's to change). */
export function imageOfItem(item: CartItem): ImageSet | null {
  const image = item.product_image as Partial<Record<keyof ImageSet, unknown>> | null | undefined;
  if (!image || typeof image !== 'object') return null;
  const { src, srcset, webp_srcset, width, height } = image;
  if (typeof src !== 'string' || typeof srcset !== 'string' || typeof webp_srcset !== 'string') return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) <= 0 || (height as number) <= 0)
    return null;
  return { src, srcset, webp_srcset, width: width as number, height: height as number };
}

/** Reads the stored bag, dropping anything malformed rather than failing. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isCartItem) : [];
  } catch {
    return [];
  }
}

// The store: localStorage is the source of truth, so other tabs see changes through 'storage' events.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedItems: CartItem[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(SETTINGS_KEYS.cart);
  } catch {
    return null;
  }
}

export function getCart(): CartItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parseCart(raw);
  }
  return cachedItems;
}

export function setCart(items: CartItem[]): void {
  try {
    localStorage.setItem(SETTINGS_KEYS.cart, JSON.stringify(items));
  } catch {
    // Storage unavailable: nothing to persist to.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SETTINGS_KEYS.cart) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, getCart, () => []);
}

export const cartActions = {
  add: (item: CartInput, quantity?: number) => setCart(addItem(getCart(), item, quantity)),
  update: (id: string, quantity: number) => setCart(updateQuantity(getCart(), id, quantity)),
  remove: (id: string) => setCart(removeItem(getCart(), id)),
  clear: () => setCart([]),
};
