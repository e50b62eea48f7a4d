import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { MONTHLY_GIFT_STATUSES, MONTHLY_MIN_KOBO } from '../../../contract/monthly-giving';
import { users } from './accounts';
import { organizationCampaigns } from './campaigns';
import { knownValues } from './known-values';

/**
 * A monthly gift (decision 0077): the donor, the amount charged each month to the card of its
 * first payment, and where it goes (the Independence Fund, or one organization campaign when
 * `organization_campaign_id` is set). Our own schedule charges the card's reusable authorization.
 */
export const monthlyGifts = pgTable(
  'monthly_gifts',
  {
    id: serial('id').primaryKey(),
    donorUserId: integer('donor_user_id').references(() => users.id, { onDelete: 'set null' }),
    donorEmail: text('donor_email').notNull(),
    donorFullName: text('donor_full_name').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    coverFee: boolean('cover_fee').notNull().default(false),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id),
    status: text('status', { enum: MONTHLY_GIFT_STATUSES }).notNull().default('pending'),
    /** The card's reusable authorization code, sealed as authenticator secrets are (decision 0070). */
    authorizationSealed: text('authorization_sealed'),
    /** How the provider names the card ("Visa ending 4081"), shown to the donor. */
    cardLabel: text('card_label'),
    /** The month the next charge pays for, `yyyy-mm`. */
    nextPeriod: text('next_period'),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Declined charges of the month being tried (0 to 3). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('monthly_gifts_amount', sql`${t.amountKobo} >= ${sql.raw(String(MONTHLY_MIN_KOBO))}`),
    check('monthly_gifts_attempts', sql`${t.failedAttempts} between 0 and 3`),
    check('monthly_gifts_period', sql`${t.nextPeriod} ~ '^[0-9]{4}-[0-9]{2}$'`),
    knownValues(t.status, MONTHLY_GIFT_STATUSES),
    index('monthly_gifts_donor_user_idx').on(t.donorUserId),
    index('monthly_gifts_donor_email_idx').on(t.donorEmail),
    // The schedule reads only the gifts whose charge is due.
    index('monthly_gifts_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.status} in ('active', 'failing', 'paused')`),
  ],
);
