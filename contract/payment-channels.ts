// No zod here: the checkout and thank-you pages read these without loading the schema library.

/** The `channels` Paystack's popup accepts; PAYSTACK_CHANNELS may name only these. */
export const PAYMENT_CHANNELS = [
  'card',
  'bank',
  'ussd',
  'qr',
  'mobile_money',
  'bank_transfer',
  'eft',
  'apple_pay',
  'capitec_pay',
  'payattitude',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const DEFAULT_PAYMENT_CHANNELS: readonly PaymentChannel[] = ['card', 'bank', 'ussd', 'bank_transfer'];

/**
 * Channels whose payment may complete many minutes after the popup closes: the donor sends a
 * transfer to a temporary account, or finishes a USSD session on their phone (docs/decisions/0031).
 */
export const PAY_LATER_CHANNELS: readonly PaymentChannel[] = ['ussd', 'bank_transfer'];

export const isPayLater = (channel: string | null | undefined): boolean =>
  channel !== null && channel !== undefined && (PAY_LATER_CHANNELS as readonly string[]).includes(channel);

/** How each channel is named to a donor. */
export const CHANNEL_NAMES: Record<PaymentChannel, string> = {
  card: 'Card',
  bank: 'Bank',
  ussd: 'USSD',
  qr: 'QR code',
  mobile_money: 'Mobile money',
  bank_transfer: 'Bank transfer',
  eft: 'EFT',
  apple_pay: 'Apple Pay',
  capitec_pay: 'Capitec Pay',
  payattitude: 'PayAttitude',
};

/** What the donor is told while the bank has not yet confirmed a payment that confirms later. */
export const AWAITING_CONFIRMATION = 'We are waiting for your bank to confirm. We will email your receipt.';

/**
 * The same, once the time the units could be kept for this payment has passed: another donor may
 * fund them first, so the donor is not told they are held.
 */
export const AWAITING_AFTER_HOLD =
  'We are waiting for your bank to confirm. We will email your receipt. We could not keep your gifts for you any longer, so if another donor funds them first, our team will contact you to choose another campaign or arrange a refund.';

/**
 * Codes the fund call's refusals carry where the page must tell them apart: the provider has no
 * completed payment for the reference (nothing was taken), or reports one of another amount.
 */
export const FUND_REFUSAL = { notCompleted: 'payment_not_completed', amountMismatch: 'amount_mismatch' } as const;
