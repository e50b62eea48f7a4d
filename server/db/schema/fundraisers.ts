import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FUNDRAISER_STATUSES, FUNDRAISER_STORY_MAX, FUNDRAISER_TITLE_MAX } from '../../../contract/fundraisers';
import { users } from './accounts';
import { organizationCampaigns, recipientCampaigns } from './campaigns';
import { knownValues } from './known-values';

/**
 * A supporter's fundraiser for one campaign (decision 0081). Public only while approved; an edit of
 * an approved one waits in the `pending_*` columns until an admin approves it, and the page keeps the
 * approved words meanwhile. What it raised is read from the paid gifts that name it.
 */
export const fundraisers = pgTable(
  'fundraisers',
  {
    id: serial('id').primaryKey(),
    /** Made from the title and four random characters; never reused. */
    slug: text('slug').notNull().unique(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id),
    title: text('title').notNull(),
    /** Plain text as typed; shown as text, never as markup. */
    story: text('story').notNull(),
    goalKobo: bigint('goal_kobo', { mode: 'number' }).notNull(),
    photoKey: text('photo_key'),
    photoAlt: text('photo_alt'),
    status: text('status', { enum: FUNDRAISER_STATUSES }).notNull().default('pending'),
    /** The admin's reason, told to the owner, when the fundraiser or its revision was rejected. */
    rejectionReason: text('rejection_reason'),
    /** An edit of an approved fundraiser, waiting for approval. */
    pendingTitle: text('pending_title'),
    pendingStory: text('pending_story'),
    pendingGoalKobo: bigint('pending_goal_kobo', { mode: 'number' }),
    pendingPhotoKey: text('pending_photo_key'),
    pendingPhotoAlt: text('pending_photo_alt'),
    revisionSubmittedAt: timestamp('revision_submitted_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fundraisers_one_campaign', sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`),
    check('fundraisers_title', sql`char_length(${t.title}) between 1 and ${sql.raw(String(FUNDRAISER_TITLE_MAX))}`),
    check('fundraisers_story', sql`char_length(${t.story}) between 1 and ${sql.raw(String(FUNDRAISER_STORY_MAX))}`),
    check('fundraisers_goal', sql`${t.goalKobo} > 0`),
    check('fundraisers_pending_goal', sql`${t.pendingGoalKobo} is null or ${t.pendingGoalKobo} > 0`),
    check('fundraisers_photo_alt', sql`${t.photoKey} is null or ${t.photoAlt} is not null`),
    knownValues(t.status, FUNDRAISER_STATUSES),
    // One open fundraiser per donor and campaign.
    uniqueIndex('fundraisers_open_recipient_idx')
      .on(t.ownerUserId, t.recipientCampaignId)
      .where(sql`${t.status} in ('pending', 'approved') and ${t.recipientCampaignId} is not null`),
    uniqueIndex('fundraisers_open_organization_idx')
      .on(t.ownerUserId, t.organizationCampaignId)
      .where(sql`${t.status} in ('pending', 'approved') and ${t.organizationCampaignId} is not null`),
    index('fundraisers_owner_idx').on(t.ownerUserId),
    index('fundraisers_recipient_campaign_idx').on(t.recipientCampaignId),
    index('fundraisers_organization_campaign_idx').on(t.organizationCampaignId),
    // The moderation queue reads what waits: new fundraisers and revisions.
    index('fundraisers_queue_idx').on(t.status, t.revisionSubmittedAt, t.createdAt),
  ],
);
