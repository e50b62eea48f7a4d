import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_KINDS } from '../../../contract/campaign-ids';
import { ORGANIZATION_CAMPAIGN_STATUSES, RECIPIENT_CAMPAIGN_STATUSES } from '../../../contract/campaign-fields';
import { users } from './accounts';
import { organizationProducts, products } from './catalog';
import { knownValues } from './known-values';
import { tsvector } from './types';

/** Where a recipient's bought device is on its way to them. */
export const deliveryStatuses = ['processing_pickup', 'ready_for_pickup', 'delivered'] as const;

/**
 * One device for one recipient. The price is copied from the product when the request is made,
 * so a later catalog price change never moves a goal donors have already seen.
 */
export const recipientCampaigns = pgTable(
  'recipient_campaigns',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: RECIPIENT_CAMPAIGN_STATUSES }).notNull().default('pending'),
    isFeatured: boolean('is_featured').notNull().default(false),
    unitsFulfilled: integer('units_fulfilled').notNull().default(0),
    amountRaisedKobo: bigint('amount_raised_kobo', { mode: 'number' }).notNull().default(0),
    adminNotes: text('admin_notes'),
    deliveryStatus: text('delivery_status', { enum: deliveryStatuses }),
    appreciationVideoUrl: text('appreciation_video_url'),
    // Kept by the campaign queries for search: title = product and recipient names; text = title
    // plus reason. Title words weigh most in the rank (A), the reason's least (D).
    searchTitle: text('search_title').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', search_title), 'A') || setweight(to_tsvector('english', search_text), 'D')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recipient_campaigns_price_positive', sql`${t.priceKobo} > 0`),
    check('recipient_campaigns_units', sql`${t.unitsFulfilled} between 0 and 1`),
    check('recipient_campaigns_amount', sql`${t.amountRaisedKobo} >= 0`),
    check('recipient_campaigns_reason', sql`length(trim(${t.reason})) >= 20`),
    knownValues(t.status, RECIPIENT_CAMPAIGN_STATUSES),
    knownValues(t.deliveryStatus, deliveryStatuses),
    check('recipient_campaigns_featured_live', sql`not ${t.isFeatured} or ${t.status} = 'approved'`),
    index('recipient_campaigns_status_idx').on(t.status, t.createdAt, t.id),
    // Serves the public list in order without sorting (scanned backwards: newest first). Ascending on
    // purpose: a DESC NULLS LAST index would not match ORDER BY ... DESC.
    index('recipient_campaigns_public_order_idx')
      .on(t.createdAt, t.id)
      .where(sql`status in ('approved', 'purchased', 'ready_for_pickup', 'delivered')`),
    index('recipient_campaigns_recipient_idx').on(t.recipientId),
    // One open request per recipient (product notes 4, request eligibility), held by the database itself, so
    // two submits at once cannot both succeed.
    uniqueIndex('recipient_campaigns_one_open_idx')
      .on(t.recipientId)
      .where(sql`status in ('pending', 'approved')`),
    index('recipient_campaigns_search_idx').using('gin', t.searchVector),
  ],
);

/** Several units of one organization product; total = unit price x quantity, fixed at request. */
export const organizationCampaigns = pgTable(
  'organization_campaigns',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The team member who made the request (docs/decisions/0075); null before teams, or once they are erased. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    organizationProductId: integer('organization_product_id')
      .notNull()
      .references(() => organizationProducts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalPriceKobo: bigint('total_price_kobo', { mode: 'number' }).notNull(),
    unitsFulfilled: integer('units_fulfilled').notNull().default(0),
    amountRaisedKobo: bigint('amount_raised_kobo', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    status: text('status', { enum: ORGANIZATION_CAMPAIGN_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    searchTitle: text('search_title').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', search_title), 'A') || setweight(to_tsvector('english', search_text), 'D')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_campaigns_quantity', sql`${t.quantity} >= 1`),
    check('organization_campaigns_unit_price', sql`${t.unitPriceKobo} > 0`),
    check('organization_campaigns_total', sql`${t.totalPriceKobo} = ${t.unitPriceKobo} * ${t.quantity}`),
    check('organization_campaigns_units', sql`${t.unitsFulfilled} >= 0 and ${t.unitsFulfilled} <= ${t.quantity}`),
    check('organization_campaigns_amount', sql`${t.amountRaisedKobo} >= 0`),
    check('organization_campaigns_reason', sql`length(trim(${t.reason})) >= 20`),
    knownValues(t.status, ORGANIZATION_CAMPAIGN_STATUSES),
    index('organization_campaigns_status_idx').on(t.status, t.createdAt, t.id),
    index('organization_campaigns_public_order_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`status in ('approved', 'partially_fulfilled', 'paused', 'fulfilled', 'closed', 'ready_for_pickup', 'delivered')`,
      ),
    index('organization_campaigns_org_idx').on(t.organizationId),
    uniqueIndex('organization_campaigns_one_open_idx')
      .on(t.organizationId)
      .where(sql`status in ('pending', 'approved', 'partially_fulfilled', 'paused')`),
    index('organization_campaigns_search_idx').using('gin', t.searchVector),
  ],
);

/**
 * Every word of the campaigns' search text, once: the vocabulary a misspelt query word is matched
 * against (trigram similarity), so the fuzzy step costs as much as the vocabulary, not the campaigns.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Which campaigns' public search text or status changed, written by a trigger on both campaign
 * tables (migration 0022), so every server process keeps its in-memory search index in step
 * (decision 0049). `xid` is the writing transaction's id: a reader takes the changes of every
 * transaction that has finished since it last looked, whatever order they committed in.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: CAMPAIGN_KINDS }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    xid: bigint('xid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_changes_xid_idx').on(t.xid), knownValues(t.kind, CAMPAIGN_KINDS)],
);
