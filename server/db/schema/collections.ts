import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { COLLECTION_BOOKING_STATUSES } from '../../../contract/collections';
import { organizationCampaigns, recipientCampaigns } from './campaigns';
import { knownValues } from './known-values';

/**
 * A time at the collection centre in Lagos when people may come for their devices, with how many
 * can be served (docs/decisions/0044). Slots are published by the admin team.
 */
export const collectionSlots = pgTable(
  'collection_slots',
  {
    id: serial('id').primaryKey(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A withdrawn slot takes no new bookings; those already made stay until moved. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_slots_starts_idx').on(t.startsAt),
    check('collection_slots_capacity', sql`${t.capacity} between 1 and 500`),
  ],
);

/**
 * One campaign's booked collection (either kind, exactly one set). Moving it changes `slot_id` on
 * the same row and counts the move; a missed collection ends the row and the owner books again.
 */
export const collectionBookings = pgTable(
  'collection_bookings',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => collectionSlots.id, { onDelete: 'restrict' }),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id, {
      onDelete: 'cascade',
    }),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id, {
      onDelete: 'cascade',
    }),
    /** Who booked: the campaign's owner or the caseworker who helped them. */
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: COLLECTION_BOOKING_STATUSES }).notNull().default('booked'),
    moves: integer('moves').notNull().default(0),
    /** Set in the transaction that queues the day-before reminder, so it is sent once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The admin who marked it collected or missed, and when. */
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collection_bookings_slot_idx').on(t.slotId, t.status),
    uniqueIndex('collection_bookings_one_recipient_booking')
      .on(t.recipientCampaignId)
      .where(sql`status = 'booked' and recipient_campaign_id is not null`),
    uniqueIndex('collection_bookings_one_organization_booking')
      .on(t.organizationCampaignId)
      .where(sql`status = 'booked' and organization_campaign_id is not null`),
    check(
      'collection_bookings_one_campaign',
      sql`(${t.recipientCampaignId} is null) <> (${t.organizationCampaignId} is null)`,
    ),
    knownValues(t.status, COLLECTION_BOOKING_STATUSES),
    check('collection_bookings_moves', sql`${t.moves} between 0 and 1`),
  ],
);
