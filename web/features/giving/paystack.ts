export const PAYSTACK_SCRIPT_SRC = 'https://js.paystack.co/v2/inline.js';

type PaystackTransactionOptions = {
  key: string;
  email: string;
  /** Kobo, exactly as the server priced the checkout. */
  amount: number;
  reference: string;
  currency?: 'NGN';
  /** The ways of paying the window offers (card, bank, ussd, bank_transfer...). */
  channels?: string[];
  onSuccess: (transaction: { reference?: string; id?: number | string; message?: string }) => void;
  onCancel: () => void;
  onError?: (error: { message?: string }) => void;
};

type PaystackPopInstance = {
  newTransaction(options: PaystackTransactionOptions): unknown;
};

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopInstance;
  }
}

let loading: Promise<void> | null = null;

/** Adds Paystack's script once, only when a payment needs it; a failed load may be retried later. */
export function loadPaystack(): Promise<void> {
  if (window.PaystackPop) return Promise.resolve();
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PAYSTACK_SCRIPT_SRC;
    script.async = true;
    script.onload = () => (window.PaystackPop ? resolve() : reject(new Error('Paystack did not start.')));
    script.onerror = () => reject(new Error('Could not load Paystack.'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${PAYSTACK_SCRIPT_SRC}"]`)?.remove();
    throw error;
  });
  return loading;
}

export class PaystackUnavailableError extends Error {
  constructor(message = 'The payment gateway is unavailable.') {
    super(message);
    this.name = 'PaystackUnavailableError';
  }
}

export type PaystackOutcome = 'paid' | 'cancelled';

/**
 * Opens Paystack's payment window for a server-issued reference. Resolves 'paid' or 'cancelled';
 * rejects with PaystackUnavailableError when the script cannot load, or an Error when Paystack
 * cannot open the transaction.
 */
export async function payWithPaystack(options: {
  publicKey: string;
  email: string;
  amountKobo: number;
  reference: string;
  channels: string[];
}): Promise<PaystackOutcome> {
  try {
    await loadPaystack();
  } catch {
    throw new PaystackUnavailableError();
  }
  const PaystackPop = window.PaystackPop;
  if (!PaystackPop) throw new PaystackUnavailableError();
  return new Promise<PaystackOutcome>((resolve, reject) => {
    try {
      new PaystackPop().newTransaction({
        key: options.publicKey,
        email: options.email,
        amount: options.amountKobo,
        reference: options.reference,
        currency: 'NGN',
        channels: options.channels,
        onSuccess: () => resolve('paid'),
        onCancel: () => resolve('cancelled'),
        onError: (error) => reject(new Error(error?.message || 'The payment window could not be opened.')),
      });
    } catch {
      reject(new PaystackUnavailableError());
    }
  });
}
