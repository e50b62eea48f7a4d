import { checkoutReplySchema, type CheckoutReply, type FundReply } from '@contract/giving';
import { DEFAULT_PAYMENT_CHANNELS } from '@contract/payment-channels';
import { SETTINGS_KEYS, writeSetting } from '@/lib/settings';

/**
 * This browser's current checkout while its hold lasts; `key` names the donor and bag it was made
 * for. `awaiting`: the provider said its transfer or USSD payment is under way, so it is not offered
 * for payment again, only asked about.
 */
export type HeldCheckout = { key: string; checkout: CheckoutReply; expiresAt: number; awaiting?: boolean };

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
    const value = JSON.parse(raw) as { key?: unknown; expiresAt?: unknown; checkout?: unknown; awaiting?: unknown };
    // A checkout kept before the reply named its ways of paying offers the usual ones.
    const kept = value.checkout;
    const withChannels =
      kept && typeof kept === 'object' && !('channels' in kept)
        ? { ...kept, channels: DEFAULT_PAYMENT_CHANNELS }
        : kept;
    const checkout = checkoutReplySchema.safeParse(withChannels);
    if (typeof value.key !== 'string' || typeof value.expiresAt !== 'number' || !checkout.success) return null;
    if (value.expiresAt <= now) return null;
    return {
      key: value.key,
      checkout: checkout.data,
      expiresAt: value.expiresAt,
      ...(value.awaiting === true ? { awaiting: true } : {}),
    };
  } catch {
    return null;
  }
}

export function writeHeldCheckout(held: HeldCheckout | null): void {
  writeSetting(SETTINGS_KEYS.heldCheckout, held ? JSON.stringify(held) : null);
}

/**
 * Keeps this browser's checkout while the provider says its transfer or USSD payment is under way,
 * until the longer hold ends, so pressing Pay again asks about it instead of starting a second payment.
 * The new end is moved by as much as the server moved it, so this browser's clock can be off; the
 * server's new end is kept with it, so asking again moves it only by what the server moved since.
 */
export function keepWhileAwaiting(held: HeldCheckout, result: FundReply): HeldCheckout | null {
  if (result.status !== 'awaiting_confirmation') return null;
  const serverEnd = result.holdExpiresAt ? Date.parse(result.holdExpiresAt) : NaN;
  const lengthenedBy = serverEnd - Date.parse(held.checkout.holdExpiresAt);
  if (!(lengthenedBy > 0)) return { ...held, awaiting: true };
  return {
    ...held,
    checkout: { ...held.checkout, holdExpiresAt: result.holdExpiresAt! },
    expiresAt: held.expiresAt + lengthenedBy,
    awaiting: true,
  };
}
