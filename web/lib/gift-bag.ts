import { useSyncExternalStore } from 'react';
import type { ImageSet } from '@contract/images';
import { SETTINGS_KEYS } from './settings';

/** One line of the gift bag. Prices are kobo and only for display: the server re-prices at checkout. */
export type GiftBagItem = {
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

export type GiftBagInput = Omit<GiftBagItem, 'quantity' | 'totalPrice'>;

/** Organization entries replace quantity and total; a recipient campaign already in the bag is ignored. */
export function addItem(items: GiftBagItem[], item: GiftBagInput, quantity = 1): GiftBagItem[] {
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
export function updateQuantity(items: GiftBagItem[], id: string, quantity: number): GiftBagItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return items;
  const q = Math.floor(quantity);
  return items.map((i) =>
    i.id === id && i.type === 'organization' ? { ...i, quantity: q, totalPrice: i.product_price * q } : i,
  );
}

export function removeItem(items: GiftBagItem[], id: string): GiftBagItem[] {
  return items.filter((i) => i.id !== id);
}

export function itemCount(items: GiftBagItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function giftBagTotal(items: GiftBagItem[]): number {
  return items.reduce((sum, i) => sum + (i.totalPrice || i.product_price), 0);
}

function isGiftBagItem(v: unknown): v is GiftBagItem {
  const i = v as GiftBagItem;
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
export function imageOfItem(item: GiftBagItem): ImageSet | null {
  const image = item.product_image as Partial<Record<keyof ImageSet, unknown>> | null | undefined;
  if (!image || typeof image !== 'object') return null;
  const { src, srcset, webp_srcset, width, height } = image;
  if (typeof src !== 'string' || typeof srcset !== 'string' || typeof webp_srcset !== 'string') return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) <= 0 || (height as number) <= 0)
    return null;
  return { src, srcset, webp_srcset, width: width as number, height: height as number };
}

/** Reads the stored bag, dropping anything malformed rather than failing. */
export function parseGiftBag(raw: string | null): GiftBagItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isGiftBagItem) : [];
  } catch {
    return [];
  }
}

// The store: localStorage is the source of truth, so other tabs see changes through 'storage' events.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
/**
 * The empty bag, one array: a page the server drew hydrates with it (useGiftBag), and a visitor whose
 * bag is empty has this same one, so the page is not drawn again once it is alive.
 */
const EMPTY_BAG: GiftBagItem[] = [];
let cachedItems: GiftBagItem[] = EMPTY_BAG;

function readRaw(): string | null {
  try {
    return localStorage.getItem(SETTINGS_KEYS.giftBag);
  } catch {
    return null;
  }
}

export function getGiftBag(): GiftBagItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const items = parseGiftBag(raw);
    cachedItems = items.length === 0 ? EMPTY_BAG : items;
  }
  return cachedItems;
}

export function setGiftBag(items: GiftBagItem[]): void {
  try {
    localStorage.setItem(SETTINGS_KEYS.giftBag, JSON.stringify(items));
  } catch {
    // Storage unavailable: nothing to persist to.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SETTINGS_KEYS.giftBag) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Calls `listener` whenever the bag changes, in this tab or another; answers the way to stop. */
export const onGiftBagChange = subscribe;

export function useGiftBag(): GiftBagItem[] {
  return useSyncExternalStore(subscribe, getGiftBag, () => EMPTY_BAG);
}

export const giftBagActions = {
  add: (item: GiftBagInput, quantity?: number) => setGiftBag(addItem(getGiftBag(), item, quantity)),
  update: (id: string, quantity: number) => setGiftBag(updateQuantity(getGiftBag(), id, quantity)),
  remove: (id: string) => setGiftBag(removeItem(getGiftBag(), id)),
  clear: () => setGiftBag([]),
};
