import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MATCH_RATIOS } from '../../../contract/matching';
import { users } from './accounts';
import { organizationCampaigns, recipientCampaigns } from './campaigns';

/**
 * A sponsor's match pool (decision 0080): while it is open, gifts to the campaigns it covers are
 * matched from it. What it has given is the sum of the gift items marked as its own
 * (`donation_items.match_pool_id`), never a stored figure.
 */
export const matchPools = pgTable(
  'match_pools',
  {
    id: serial('id').primaryKey(),
    sponsorName: text('sponsor_name').notNull(),
    /** The sponsor's logo, re-encoded by the upload pipeline, and its words for a screen reader. */
    logoKey: text('logo_key'),
    logoAlt: text('logo_alt'),
    poolKobo: bigint('pool_kobo', { mode: 'number' }).notNull(),
    ratio: integer('ratio').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Covers every campaign; otherwise only those in `match_pool_campaigns`. */
    allCampaigns: boolean('all_campaigns').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('match_pools_pool', sql`${t.poolKobo} > 0`),
    check('match_pools_ratio', sql`${t.ratio} between 1 and ${sql.raw(String(Math.max(...MATCH_RATIOS)))}`),
    check('match_pools_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('match_pools_logo_alt', sql`${t.logoKey} is null or ${t.logoAlt} is not null`),
    index('match_pools_window_idx').on(t.endsAt, t.startsAt),
  ],
);

/** The campaigns a pool that does not cover all of them covers: exactly one campaign per row. */
export const matchPoolCampaigns = pgTable(
  'match_pool_campaigns',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => matchPools.id, { onDelete: 'cascade' }),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id, {
      onDelete: 'cascade',
    }),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    check('match_pool_campaigns_one', sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`),
    uniqueIndex('match_pool_campaigns_recipient_idx').on(t.recipientCampaignId, t.poolId),
    uniqueIndex('match_pool_campaigns_organization_idx').on(t.organizationCampaignId, t.poolId),
    index('match_pool_campaigns_pool_idx').on(t.poolId),
  ],
);
