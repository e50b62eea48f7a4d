import { z } from 'zod';

/**
 * Words people write for the public pages (words of support, a recipient's own campaign updates)
 * wait for an admin: `approved` shows them, `hidden` never does, `awaiting_review` only to admins.
 */
export const MODERATION_STATUSES = ['awaiting_review', 'approved', 'hidden'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  awaiting_review: 'Awaiting review',
  approved: 'Approved',
  hidden: 'Hidden',
};

/** What an admin does to one item in a moderation queue; either may be undone by the other. */
export const moderationDecisionSchema = z.object({ decision: z.enum(['approve', 'hide']) });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>['decision'];

export const MODERATION_RESULT: Record<ModerationDecision, ModerationStatus> = {
  approve: 'approved',
  hide: 'hidden',
};
