import { z } from 'zod';
import { FIRST_DAY, LAST_DAY, calendarDaySchema } from './calendar-day';
import { DONATION_ITEM_STATUSES } from './giving';
import { PAGE_MAX } from './pagination';

/**
 * The admins' money desk (docs/decisions/0040): every checkout and payment, the ones that need a
 * decision, refunds, failed background jobs and exports. Admin only, all of it.
 */

/**
 * How the desk names a checkout's state, worked out from the records:
 * - held: not paid yet and its units still held (the hold has not ended);
 * - paid: the gift is recorded and nothing was refunded;
 * - needs_attention: an open case waits for an admin's decision;
 * - refunded: some or all of it was refunded (the row's refundedKobo says how much);
 * - lapsed: never paid and its hold ended;
 * - failed: the provider said the payment failed or was abandoned.
 */
export const DESK_STATUSES = ['held', 'paid', 'needs_attention', 'refunded', 'lapsed', 'failed'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];

export const DESK_STATUS_LABELS: Record<DeskStatus, string> = {
  held: 'Held',
  paid: 'Paid',
  needs_attention: 'Needs attention',
  refunded: 'Refunded',
  lapsed: 'Lapsed',
  failed: 'Failed',
};

/** Why a payment waits for an admin's decision. */
export const ATTENTION_REASONS = [
  'wrong_amount',
  'paid_after_close',
  'paid_twice',
  'reversed',
  'match_lapsed',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The reason in words, as the queue and the detail view show it. */
export const ATTENTION_REASON_WORDS: Record<AttentionReason, string> = {
  wrong_amount: 'The provider reports another amount or currency than the checkout asked.',
  paid_after_close:
    'Paid after the campaign stopped taking gifts, or after its units went to another donor: part of the gift could not be placed.',
  paid_twice: 'The provider reports a second payment for the same checkout.',
  reversed: 'The provider reports the payment reversed: a dispute or a refund not made here.',
  match_lapsed:
    "Paid after its hold lapsed, when the sponsor's match it was promised had gone to other gifts: the device is not fully paid.",
};

/** What an admin may decide on an open case. A refund is its own call (`/refund`). */
export const RESOLUTIONS = ['accept', 'outside'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** How a case was resolved: an admin's decision, or the refund that settled it. */
export const CASE_RESOLUTIONS = [...RESOLUTIONS, 'refunded'] as const;
export const RESOLUTION_WORDS: Record<(typeof CASE_RESOLUTIONS)[number], string> = {
  accept: 'Accepted: the gift was recorded',
  outside: 'Resolved outside the platform',
  refunded: 'Refunded',
};

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Where a kept provider event came from: a signed webhook, a verify call's reply, a refund call's reply. */
export const PROVIDER_EVENT_SOURCES = ['webhook', 'verify', 'refund'] as const;

export const NOTE_MAX = 1000;
const note = z
  .string({ error: 'Write a note saying why.' })
  .trim()
  .min(3, 'Write a note saying why (at least 3 characters).')
  .max(NOTE_MAX, `Please keep the note to ${NOTE_MAX} characters or fewer.`);

/** A payment's server-issued reference, as in the path of the desk's calls. */
export const paymentReferenceParamSchema = z.object({
  reference: z.string().regex(/^[A-Za-z0-9._=-]{1,100}$/, 'That is not a payment reference.'),
});

const isoDay = (name: string) =>
  calendarDaySchema({
    format: `${name} must be a date (YYYY-MM-DD).`,
    unreal: `${name} must be a real calendar date.`,
    range: `${name} must be a day from ${FIRST_DAY} to ${LAST_DAY}.`,
  });

/**
 * The filters the list, its totals and the exports share. `from` and `to` are whole days in Lagos
 * time, both included; `campaign` is the id as public pages use it (`12` or `org-3`); `email` finds
 * the donor's address case-insensitively, in part or whole.
 */
export const paymentFilterFields = {
  status: z.enum(DESK_STATUSES, { error: `status must be one of: ${DESK_STATUSES.join(', ')}.` }).optional(),
  channel: z
    .string({ error: 'channel must be text.' })
    .regex(/^[a-z_]{1,40}$/, 'channel must be a payment channel such as card or bank_transfer.')
    .optional(),
  campaign: z
    .string({ error: 'campaign must be a campaign id such as 12 or org-3.' })
    .regex(/^(org-)?[1-9]\d{0,9}$/, 'campaign must be a campaign id such as 12 or org-3.')
    .optional(),
  email: z.string({ error: 'email must be text.' }).trim().max(254, 'email is too long.').optional(),
  from: isoDay('from').optional(),
  to: isoDay('to').optional(),
};
export const paymentFiltersSchema = z.object(paymentFilterFields);
export type PaymentFilters = z.infer<typeof paymentFiltersSchema>;

export const paymentListQuerySchema = z.object({
  ...paymentFilterFields,
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(PAGE_MAX, `limit must be at most ${PAGE_MAX}.`)
    .default(25),
  cursor: z.string().max(1000).optional(),
});

const campaignRef = z.object({
  /** As public pages use it: `12` or `org-3`. */
  id: z.string(),
  kind: z.enum(['recipient', 'organization']),
  title: z.string(),
});

export const paymentRowSchema = z.object({
  reference: z.string(),
  status: z.enum(DESK_STATUSES),
  donorEmail: z.string(),
  donorName: z.string(),
  /** How the provider says the donor paid, once it says. */
  channel: z.string().nullable(),
  /** Asked of the donor: the gifts and any fee they covered. */
  totalKobo: z.number().int(),
  feeKobo: z.number().int(),
  /** Refunds asked of the provider and not failed. */
  refundedKobo: z.number().int(),
  /** Given with this gift by sponsors' match pools (decision 0080): never paid by the donor nor part of totalKobo. */
  matchedKobo: z.number().int().optional(),
  campaigns: z.array(campaignRef),
  /** The open case's reason, when one waits. */
  attention: z.enum(ATTENTION_REASONS).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** Totals of everything the filters match, not only the page shown. */
export const paymentTotalsSchema = z.object({
  count: z.number().int(),
  totalKobo: z.number().int(),
  /** Of the matched checkouts, the money recorded as gifts (paid ones, before refunds). */
  paidKobo: z.number().int(),
  refundedKobo: z.number().int(),
  /** Given by sponsors' match pools with the paid checkouts matched, apart from the donors' money. */
  matchedKobo: z.number().int().optional(),
});

export const paymentListSchema = z.object({
  items: z.array(paymentRowSchema),
  totals: paymentTotalsSchema,
  nextCursor: z.string().nullable(),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  amountKobo: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  note: z.string(),
  /** The admin who asked for it; null for a refund the provider reported that was not made here. */
  adminEmail: z.string().nullable(),
  unitsReleased: z.boolean(),
  providerRefundId: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const attentionCaseSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  reason: z.enum(ATTENTION_REASONS),
  /** The reason in words, with the figures of this case. */
  words: z.string(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(CASE_RESOLUTIONS).nullable(),
  note: z.string().nullable(),
  adminEmail: z.string().nullable(),
});
export type AttentionCase = z.infer<typeof attentionCaseSchema>;

/** One open case in the queue, with what the admin needs to decide. */
export const attentionItemSchema = attentionCaseSchema.extend({
  donorEmail: z.string(),
  donorName: z.string(),
  totalKobo: z.number().int(),
  /** What the provider says was paid, when it says. */
  paidKobo: z.number().int().nullable(),
  refundedKobo: z.number().int(),
  campaigns: z.array(campaignRef),
  /** Accept records the gift only while its units are still free. */
  canAccept: z.boolean(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;
export const attentionListSchema = z.object({ items: z.array(attentionItemSchema) });

export const paymentDetailSchema = z.object({
  payment: paymentRowSchema,
  items: z.array(
    z.object({
      campaign: campaignRef,
      units: z.number().int(),
      amountKobo: z.number().int(),
      status: z.enum(DONATION_ITEM_STATUSES),
      /** The sponsor whose match pool gives this item, or null for the donor's own. */
      matchedBy: z.string().nullable().optional(),
    }),
  ),
  hold: z.object({ expiresAt: z.string().nullable(), awaitingSince: z.string().nullable() }),
  provider: z
    .object({
      name: z.string(),
      status: z.string(),
      amountKobo: z.number().int(),
      verifiedAt: z.string().nullable(),
      /** The provider's last verification reply, as received. */
      response: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
  /** Every webhook event and provider reply kept for this reference, oldest first. */
  events: z.array(
    z.object({
      id: z.number().int(),
      source: z.enum(PROVIDER_EVENT_SOURCES),
      event: z.string(),
      receivedAt: z.string(),
      payload: z.record(z.string(), z.unknown()),
    }),
  ),
  refunds: z.array(refundSchema),
  cases: z.array(attentionCaseSchema),
  /** Receipts and notices sent about this payment: mails queued and in-app notices. */
  notices: z.array(
    z.object({ kind: z.string(), to: z.string(), subject: z.string(), at: z.string(), state: z.string() }),
  ),
  audit: z.array(
    z.object({ at: z.string(), adminEmail: z.string().nullable(), action: z.string(), detail: z.string() }),
  ),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/**
 * A refund asked of the provider: the amount in kobo (at most what is left to refund) and the
 * admin's note. `releaseUnits` frees the gift's allocated units back to their campaigns, when the
 * campaign has not moved past funded; without it nothing allocated changes.
 */
export const refundRequestSchema = z.object({
  amountKobo: z
    .number({ error: 'amountKobo must be a whole number of kobo.' })
    .int('amountKobo must be a whole number of kobo.')
    .min(100, 'A refund must be at least ₦1.00 (100 kobo).')
    .max(Number.MAX_SAFE_INTEGER, 'amountKobo is too large.'),
  note,
  releaseUnits: z.boolean({ error: 'releaseUnits must be true or false.' }).optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** accept: record the gift while its units are free; outside: settled with the donor elsewhere. */
export const resolveRequestSchema = z.object({
  caseId: z.number({ error: 'caseId must be a case number.' }).int().positive(),
  resolution: z.enum(RESOLUTIONS, { error: 'resolution must be accept or outside.' }),
  note,
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

export const JOB_STATES = ['failed', 'waiting'] as const;
export const jobsQuerySchema = z.object({
  state: z.enum(JOB_STATES, { error: 'state must be failed or waiting.' }).default('failed'),
});
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the job does, in words ("A mail to a donor", "A payment the provider told us about"). */
  words: z.string(),
  /** Why it failed, in words; null for a waiting job. */
  error: z.string().nullable(),
  retries: z.number().int(),
  createdAt: z.string(),
  /** When it failed for the last time, or when it will run. */
  at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobCountsSchema = z.object({ waiting: z.number().int(), failed: z.number().int() });
export type JobCounts = z.infer<typeof jobCountsSchema>;
export const jobListSchema = z.object({ items: z.array(jobSchema), counts: jobCountsSchema });
export type JobList = z.infer<typeof jobListSchema>;
export const jobIdParamSchema = z.object({
  id: z.string().uuid('That is not a job id.'),
});

export const EXPORTS = ['payments', 'donations', 'campaigns', 'donors'] as const;
export type ExportName = (typeof EXPORTS)[number];
export const exportParamSchema = z.object({
  name: z.enum(EXPORTS, { error: `Exports are: ${EXPORTS.join(', ')}.` }),
});
