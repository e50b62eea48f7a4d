import { checkoutReplySchema, type CheckoutReply } from '@contract/giving';
import { SETTINGS_KEYS, writeSetting } from '@/lib/settings';

/** This browser's current checkout while its hold lasts; `key` names the donor and bag it was made for. */
export type HeldCheckout = { key: string; checkout: CheckoutReply; expiresAt: number };

/**
 * Kept in localStorage so a reload or another tab still knows it: pressing Pay again reuses it, and
 * a checkout for a changed bag names it as `previousReference` so the server releases its hold
 * instead of counting it against the donor.
 */
export function readHeldCheckout(now = Date.now()): HeldCheckout | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SETTINGS_KEYS.heldCheckout);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { key?: unknown; expiresAt?: unknown; checkout?: unknown };
    const checkout = checkoutReplySchema.safeParse(value.checkout);
    if (typeof value.key !== 'string' || typeof value.expiresAt !== 'number' || !checkout.success) return null;
    if (value.expiresAt <= now) return null;
    return { key: value.key, checkout: checkout.data, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

export function writeHeldCheckout(held: HeldCheckout | null): void {
  writeSetting(SETTINGS_KEYS.heldCheckout, held ? JSON.stringify(held) : null);
}
