import { z } from 'zod';
import { donorSchema } from './giving';
import { formatNaira } from './money';
import { parseCampaignId } from './campaign-ids';

/**
 * Where a monthly gift stands: waiting for its first payment (never listed), charged each month,
 * paused until a date, failing (a charge was declined and is being tried again), or cancelled.
 */
export const MONTHLY_GIFT_STATUSES = ['pending', 'active', 'paused', 'failing', 'cancelled'] as const;
export type MonthlyGiftStatus = (typeof MONTHLY_GIFT_STATUSES)[number];

/** The statuses a donor sees: a gift whose first payment never came is not theirs to manage. */
export const LISTED_MONTHLY_STATUSES = ['active', 'paused', 'failing', 'cancelled'] as const;

/** The least a monthly gift may be: ₦1,000. */
export const MONTHLY_MIN_KOBO = 100_000;
/** The most, so a typing slip never charges a card a fortune every month: ₦5,000,000. */
export const MONTHLY_MAX_KOBO = 500_000_000;
/** A pause lasts one to three months, then the gift resumes by itself (decision 0077). */
export const MONTHLY_MAX_PAUSE_MONTHS = 3;

export const MONTHLY_AMOUNT_WORDS = `A monthly gift is from ${formatNaira(MONTHLY_MIN_KOBO)} to ${formatNaira(MONTHLY_MAX_KOBO)}.`;

const monthlyAmount = z
  .number({ error: 'Enter the amount to give each month.' })
  .int('Enter the amount in whole kobo.')
  .min(MONTHLY_MIN_KOBO, MONTHLY_AMOUNT_WORDS)
  .max(MONTHLY_MAX_KOBO, MONTHLY_AMOUNT_WORDS);

/** `fund` (the Independence Fund) or an organization campaign's id (`org-3`). */
export const monthlyTargetSchema = z
  .string({ error: 'Choose where your monthly gift goes.' })
  .transform((value, ctx) => {
    if (value === 'fund') return { kind: 'fund' as const };
    const ref = parseCampaignId(value);
    if (ref?.kind === 'organization') return { kind: 'organization' as const, id: ref.id };
    ctx.addIssue({
      code: 'custom',
      message: 'A monthly gift goes to the Independence Fund or to one organization campaign.',
    });
    return z.NEVER;
  });
export type MonthlyTarget = z.output<typeof monthlyTargetSchema>;

/** The wire name of a target: `fund` or `org-<id>`. */
export const monthlyTargetName = (target: MonthlyTarget): string =>
  target.kind === 'fund' ? 'fund' : `org-${target.id}`;

export const monthlyStartSchema = z.object({
  ...donorSchema.shape,
  amountKobo: monthlyAmount,
  target: monthlyTargetSchema,
  coverFee: z.boolean({ error: 'Say whether you want to cover the payment fee.' }).optional().default(false),
  turnstileToken: z.string().max(4096).optional(),
});
export type MonthlyStartInput = z.input<typeof monthlyStartSchema>;

export const monthlyStartReplySchema = z.object({
  reference: z.string(),
  /** The first month's charge: the gift and, when the donor covers it, the fee. */
  amountKobo: z.number().int(),
  feeKobo: z.number().int(),
  currency: z.literal('NGN'),
  provider: z.enum(['sandbox', 'paystack']),
  publicKey: z.string().nullable(),
  /** Only a card can be charged again, so the payment window offers the card alone. */
  channels: z.array(z.string()),
  /** For a new card: the address the gift was given with, which the card's payment window must use. */
  donorEmail: z.string().optional(),
});
export type MonthlyStartReply = z.infer<typeof monthlyStartReplySchema>;

export const monthlyGiftSchema = z.object({
  id: z.number().int(),
  amountKobo: z.number().int(),
  /** `fund` or `org-<id>`. */
  target: z.string(),
  /** What the target is called: "The Independence Fund", or the campaign's product and organization. */
  targetName: z.string(),
  status: z.enum(LISTED_MONTHLY_STATUSES),
  /** The next charge's date and time (ISO); null once cancelled. */
  nextChargeAt: z.string().nullable(),
  /** While paused: when the gift resumes by itself. */
  pausedUntil: z.string().nullable(),
  coverFee: z.boolean(),
  /** The card charged each month, as the provider names it ("Visa ending 4081"), when it says. */
  card: z.string().nullable(),
});
export type MonthlyGift = z.infer<typeof monthlyGiftSchema>;
export const monthlyGiftsSchema = z.array(monthlyGiftSchema);

/** A change: a new amount from next month, or a pause (one to three months) or a resume. */
export const monthlyChangeSchema = z.union(
  [
    z.object({ amountKobo: monthlyAmount }).strict(),
    z
      .object({
        paused: z.boolean({ error: 'Say whether to pause the gift.' }),
        months: z.number().int().min(1).max(MONTHLY_MAX_PAUSE_MONTHS, 'A pause lasts one to three months.').optional(),
      })
      .strict(),
  ],
  { error: 'Send a new amount, or say whether to pause the gift.' },
);
export type MonthlyChange = z.input<typeof monthlyChangeSchema>;

export const monthlyIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'That is not a monthly gift.' })
    .int('That is not a monthly gift.')
    .positive('That is not a monthly gift.')
    .max(2_147_483_647, 'That is not a monthly gift.'),
});

/** A guest's signed link to manage their monthly gifts (in every monthly receipt). */
export const monthlyManageTokenSchema = z.object({ token: z.string().min(10).max(400) });
