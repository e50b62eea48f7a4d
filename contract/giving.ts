import { z } from 'zod';
import { checkoutMatchSchema } from './matching';
import { oneLine } from './one-line';
import { campaignDeliveriesSchema } from './deliveries';
import { dedicationSchema } from './dedication';
import { GIFT_SOURCES } from './gift-sources';
import { parseCampaignId } from './ids';
import { PAYMENT_CHANNELS } from './payment-channels';
import { supportWordsFields } from './support-messages';

// Kept apart from the schemas (contract/checkout-limits.ts) so a page can show them without zod.
export {
  CHECKOUT_LIMITS,
  HOLD_MINUTES,
  PAY_LATER_HOLD_MAX_MINUTES,
  TOO_MANY_CAMPAIGNS,
  tooManyUnits,
} from './checkout-limits';

const campaignId = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ref = parseCampaignId(v);
  if (!ref) {
    ctx.addIssue({ code: 'custom', message: 'Each gift must name a campaign.' });
    return z.NEVER;
  }
  return ref;
});

/** Who takes the payments: the embedded sandbox, or Paystack. */
export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where each campaign of a checkout stands: units held while the donor pays, allocated to the
 * campaign once paid, released when the hold ends unpaid (or a refund frees them), unallocated
 * when a paid gift found them taken.
 */
export const DONATION_ITEM_STATUSES = ['held', 'allocated', 'released', 'unallocated'] as const;

/**
 * The donor's two fields, each with its own message, so a form never shows the same sentence under
 * both; the checkout form heads its error summary with the product's 'Please fill in your name and
 * email to continue.'
 */
export const donorSchema = z.object({
  donorEmail: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your email address.')
    .max(254)
    .email('Enter an email address in the format name@example.com.'),
  donorFullName: oneLine(
    z
      .string({ error: 'Enter your full name.' })
      .trim()
      .min(1, 'Enter your full name.')
      .max(120, 'Your name is too long.'),
  ),
});

export const checkoutSchema = z.object({
  ...donorSchema.shape,
  cartItems: z
    .array(
      z.object({
        campaignId,
        units: z.coerce
          .number()
          .int('Units must be a whole number.')
          .min(1, 'Units must be at least 1.')
          .max(10_000)
          .default(1),
      }),
      { error: 'Your gift bag is empty.' },
    )
    .min(1, 'Your gift bag is empty.')
    .max(50, 'A gift bag holds at most 50 campaigns.'),
  /**
   * The reference of this browser's own earlier checkout, still on hold: it is released before the
   * new one holds its units, so starting again never competes with oneself.
   */
  previousReference: z.string().trim().max(100).optional(),
  turnstileToken: z.string().max(4096).optional(),
  /** The donor adds the payment fee, worked out by the server (contract/payment-fee.ts), so the campaigns get the full price. */
  coverFee: z.boolean({ error: 'Say whether you want to cover the payment fee.' }).optional().default(false),
  /**
   * The share link that brought this browser here (`?ref=`), if any. One this server does not know
   * is dropped rather than refused: where a gift came from never stands between a donor and a gift.
   */
  source: z.enum(GIFT_SOURCES).optional().catch(undefined),
  /** Words of support and whether to show the donor as Anonymous; they belong to this checkout alone. */
  ...supportWordsFields,
  /** Given in someone's honour or memory, with the address to tell once paid (decision 0079); this checkout's alone. */
  dedication: dedicationSchema.optional(),
  /** The supporter's fundraiser this gift is made through (decision 0081): its slug, from its page. */
  fundraiser: z.string({ error: 'The fundraiser must be named by its address.' }).trim().min(1).max(80).optional(),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const checkoutReplySchema = z.object({
  reference: z.string(),
  /** What the donor is asked to pay: the gifts and, when they chose to cover it, the fee. */
  amountKobo: z.number().int(),
  /** The payment fee included in amountKobo (0 when the donor did not choose to cover it). */
  feeKobo: z.number().int(),
  currency: z.literal('NGN'),
  provider: z.enum(PAYMENT_PROVIDERS),
  publicKey: z.string().nullable(),
  holdExpiresAt: z.string(),
  /** The ways of paying the payment window offers (PAYSTACK_CHANNELS). */
  channels: z.array(z.string()),
  /** What a sponsor's open match adds to this gift, held with it (decision 0080); null when none does. */
  match: checkoutMatchSchema.nullable().optional(),
});
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

/** The payload of product notes 7. Only the reference counts: amounts and items are read from the server's records. */
export const fundSchema = z.object({
  transactionId: z.string({ error: 'A payment reference is required.' }).trim().min(6).max(100),
  donorEmail: z.string().optional(),
  donorFullName: z.string().optional(),
  cartTotal: z.unknown().optional(),
  cartItems: z.unknown().optional(),
});

export const fundReplySchema = z.object({
  message: z.string(),
  reference: z.string(),
  /** `awaiting_confirmation`: a transfer or USSD payment is under way and the bank has not yet confirmed it. */
  status: z.enum(['paid', 'needs_attention', 'awaiting_confirmation']),
  amountKobo: z.number().int(),
  /** The payment fee the donor covered, part of amountKobo. */
  feeKobo: z.number().int().optional(),
  /** While awaiting confirmation: when the units stop being kept for this payment. */
  holdExpiresAt: z.string().optional(),
  /** Once the gift is recorded: a signed address of its receipt (PDF) for this browser, good for a day. */
  receiptUrl: z.string().optional(),
  /**
   * A monthly gift's first payment: `started` when the card can be charged each month, `one_off`
   * when it cannot, so the gift was made once (decision 0077).
   */
  monthly: z.enum(['started', 'one_off']).optional(),
});
export type FundReply = z.infer<typeof fundReplySchema>;

export const sandboxChargeSchema = z.object({ reference: z.string().trim().min(6).max(100) });

/** The test payment dialog's Pay: the channel chosen in it, card when none. */
export const sandboxPaySchema = sandboxChargeSchema.extend({
  channel: z.enum(PAYMENT_CHANNELS, { error: 'Choose a way of paying that this site offers.' }).optional(),
});

/** A server-issued payment reference in an address. */
export const referenceParamSchema = z.object({
  reference: z.string().regex(/^[A-Za-z0-9._=-]{6,100}$/, 'That is not a payment reference.'),
});

/**
 * Where a checkout stands, for the thank-you page to follow while a bank confirms: only the status,
 * the amount and the sentence for it, nothing about the donor.
 */
export const donationStatusSchema = z.object({
  /**
   * `needs_attention`: paid, but part could not be placed; `amount_mismatch`: the provider reports
   * another amount than asked, so nothing is recorded until the team has checked it.
   */
  status: z.enum(['pending', 'awaiting_confirmation', 'paid', 'needs_attention', 'amount_mismatch', 'failed']),
  amountKobo: z.number().int(),
  message: z.string(),
  /** Once the gift is recorded: a signed address of its receipt (PDF) for this browser, good for a day. */
  receiptUrl: z.string().optional(),
});
export type DonationStatus = z.infer<typeof donationStatusSchema>;

export const giftSchema = z.object({
  id: z.number().int(),
  campaign_id: z.string(),
  recipient_first_name: z.string(),
  recipient_last_name: z.string(),
  organization_name: z.string().nullable(),
  product_name: z.string(),
  units: z.number().int(),
  amount: z.number().int(),
  date: z.string(),
  status: z.string(),
  appreciation_video_url: z.string().nullable(),
  /** An organization gift's campaign deliveries (decision 0039); null for a recipient gift. */
  delivery: campaignDeliveriesSchema.nullable(),
  /** "A gift in honour of …" or "A gift in memory of …" when the gift was given in someone's name (decision 0079). */
  dedication: z.string().nullable(),
  /**
   * The part of a gift given to the Independence Fund (decision 0078): its id is the donation's,
   * negated; `campaign_id` is the organization campaign the money is held for, or empty.
   */
  fund: z.boolean().optional(),
  /** What a sponsor's match gave beside this gift (decision 0080), never counted as the donor's; null when none. */
  matched: z.object({ sponsorName: z.string(), amount: z.number().int() }).nullable().optional(),
});
export type Gift = z.infer<typeof giftSchema>;

export const donorGiftsSchema = z.object({
  givingHistory: z.array(giftSchema),
  totalGiven: z.number().int(),
  giftsMade: z.number().int(),
});
export type DonorGifts = z.infer<typeof donorGiftsSchema>;

export const campaignDonationSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  units_funded: z.number().int(),
  amount: z.number().int(),
  created_at: z.string(),
});
