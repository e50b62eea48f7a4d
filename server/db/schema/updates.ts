import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MODERATION_STATUSES } from '../../../contract/moderation';
import {
  UPDATE_AUTHOR_ROLES,
  UPDATE_BODY_MAX,
  UPDATE_BODY_MIN,
  UPDATE_PHOTOS_MAX,
} from '../../../contract/update-words';
import { users } from './accounts';
import { organizationCampaigns, recipientCampaigns } from './campaigns';
import { knownValues } from './known-values';

/**
 * News about one campaign for its donors and visitors, written by an admin or the campaign's owner.
 * Exactly one of the two campaign references is set, as on donation items.
 */
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: serial('id').primaryKey(),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id, {
      onDelete: 'cascade',
    }),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id, {
      onDelete: 'cascade',
    }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who wrote it, which decides how it is signed on the page; kept when the account is deleted. */
    authorRole: text('author_role', { enum: UPDATE_AUTHOR_ROLES }).notNull(),
    body: text('body').notNull(),
    videoUrl: text('video_url'),
    status: text('status', { enum: MODERATION_STATUSES }).notNull().default('awaiting_review'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the donors were told (notices written, mails queued): the fan-out happens once. */
    donorsToldAt: timestamp('donors_told_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'campaign_updates_one_campaign',
      sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`,
    ),
    check(
      'campaign_updates_body',
      sql`char_length(${t.body}) between ${sql.raw(String(UPDATE_BODY_MIN))} and ${sql.raw(String(UPDATE_BODY_MAX))}`,
    ),
    knownValues(t.status, MODERATION_STATUSES),
    knownValues(t.authorRole, UPDATE_AUTHOR_ROLES),
    check('campaign_updates_video', sql`${t.videoUrl} is null or ${t.videoUrl} ~ '^https://'`),
    index('campaign_updates_recipient_idx').on(t.recipientCampaignId, t.status, t.id),
    index('campaign_updates_organization_idx').on(t.organizationCampaignId, t.status, t.id),
    index('campaign_updates_status_idx').on(t.status, t.id),
  ],
);

/** Up to four photos of an update, each with the words a screen reader says for it. */
export const campaignUpdatePhotos = pgTable(
  'campaign_update_photos',
  {
    id: serial('id').primaryKey(),
    updateId: integer('update_id')
      .notNull()
      .references(() => campaignUpdates.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    altText: text('alt_text').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    check('campaign_update_photos_alt', sql`length(trim(${t.altText})) > 0`),
    check(
      'campaign_update_photos_position',
      sql`${t.position} between 0 and ${sql.raw(String(UPDATE_PHOTOS_MAX - 1))}`,
    ),
    uniqueIndex('campaign_update_photos_position_idx').on(t.updateId, t.position),
  ],
);

/** An address that asked for no more update mail about one campaign, by the link in such a mail. */
export const updateUnsubscribes = pgTable(
  'update_unsubscribes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id, {
      onDelete: 'cascade',
    }),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'update_unsubscribes_one_campaign',
      sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`,
    ),
    check('update_unsubscribes_email_lower', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('update_unsubscribes_recipient_idx')
      .on(t.email, t.recipientCampaignId)
      .where(sql`${t.recipientCampaignId} is not null`),
    uniqueIndex('update_unsubscribes_organization_idx')
      .on(t.email, t.organizationCampaignId)
      .where(sql`${t.organizationCampaignId} is not null`),
  ],
);
