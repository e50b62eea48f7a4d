import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_MAX, CURSOR_INVALID_MESSAGE } from './pagination';
import {
  CONSENT_LETTER_REFUSED,
  consentLetterAllowed,
  organizationOnboardingSchema,
  recipientOnboardingSchema,
} from './onboarding';
import { uploadKeySchema } from './uploads';
import { assistedFactsSchema } from './caseworkers';

/**
 * Where a person's onboarding stands: the latest version's status. An admin verifies it or asks for
 * a correction with a reason; a correction is answered by a new version.
 */
export const ONBOARDING_REVIEW_STATUSES = ['submitted', 'verified', 'correction_requested'] as const;
export type OnboardingReviewStatus = (typeof ONBOARDING_REVIEW_STATUSES)[number];

/** Whose onboarding it is: a recipient's or an organization's. */
export const ONBOARDING_KINDS = ['recipient', 'organization'] as const;

export const ONBOARDING_STATUS_LABELS: Record<OnboardingReviewStatus, string> = {
  submitted: 'Waiting for review',
  verified: 'Verified',
  correction_requested: 'Correction asked',
};

export const reviewQueueQuerySchema = z.object({
  status: z
    .enum(ONBOARDING_REVIEW_STATUSES, { error: 'Choose submitted, verified or correction_requested.' })
    .default('submitted'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(PAGE_MAX, `limit must be at most ${PAGE_MAX}.`)
    .default(PAGE_DEFAULT),
  cursor: z.string({ error: CURSOR_INVALID_MESSAGE }).max(200, CURSOR_INVALID_MESSAGE).optional(),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

const kind = z.enum(ONBOARDING_KINDS);
const status = z.enum(ONBOARDING_REVIEW_STATUSES);

export const reviewQueueItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind,
  /** The person's name, or the organization's for an organization. */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  version: z.number().int(),
  status,
  submitted_at: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/** One page of the queue, oldest first; `total` counts every version in that status. */
export const reviewQueueReplySchema = z.object({
  items: z.array(reviewQueueItemSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ReviewQueueReply = z.infer<typeof reviewQueueReplySchema>;

export const reviewIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Review id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Review id must be a positive whole number.'),
});

export const reviewVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status,
  review_note: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ReviewVersion = z.infer<typeof reviewVersionSchema>;

export const onboardingReviewSchema = reviewVersionSchema.extend({
  user_id: z.number().int(),
  kind,
  /** Only the person's latest version, while it waits, may be decided. */
  decidable: z.boolean(),
  is_latest: z.boolean(),
  contact: z.object({
    name: z.string(),
    organization_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** Every answer in words, in the wizard's order. */
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
  photo_url: z.string().nullable(),
  /** A link that works for a few minutes, with the file's name. */
  document: z.object({ url: z.string(), file_name: z.string() }).nullable(),
  /** Set when a caseworker applied on the person's behalf (docs/decisions/0043). */
  assisted: assistedFactsSchema.nullable(),
  /** Every version of this person's onboarding, newest first. */
  versions: z.array(reviewVersionSchema),
});
export type OnboardingReview = z.infer<typeof onboardingReviewSchema>;

export const CORRECTION_REASON_REQUIRED = 'Say what the person should correct.';
export const correctionRequestSchema = z.object({
  reason: z
    .string({ error: CORRECTION_REASON_REQUIRED })
    .trim()
    .min(1, CORRECTION_REASON_REQUIRED)
    .max(1000, 'Please keep the reason under 1,000 characters.'),
});

export const reviewDecisionReplySchema = z.object({ message: z.string(), review: onboardingReviewSchema });
export type ReviewDecisionReply = z.infer<typeof reviewDecisionReplySchema>;

/** What the owner sees of their latest version: its status and note, and the answers to prefill the wizard. */
export const ownOnboardingReviewSchema = z.object({
  kind,
  version: z.number().int(),
  status,
  review_note: z.string().nullable(),
  submitted_at: z.string(),
  /** The wizard's answers without the stored file keys. */
  answers: z.record(z.string(), z.unknown()),
  has_photo: z.boolean(),
  has_document: z.boolean(),
});
export type OwnOnboardingReview = z.infer<typeof ownOnboardingReviewSchema>;

/** A resubmission: the wizard's answers; a file not sent again keeps the previous version's. */
export const recipientResubmitSchema = z.object({
  ...recipientOnboardingSchema.shape,
  idDocumentKey: uploadKeySchema('Upload your ID document.').optional(),
});
export const organizationResubmitSchema = z
  .object({
    ...organizationOnboardingSchema.shape,
    idDocumentKey: uploadKeySchema("Upload your organization's document.").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.idType === 'ConsentLetter' && !consentLetterAllowed(v.yearOfEstablishment)) {
      ctx.addIssue({ code: 'custom', path: ['idType'], message: CONSENT_LETTER_REFUSED });
    }
  });
export type RecipientResubmit = z.infer<typeof recipientResubmitSchema>;
export type OrganizationResubmit = z.infer<typeof organizationResubmitSchema>;
