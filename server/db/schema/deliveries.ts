import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizationCampaigns } from './campaigns';

/**
 * Units of an organization campaign handed over, as an admin recorded them (decision 0039). The
 * units of all of a campaign's deliveries never exceed its units fulfilled: the recording checks it
 * under the campaign's row lock.
 */
export const organizationDeliveries = pgTable(
  'organization_deliveries',
  {
    id: serial('id').primaryKey(),
    organizationCampaignId: integer('organization_campaign_id')
      .notNull()
      .references(() => organizationCampaigns.id, { onDelete: 'restrict' }),
    units: integer('units').notNull(),
    note: text('note'),
    videoUrl: text('video_url'),
    /** The admin who recorded it (kept like the audit log's: emptied if that account is ever removed). */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_deliveries_units', sql`${t.units} > 0`),
    check('organization_deliveries_note', sql`${t.note} is null or length(${t.note}) <= 500`),
    check('organization_deliveries_video', sql`${t.videoUrl} is null or ${t.videoUrl} ~* '^https://'`),
    index('organization_deliveries_campaign_idx').on(t.organizationCampaignId, t.deliveredOn, t.id),
  ],
);

/** Up to four public photos of one delivery, each with the words a screen reader says for it. */
export const organizationDeliveryPhotos = pgTable(
  'organization_delivery_photos',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => organizationDeliveries.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    altText: text('alt_text').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    check('organization_delivery_photos_alt', sql`length(trim(${t.altText})) between 1 and 200`),
    check('organization_delivery_photos_position', sql`${t.position} between 0 and 3`),
    uniqueIndex('organization_delivery_photos_position_idx').on(t.deliveryId, t.position),
  ],
);
