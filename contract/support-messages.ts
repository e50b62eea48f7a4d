import { z } from 'zod';
import { MODERATION_STATUSES } from './moderation';
import { cursorPageFields, pagedReply } from './page-query';
import { SUPPORT_MESSAGE_MAX } from './support-message-limits';

export { SUPPORT_MESSAGE_MAX } from './support-message-limits';

export const SUPPORT_MESSAGE_TOO_LONG = `Please keep your words of support to ${SUPPORT_MESSAGE_MAX} characters or fewer.`;

/** The name public pages show for a donor who chose not to be named. */
export const ANONYMOUS_DONOR = 'Anonymous';

/**
 * What a donor may leave with a gift at checkout: words of support (plain text, trimmed; empty means
 * none) and whether to be shown as Anonymous. Text that looks like markup is kept and shown as text.
 */
export const supportWordsFields = {
  message: z
    .string({ error: 'Words of support must be text.' })
    .trim()
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG)
    .transform((text) => (text ? text : undefined))
    .optional(),
  /** Not given means named. */
  anonymous: z.boolean({ error: 'Say whether to show your name as Anonymous.' }).optional(),
};

/**
 * How public pages name a donor: the first word of the name they gave and the last word's initial
 * ("Ada O."), so the full name, and never the email, stays with us.
 */
export function donorPublicName(fullName: string, anonymous: boolean): string {
  if (anonymous) return ANONYMOUS_DONOR;
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return ANONYMOUS_DONOR;
  const initial = words.length > 1 ? Array.from(words[words.length - 1]!)[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export const supportMessagesQuerySchema = z.object(cursorPageFields(20));

export const publicSupportMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The donor's first name and last initial, or "Anonymous". */
  name: z.string(),
  /** "A gift in memory of …" when the gift was given in someone's name (decision 0079), absent otherwise; never the address told. */
  dedication: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PublicSupportMessage = z.infer<typeof publicSupportMessageSchema>;

/** Approved words of support for one campaign, newest first; `nextCursor` is null on the last page. */
export const publicSupportMessagesSchema = z.object({
  items: z.array(publicSupportMessageSchema),
  nextCursor: z.string().nullable(),
});
export type PublicSupportMessages = z.infer<typeof publicSupportMessagesSchema>;

export const adminSupportMessagesQuerySchema = z.object({
  status: z
    .enum(MODERATION_STATUSES, { error: 'Choose awaiting_review, approved or hidden.' })
    .default('awaiting_review'),
  ...cursorPageFields(25),
});
export type AdminSupportMessagesQuery = z.infer<typeof adminSupportMessagesQuerySchema>;

export const adminSupportMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  status: z.enum(MODERATION_STATUSES),
  anonymous: z.boolean(),
  /** The name the donor gave at checkout, for the team only. */
  donorName: z.string(),
  /** What the public pages show: the first name and last initial, or "Anonymous". */
  shownName: z.string(),
  /** The gift's dedication, shown beside the words once approved (decision 0079). */
  dedication: z.string().nullable().optional(),
  /** Every campaign the gift landed on, where the words show once approved. */
  campaigns: z.array(z.object({ id: z.string(), label: z.string() })),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminSupportMessage = z.infer<typeof adminSupportMessageSchema>;

/** One page of the queue; awaiting review oldest first, the others newest first. */
export const adminSupportMessagesSchema = pagedReply(adminSupportMessageSchema);
export type AdminSupportMessages = z.infer<typeof adminSupportMessagesSchema>;

export const supportMessageIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Message id must be a positive whole number.')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Message id must be a positive whole number.'),
});

export const supportMessageDecisionReplySchema = z.object({
  message: z.string(),
  item: adminSupportMessageSchema,
});
export type SupportMessageDecisionReply = z.infer<typeof supportMessageDecisionReplySchema>;
