import { z } from 'zod';
import { CAMPAIGN_ID_INVALID, parseCampaignId } from './campaign-ids';
import { describedImageSchema } from './uploads';

const campaignId = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ref = parseCampaignId(v);
  if (!ref) {
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_ID_INVALID });
    return z.NEVER;
  }
  return ref;
});

/** How many naira the pool gives for each naira given (1:1 to start, decision 0080). */
export const MATCH_RATIOS = [1, 2, 3] as const;
export const SPONSOR_NAME_MAX = 80;
/** The largest pool an admin may open in one go: ₦500,000,000. */
export const MATCH_POOL_MAX_KOBO = 50_000_000_000;

/** An open match as public campaign replies carry it: what the pool still has to give. */
export const campaignMatchSchema = z.object({
  sponsorName: z.string(),
  remainingKobo: z.number().int(),
  endsAt: z.string(),
  ratio: z.number().int().optional(),
  /** The sponsor's logo (a public image's address) and its words for a screen reader; null when it has none. */
  logoUrl: z.string().nullable().optional(),
  logoAlt: z.string().nullable().optional(),
});
export type CampaignMatch = z.infer<typeof campaignMatchSchema>;

/** What a match adds to one checkout, in its reply: money for a recipient's device, whole units for an organization. */
export const checkoutMatchSchema = z.object({
  sponsorName: z.string(),
  /** What the pool gives with this gift, in kobo. */
  addsKobo: z.number().int(),
  /** Extra whole units the pool gives (organization campaigns); 0 when it shares a device's price. */
  units: z.number().int(),
});
export type CheckoutMatch = z.infer<typeof checkoutMatchSchema>;

export const SPONSOR_LOGO_ALT_MAX = 150;
export const SPONSOR_LOGO_ALT_REQUIRED = "Describe the sponsor's logo for people who cannot see it.";

/** A logo uploaded for the pool (purpose `sponsorLogo`), with the words a screen reader says for it. */
export const sponsorLogoSchema = describedImageSchema({
  choose: 'Choose the logo file.',
  required: SPONSOR_LOGO_ALT_REQUIRED,
  thing: 'logo',
  altMax: SPONSOR_LOGO_ALT_MAX,
  invalid: 'Give the logo as its upload key and its description.',
});

export const createMatchSchema = z
  .object({
    sponsorName: z
      .string({ error: "Enter the sponsor's name." })
      .trim()
      .min(1, "Enter the sponsor's name.")
      .max(SPONSOR_NAME_MAX, `A sponsor's name is at most ${SPONSOR_NAME_MAX} characters.`),
    poolKobo: z
      .number({ error: 'Enter the pool in naira.' })
      .int('The pool must be a whole number of kobo.')
      .min(100_00, 'A pool is at least ₦100.')
      .max(MATCH_POOL_MAX_KOBO, 'A pool is at most ₦500,000,000.'),
    ratio: z
      .number()
      .int()
      .refine(
        (r) => (MATCH_RATIOS as readonly number[]).includes(r),
        'The ratio is 1, 2 or 3 naira for each naira given.',
      )
      .optional()
      .default(1),
    startsAt: z.iso.datetime({ offset: true, error: 'Enter when the match opens.' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Enter when the match closes.' }),
    /** Null (or absent) for every campaign. */
    campaignIds: z
      .array(campaignId, { error: 'List the campaigns the match covers, or none for all.' })
      .max(200, 'A match names at most 200 campaigns; leave the list empty to cover all.')
      .nullable()
      .optional()
      .default(null),
    /** The sponsor's logo; absent for none. */
    logo: sponsorLogoSchema.optional(),
  })
  .refine((m) => Date.parse(m.endsAt) > Date.parse(m.startsAt), {
    message: 'The match must close after it opens.',
    path: ['endsAt'],
  });
export type CreateMatchInput = z.input<typeof createMatchSchema>;
