import { z } from 'zod';
import { isOneLine } from './one-line';
import { describedImageSchema } from './uploads';

/** A supporter's fundraiser (decision 0081): pending until an admin approves it, closed by its owner. */
export const FUNDRAISER_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;
export type FundraiserStatus = (typeof FUNDRAISER_STATUSES)[number];
/** The statuses that count under the open limits: waiting for an admin, or public. */
export const FUNDRAISER_OPEN_STATUSES = ['pending', 'approved'] as const satisfies readonly FundraiserStatus[];
const [WAITING, PUBLIC] = FUNDRAISER_OPEN_STATUSES;
/** A fundraiser's own statuses by name, so no condition spells a word campaigns use too. */
export const FUNDRAISER_STATUS = { waiting: WAITING, public: PUBLIC } as const;

export const FUNDRAISER_TITLE_MAX = 80;
export const FUNDRAISER_STORY_MAX = 2000;
/** At most one open fundraiser per campaign and this many open in all, per donor. */
export const FUNDRAISERS_OPEN_MAX = 5;

/** The smallest and largest goal a fundraiser may set, in kobo (₦1,000 and ₦100,000,000). */
export const FUNDRAISER_GOAL_MIN_KOBO = 100_000;
export const FUNDRAISER_GOAL_MAX_KOBO = 10_000_000_000;
export const FUNDRAISER_REASON_MAX = 500;

export const FUNDRAISER_NOT_FOUND = 'We could not find that fundraiser.';
export const ONE_OPEN_PER_CAMPAIGN =
  'You already have an open fundraiser for this campaign. Edit that one, or close it before starting another.';
export const TOO_MANY_OPEN = `You already have ${FUNDRAISERS_OPEN_MAX} open fundraisers. Close one before starting another.`;
export const CAMPAIGN_TAKES_NO_FUNDRAISER =
  'This campaign is not taking gifts, so a fundraiser cannot be started for it.';
export const FUNDRAISER_NOT_EDITABLE = 'This fundraiser is closed or was turned down, so it can no longer be changed.';
export const FUNDRAISER_ALREADY_CLOSED = 'This fundraiser is already closed.';
export const REASON_REQUIRED = 'Give a reason: the owner is told it, so they can put things right.';
/** Checkout's refusals of a `fundraiser` that cannot take this gift. */
export const FUNDRAISER_NOT_OPEN =
  'This fundraiser is not open for gifts. You can still give to the campaign itself from its page.';
export const FUNDRAISER_CAMPAIGN_NOT_IN_BAG =
  "This fundraiser raises money for a campaign that is not in your gift bag. Add the fundraiser's campaign to give through it.";
export const FUNDRAISER_CAMPAIGN_FUNDED = 'This campaign has been fully funded and is no longer taking gifts.';

const title = z
  .string({ error: 'Give your fundraiser a title.' })
  .trim()
  .min(1, 'Give your fundraiser a title.')
  .max(FUNDRAISER_TITLE_MAX, `Keep the title to ${FUNDRAISER_TITLE_MAX} characters or fewer.`)
  .refine(isOneLine, 'The title should be one line of text.');
const story = z
  .string({ error: 'Tell people why you are raising money.' })
  .trim()
  .min(1, 'Tell people why you are raising money.')
  .max(FUNDRAISER_STORY_MAX, `Keep your words to ${FUNDRAISER_STORY_MAX.toLocaleString('en-NG')} characters or fewer.`);
const goalKobo = z
  .number({ error: 'Enter a goal in naira.' })
  .int('Enter the goal in whole naira.')
  .min(FUNDRAISER_GOAL_MIN_KOBO, 'The goal must be at least ₦1,000.')
  .max(FUNDRAISER_GOAL_MAX_KOBO, 'The goal can be at most ₦100,000,000.');

export const PHOTO_ALT_MAX = 200;
export const PHOTO_ALT_REQUIRED = 'Describe the photo for people who cannot see it.';

/** A photo uploaded for the fundraiser (purpose `fundraiserPhoto`), with the alt text a screen reader says. */
export const fundraiserPhotoSchema = describedImageSchema({
  choose: 'Choose a photo.',
  required: PHOTO_ALT_REQUIRED,
  thing: 'photo',
  altMax: PHOTO_ALT_MAX,
});

/** `POST /api/fundraisers`: the campaign as other calls take it ('12' or 'org-12'), the words, the goal and an optional photo. */
export const startFundraiserSchema = z.object({
  campaignId: z.union([z.string(), z.number()], { error: 'Choose the campaign to raise money for.' }),
  title,
  story,
  goalKobo,
  photo: fundraiserPhotoSchema.optional(),
});
export type StartFundraiserInput = z.input<typeof startFundraiserSchema>;

export const startFundraiserReplySchema = z.object({
  slug: z.string(),
  status: z.literal('pending'),
  message: z.string(),
});

/** The owner's edit: applied at once while pending, kept as a revision for approval once approved. */
export const editFundraiserSchema = z.object({
  title,
  story,
  goalKobo,
  /** A new photo in place of the one it has; left out, the photo stays as it is. */
  photo: fundraiserPhotoSchema.optional(),
});
export type EditFundraiserInput = z.input<typeof editFundraiserSchema>;

export const fundraiserSlugParamSchema = z.object({
  slug: z.string().trim().toLowerCase().min(1).max(80, FUNDRAISER_NOT_FOUND),
});

/** `PATCH /api/admin/fundraisers/{slug}`: approve, or reject with the reason the owner is told. */
export const fundraiserDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Choose approved or rejected.' }),
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(FUNDRAISER_REASON_MAX, `Keep the reason to ${FUNDRAISER_REASON_MAX} characters or fewer.`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'rejected' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
  });
export type FundraiserDecision = z.input<typeof fundraiserDecisionSchema>;

const photoReplySchema = z.object({ url: z.string(), alt: z.string() });
const wordsSchema = z.object({
  title: z.string(),
  story: z.string(),
  goalKobo: z.number().int(),
  photo: photoReplySchema.nullable(),
});

/**
 * One fundraiser's page. The owner and the admins also read a pending or rejected one, its reason
 * and any revision waiting; anyone else only an approved or closed one.
 */
export const fundraiserReplySchema = z.object({
  slug: z.string(),
  title: z.string(),
  story: z.string(),
  goalKobo: z.number().int(),
  /** Its photo, re-encoded, with the owner's description. */
  photo: photoReplySchema.nullable(),
  raisedKobo: z.number().int(),
  giftCount: z.number().int(),
  status: z.enum(FUNDRAISER_STATUSES),
  /** The owner as public pages name a person: first name and the last name's initial. */
  ownerName: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  /** The campaign's page, while the public may see it. */
  campaignPath: z.string().nullable(),
  /** Gifts may be made through it now: approved, and its campaign takes gifts. */
  takesGifts: z.boolean(),
  /** Why no gift can be made through it, in the rule book's words; null while it takes gifts. */
  stoppedNotice: z.string().nullable(),
  /** Whether the caller is its owner (who may edit or close it). */
  isOwner: z.boolean(),
  rejectionReason: z.string().nullable(),
  revision: wordsSchema.nullable(),
});
export type FundraiserReply = z.infer<typeof fundraiserReplySchema>;

/** A campaign's approved fundraisers, most raised first. */
export const campaignFundraisersSchema = z.object({
  items: z.array(
    z.object({ slug: z.string(), title: z.string(), raisedKobo: z.number().int(), goalKobo: z.number().int() }),
  ),
});
export type CampaignFundraisers = z.infer<typeof campaignFundraisersSchema>;

/** A gift through a fundraiser as its owner sees it: the donor as they chose to be shown. */
const fundraiserGiftSchema = z.object({ name: z.string(), amountKobo: z.number().int(), at: z.string() });

export const myFundraisersSchema = z.object({
  items: z.array(
    fundraiserReplySchema.omit({ isOwner: true, ownerName: true }).extend({
      createdAt: z.string(),
      gifts: z.array(fundraiserGiftSchema),
    }),
  ),
});
export type MyFundraisers = z.infer<typeof myFundraisersSchema>;
export type MyFundraiser = MyFundraisers['items'][number];

export const fundraiserChangeReplySchema = z.object({ message: z.string(), slug: z.string() });

/** What waits for the admins: new fundraisers and revisions of approved ones, oldest first. */
export const adminFundraisersSchema = z.object({
  items: z.array(
    z.object({
      slug: z.string(),
      /** `new`: the whole fundraiser waits; `revision`: an edit of an approved one waits. */
      kind: z.enum(['new', 'revision']),
      status: z.enum(FUNDRAISER_STATUSES),
      ownerName: z.string(),
      ownerEmail: z.string().nullable(),
      campaignId: z.string(),
      campaignTitle: z.string(),
      /** What is public now (for a revision), or what waits (for a new one). */
      current: wordsSchema,
      revision: wordsSchema.nullable(),
      submittedAt: z.string(),
    }),
  ),
});
export type AdminFundraisers = z.infer<typeof adminFundraisersSchema>;
export type AdminFundraiser = AdminFundraisers['items'][number];

/** The form the owner fills in (start and edit): the goal typed in whole naira, sent as kobo. */
export const fundraiserFormSchema = z.object({
  title,
  story,
  goalNaira: z
    .number({ error: 'Enter a goal in naira.' })
    .int('Enter the goal in whole naira.')
    .min(FUNDRAISER_GOAL_MIN_KOBO / 100, 'The goal must be at least ₦1,000.')
    .max(FUNDRAISER_GOAL_MAX_KOBO / 100, 'The goal can be at most ₦100,000,000.'),
});
export type FundraiserForm = z.output<typeof fundraiserFormSchema>;
