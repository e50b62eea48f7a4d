import { z } from 'zod';
import {
  money,
  organizationCampaignStatusSchema,
  publicIdField,
  recipientCampaignStatusSchema,
  unitsFields,
} from './campaign-fields';
import { numberedPageFields, pagedFlagFields, pagedReply } from './page-query';
import { reasonSchema } from './requests';
import { assistedFactsSchema } from './caseworkers';
import { ONBOARDING_REVIEW_STATUSES } from './onboarding-review';

const INT_MAX = 2_147_483_647;
/** A database id: a positive whole number that fits the id columns. */
const idNumber = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be positive.`)
    .max(INT_MAX, `${what} is not a valid id.`);

/**
 * The admin area's calls (product notes 7). Money is integer kobo. Each campaign carries the
 * actions the server's transition table allows for it now, so a screen offers exactly those.
 */

export const REJECT_NOTES_REQUIRED = 'A reason is required to reject a campaign.';
export const REASON_EMPTY = 'Reason cannot be empty.';
export const APPROVED_NOTE = 'Campaign approved via admin panel.';
export const ORGANIZATION_APPROVED_NOTE = 'Organization campaign approved via admin panel.';
export const BACK_TO_PENDING_NOTE = 'Moved back to pending by admin.';
/** The reason each status move that needs one asks for, by the status it moves to. */
export const REASON_REQUIRED = {
  rejected: REJECT_NOTES_REQUIRED,
  paused: 'A reason is required to pause a campaign.',
  closed: 'A reason is required to close a campaign early.',
  pending: 'A reason is required to move a campaign back to pending.',
} as const;
export const BACK_TO_PENDING_RAISED =
  'This campaign has gifts recorded, so it cannot go back to pending. Pause or close it instead.';
export const BACK_TO_PENDING_HELD =
  'A donor is paying for this campaign right now, so it cannot go back to pending. Try again in 15 minutes.';
export const DELIVERY_NOTHING_FUNDED =
  'This campaign was closed with nothing funded, so there is nothing to hand over.';

/** What an admin may do to a recipient campaign in its current state. */
export const RECIPIENT_ACTIONS = [
  'approve',
  'reject',
  'backToPending',
  'feature',
  'unfeature',
  'editReason',
  'markReadyForPickup',
  'markDelivered',
  'addVideo',
] as const;
export type RecipientAction = (typeof RECIPIENT_ACTIONS)[number];
/** What an admin may do to an organization campaign in its current state. */
export const ORGANIZATION_ACTIONS = [
  'approve',
  'reject',
  'pause',
  'resume',
  'close',
  'backToPending',
  'markReadyForPickup',
  'markDelivered',
  'recordDelivery',
  'viewDonations',
] as const;
export type OrganizationAction = (typeof ORGANIZATION_ACTIONS)[number];

/** A short-lived signed link to a private document (owner and admins only), or null when none. */
const documentLink = z.string().nullable();

/** The person's onboarding as an admin last judged it: the latest version's status. */
export const verificationSchema = z
  .object({ status: z.enum(ONBOARDING_REVIEW_STATUSES), submission_id: z.number().int() })
  .nullable();
export type Verification = z.infer<typeof verificationSchema>;

/** The requester's other campaigns of the same kind, newest first: a few, and how many in all. */
export const earlierRequestsSchema = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      /** '12' or 'org-12', as the admin lists name campaigns. */
      campaign_id: z.string(),
      product_name: z.string(),
      created_at: z.string(),
      status: z.string(),
      amount_raised: money,
    }),
  ),
});
export type EarlierRequests = z.infer<typeof earlierRequestsSchema>;

/**
 * A requester of either kind as review needs them: contact details, profile answers, the ID
 * document, their verification (null when never onboarded) and their earlier requests.
 */
const adminRequesterSchema = z.object({
  id: z.number().int(),
  /** Null for a person known only by their phone number (docs/decisions/0066). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  bio: z.string().nullable(),
  id_type: z.string().nullable(),
  id_document_url: documentLink,
  verification: verificationSchema,
  earlier_requests: earlierRequestsSchema,
});

export const adminRecipientSchema = adminRequesterSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  gender: z.string().nullable(),
  age: z.number().int().nullable(),
  state_of_origin: z.string().nullable(),
  employment_status: z.string().nullable(),
  id_holder: z.string().nullable(),
  /** Set when a caseworker applied on the recipient's behalf (docs/decisions/0043). */
  assisted: assistedFactsSchema.nullable(),
});

export const adminOrganizationSchema = adminRequesterSchema.extend({
  organization_name: z.string(),
  contact_name: z.string(),
  /** The team member who made the request, by name (docs/decisions/0075); null when unknown. */
  requested_by: z.string().nullable(),
  year_of_establishment: z.number().int().nullable(),
  state_of_operation: z.string().nullable(),
});

/** Product notes 3, for admins: what both kinds carry. */
const adminCampaignSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  reason: z.string(),
  admin_notes: z.string().nullable(),
  ...publicIdField,
  created_at: z.string(),
  updated_at: z.string(),
});

export const adminRecipientCampaignSchema = adminCampaignSchema.extend({
  type: z.literal('recipient'),
  product_image_url: z.string().nullable(),
  price: money,
  amount_raised: money,
  status: recipientCampaignStatusSchema,
  is_featured: z.boolean(),
  delivery_status: z.string().nullable(),
  appreciation_video_url: z.string().nullable(),
  recipient: adminRecipientSchema,
  actions: z.array(z.enum(RECIPIENT_ACTIONS)),
});
export type AdminRecipientCampaign = z.infer<typeof adminRecipientCampaignSchema>;

export const adminOrganizationCampaignSchema = adminCampaignSchema.extend({
  /** 'org-12': the id the shared status call and the web app use for organization campaigns. */
  campaign_id: z.string(),
  type: z.literal('organization'),
  image_url: z.string().nullable(),
  ...unitsFields,
  status: organizationCampaignStatusSchema,
  organization: adminOrganizationSchema,
  actions: z.array(z.enum(ORGANIZATION_ACTIONS)),
});
export type AdminOrganizationCampaign = z.infer<typeof adminOrganizationCampaignSchema>;

/** The dashboard's counts. */
export const adminOverviewSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  featured: z.number().int(),
  organizationPending: z.number().int(),
  organizationActive: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

const trimmedNotes = z.string().max(2000, 'Please keep the notes under 2,000 characters.').optional();

/**
 * PATCH /api/admin/campaigns/{id}/status and /api/admin/org-campaigns/{id}/status. In the first
 * call `{id}` is '12' for a recipient campaign or 'org-12' for an organization campaign, so the two
 * kinds never collide. Approved approves a pending request or resumes a paused campaign; paused and
 * closed are organization moves. Rejecting needs notes (trimmed, not empty), and so do pausing,
 * closing and moving an organization campaign back to pending.
 */
export const statusChangeSchema = z.object({
  status: z.enum(['approved', 'rejected', 'pending', 'paused', 'closed'], {
    error: 'Choose approved, rejected, pending, paused or closed.',
  }),
  adminNotes: trimmedNotes,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** POST /api/admin/campaigns/feature and /unfeature. */
export const featureSchema = z.object({
  campaignId: z
    .number({ error: 'Choose a campaign.' })
    .int('Choose a campaign.')
    .positive('Choose a campaign.')
    .max(INT_MAX, 'Choose a campaign.'),
});

/** PUT /api/admin/campaigns/{id}/reason: the recipient's reason, edited (for spelling, privacy). */
export const REASON_CHANGED_MEANWHILE =
  'Another admin changed this reason while you were editing it. Read the new reason, then edit it again if needed.';
export const reasonEditSchema = z.object({
  reason: z.string({ error: REASON_EMPTY }).trim().min(1, REASON_EMPTY).pipe(reasonSchema),
  /** The reason as the admin saw it; when given and no longer stored, the edit is refused (409). */
  previousReason: z.string().max(5000).optional(),
});

/**
 * PATCH /api/admin/campaigns/{id}/delivery and /api/admin/org-campaigns/{id}/delivery: Mark Ready
 * for Pickup or Mark Delivered.
 */
export const DELIVERY_STATUSES = ['ready_for_pickup', 'delivered'] as const;
export const deliverySchema = z.object({
  deliveryStatus: z.enum(DELIVERY_STATUSES, { error: 'Choose ready_for_pickup or delivered.' }),
});
export type DeliveryChange = z.infer<typeof deliverySchema>;

/** GET /api/admin/campaigns/all: one page of a filterable, sortable table. */
export const ADMIN_SORTS = ['newest', 'oldest', 'raised', 'product'] as const;
export const allCampaignsQuerySchema = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected', 'purchased', 'ready_for_pickup', 'delivered', 'featured'], {
      error: 'Choose a status to filter by.',
    })
    .optional(),
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  sort: z.enum(ADMIN_SORTS, { error: 'Choose how to sort.' }).default('newest'),
  ...numberedPageFields(25),
});
export type AllCampaignsQuery = z.infer<typeof allCampaignsQuerySchema>;

export const allCampaignsReplySchema = pagedReply(adminRecipientCampaignSchema).extend({
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/admin/campaigns/{pending|approved|featured}: a bare array, or with `paged=1` one page of them. */
export const recipientListQuerySchema = z.object(pagedFlagFields());
export type RecipientListQuery = z.infer<typeof recipientListQuerySchema>;
export const recipientListPageSchema = pagedReply(adminRecipientCampaignSchema);
export const organizationListPageSchema = pagedReply(adminOrganizationCampaignSchema);

/** The organization lists may be narrowed to one organization (/admin/organizations/{orgId}/campaigns). */
export const organizationFilterSchema = z.object({
  organizationId: idNumber('organizationId').optional(),
  ...pagedFlagFields(),
});
export type OrganizationFilter = z.infer<typeof organizationFilterSchema>;

/** What an admin's change answers: the sentence to show and the campaign as it is now. */
const actionReply = <T extends z.ZodType>(campaign: T) => z.object({ message: z.string(), campaign });
export const recipientActionReplySchema = actionReply(adminRecipientCampaignSchema);
export const organizationActionReplySchema = actionReply(adminOrganizationCampaignSchema);

/** GET /api/admin/audit: who changed what, when, before and after. */
export const auditQuerySchema = z.object({
  campaign: z
    .string()
    .regex(/^(org-)?[1-9][0-9]{0,9}$/, 'Campaign must be an id such as 12 or org-12.')
    .optional(),
  adminId: idNumber('adminId').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int()
    .min(1)
    .max(100, 'limit must be at most 100.')
    .default(50),
  cursor: idNumber('cursor').optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** For campaigns: from, to, notes and the fields changed. */
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log pages by entry id (ids only grow, so a page never moves); total counts every entry the filters match. */
export const auditReplySchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
  total: z.number().int(),
});
