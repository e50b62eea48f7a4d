import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAYMENT_CHANNELS } from '@contract/payment-channels';
import { SETTINGS_KEYS } from '@/lib/settings';
import { keepWhileAwaiting, readHeldCheckout, writeHeldCheckout, type HeldCheckout } from './held-checkout';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

const NOW = Date.parse('2026-11-25T10:00:00Z');
const checkout = {
  reference: 'GOI-TEST-ABCDEF',
  amountKobo: 1_200_000,
  feeKobo: 0,
  currency: 'NGN' as const,
  provider: 'paystack' as const,
  publicKey: 'pk_test',
  holdExpiresAt: '2026-11-25T10:15:00.000Z',
  channels: ['card', 'bank_transfer'],
};
const held: HeldCheckout = { key: 'donor-and-bag', checkout, expiresAt: NOW + 15 * 60_000 };

describe('the checkout kept in the browser', () => {
  beforeEach(() => store.clear());

  it('keeps one saved before replies named their ways of paying, with the usual ones', () => {
    const { channels: _none, ...older } = checkout;
    store.set(SETTINGS_KEYS.heldCheckout, JSON.stringify({ key: 'k', checkout: older, expiresAt: NOW + 60_000 }));
    expect(readHeldCheckout(NOW)?.checkout.channels).toEqual(DEFAULT_PAYMENT_CHANNELS);
  });

  it('is kept until the longer hold ends while the bank confirms, measured as the server moved it', () => {
    const kept = keepWhileAwaiting(held, {
      status: 'awaiting_confirmation',
      reference: checkout.reference,
      amountKobo: checkout.amountKobo,
      message: 'waiting',
      holdExpiresAt: '2026-11-25T11:05:00.000Z',
    });
    expect(kept).toEqual({
      ...held,
      checkout: { ...checkout, holdExpiresAt: '2026-11-25T11:05:00.000Z' },
      expiresAt: held.expiresAt + 50 * 60_000,
      awaiting: true,
    });
    writeHeldCheckout(kept);
    expect(readHeldCheckout(NOW + 60 * 60_000)).toMatchObject({
      awaiting: true,
      checkout: { reference: checkout.reference },
    });
    expect(readHeldCheckout(NOW + 66 * 60_000)).toBeNull();
  });

  it('is moved only by what the server moved since, however often the donor asks', () => {
    const awaiting = {
      status: 'awaiting_confirmation' as const,
      reference: checkout.reference,
      amountKobo: checkout.amountKobo,
      message: 'waiting',
      holdExpiresAt: '2026-11-25T11:05:00.000Z',
    };
    const once = keepWhileAwaiting(held, awaiting)!;
    const twice = keepWhileAwaiting(once, awaiting)!;
    expect(twice.expiresAt).toBe(held.expiresAt + 50 * 60_000);
    // A hold the server did not lengthen leaves the end where it was.
    expect(keepWhileAwaiting(held, { ...awaiting, holdExpiresAt: checkout.holdExpiresAt })).toEqual({
      ...held,
      awaiting: true,
    });
  });

  it('is let go once the gift is recorded', () => {
    expect(
      keepWhileAwaiting(held, { status: 'paid', reference: checkout.reference, amountKobo: 1, message: 'Thank you' }),
    ).toBeNull();
  });
});
