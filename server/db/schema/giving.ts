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
import { users } from './accounts';
import { organizationCampaigns, recipientCampaigns } from './campaigns';
import { GIFT_SOURCES } from '../../../contract/gift-sources';
import { DONATION_ITEM_STATUSES, PAYMENT_PROVIDERS } from '../../../contract/giving';
import { DEDICATION_KINDS, DEDICATION_MESSAGE_MAX, DEDICATION_NAME_MAX } from '../../../contract/dedication';
import { monthlyGifts } from './monthly-giving';
import { fundraisers } from './fundraisers';
import { matchPools } from './matching';
import { knownValues } from './known-values';

export const donationStatuses = ['pending', 'paid', 'failed', 'needs_attention'] as const;

/** One checkout: a donor, a server-issued payment reference and the total asked of the payer. */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    donorUserId: integer('donor_user_id').references(() => users.id, { onDelete: 'set null' }),
    donorEmail: text('donor_email').notNull(),
    donorFullName: text('donor_full_name').notNull(),
    /**
     * SHA-256 of the client address key (never the address itself), so limits can count the
     * checkouts one connection started and left unpaid. Null on rows from before it was kept.
     */
    clientAddressHash: text('client_address_hash'),
    /** What the donor is asked to pay: the gifts and, when they chose to cover it, the fee. */
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    /** The payment fee the donor chose to cover (0 when not), part of the total and never of any campaign's figures. */
    feeKobo: bigint('fee_kobo', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: donationStatuses }).notNull().default('pending'),
    /** The share link (`?ref=`) of the visit that led to this checkout; null when it came another way. */
    source: text('source', { enum: GIFT_SOURCES }),
    /** How the provider says the donor paid (card, bank, ussd, bank_transfer), once it says. */
    channel: text('channel'),
    /**
     * When the provider first said a payment by a channel that confirms later (a transfer, USSD) is
     * under way; from then the hold lasts the longer time set for those channels.
     */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the reconciliation sweep last asked the provider about this checkout. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * The part of the total given to the Independence Fund rather than to a campaign of the gift bag
     * (decision 0078); with `fund_campaign_id`, held in the fund for that organization campaign until
     * it buys a whole unit.
     */
    fundKobo: bigint('fund_kobo', { mode: 'number' }).notNull().default(0),
    fundCampaignId: integer('fund_campaign_id').references(() => organizationCampaigns.id),
    /** An allocation: a gift the Independence Fund made to campaigns, with no payment of its own. */
    fromFund: boolean('from_fund').notNull().default(false),
    /** The monthly gift this checkout is a month of, and the month (`yyyy-mm`) it pays for. */
    monthlyGiftId: integer('monthly_gift_id').references(() => monthlyGifts.id),
    monthlyPeriod: text('monthly_period'),
    /** The supporter's fundraiser this gift was made through (decision 0081). */
    fundraiserId: integer('fundraiser_id').references(() => fundraisers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('donations_total_positive', sql`${t.totalKobo} > 0`),
    check('donations_currency', sql`${t.currency} = 'NGN'`),
    knownValues(t.status, donationStatuses),
    knownValues(t.source, GIFT_SOURCES),
    check('donations_fee', sql`${t.feeKobo} >= 0 and ${t.feeKobo} < ${t.totalKobo}`),
    check('donations_fund', sql`${t.fundKobo} >= 0 and ${t.fundKobo} + ${t.feeKobo} <= ${t.totalKobo}`),
    check('donations_fund_campaign', sql`${t.fundCampaignId} is null or ${t.fundKobo} > 0`),
    check('donations_monthly_period', sql`(${t.monthlyGiftId} is null) = (${t.monthlyPeriod} is null)`),
    // However many times a month is tried, it is recorded once.
    uniqueIndex('donations_monthly_month_paid_idx')
      .on(t.monthlyGiftId, t.monthlyPeriod)
      .where(sql`${t.status} in ('paid', 'needs_attention')`),
    index('donations_fund_idx')
      .on(t.paidAt)
      .where(sql`${t.fundKobo} > 0`),
    index('donations_from_fund_idx')
      .on(t.paidAt)
      .where(sql`${t.fromFund}`),
    index('donations_fundraiser_idx')
      .on(t.fundraiserId)
      .where(sql`${t.fundraiserId} is not null`),
    index('donations_donor_user_idx').on(t.donorUserId),
    index('donations_donor_email_idx').on(t.donorEmail),
    index('donations_client_address_idx').on(t.clientAddressHash, t.createdAt),
    // The reconciliation sweep reads only unrecorded checkouts, least recently asked about first.
    index('donations_pending_checked_idx')
      .on(t.checkedAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** One campaign within a donation; exactly one of the two campaign references is set. */
export const donationItems = pgTable(
  'donation_items',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    recipientCampaignId: integer('recipient_campaign_id').references(() => recipientCampaigns.id),
    organizationCampaignId: integer('organization_campaign_id').references(() => organizationCampaigns.id),
    units: integer('units').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: DONATION_ITEM_STATUSES }).notNull().default('held'),
    /**
     * The sponsor's part of the gift (decision 0080): held, allocated and released with the donor's
     * own items, but given by this match pool, never paid or counted as the donor's. A recipient's
     * device shared with a pool has the unit on the donor's item and 0 units on the pool's.
     */
    matchPoolId: integer('match_pool_id').references(() => matchPools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('donation_items_one_campaign', sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`),
    check('donation_items_units', sql`${t.units} >= 1 or (${t.units} = 0 and ${t.matchPoolId} is not null)`),
    check('donation_items_amount', sql`${t.amountKobo} > 0`),
    knownValues(t.status, DONATION_ITEM_STATUSES),
    index('donation_items_donation_idx').on(t.donationId),
    index('donation_items_recipient_campaign_idx').on(t.recipientCampaignId),
    index('donation_items_org_campaign_idx').on(t.organizationCampaignId),
    index('donation_items_match_pool_idx')
      .on(t.matchPoolId)
      .where(sql`${t.matchPoolId} is not null`),
  ],
);

export const paymentStatuses = ['pending', 'success', 'failed', 'abandoned', 'amount_mismatch'] as const;

/** What the payment provider said about a reference, as last verified by the server. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    providerResponse: jsonb('provider_response').$type<Record<string, unknown>>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount', sql`${t.amountKobo} > 0`),
    knownValues(t.provider, PAYMENT_PROVIDERS),
    knownValues(t.status, paymentStatuses),
    index('payments_donation_idx').on(t.donationId),
  ],
);

/** What the embedded payment provider's ledger says of a reference. */
export const sandboxTransactionStatuses = ['pending', 'success', 'failed'] as const;

/**
 * The embedded payment provider's own ledger: what a payment network would hold for a sandbox
 * reference. Only the sandbox adapter reads or writes it.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    reference: text('reference').primaryKey(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: sandboxTransactionStatuses }).notNull().default('pending'),
    email: text('email').notNull(),
    /** The channel the test payment dialog paid by; null until it is paid or under way. */
    channel: text('channel'),
    /**
     * A payment that confirms later (transfer, USSD): the ledger calls it paid once this time has
     * passed, so only a later question (the sweep) or a signed sandbox webhook records it.
     */
    confirmAt: timestamp('confirm_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_transactions_amount', sql`${t.amountKobo} > 0`),
    knownValues(t.status, sandboxTransactionStatuses),
  ],
);

/**
 * A gift given in honour or in memory of someone (decision 0079), one per donation: the name, the
 * donor's message, the address to tell (never shown anywhere) and when their card was queued.
 */
export const giftDedications = pgTable(
  'gift_dedications',
  {
    donationId: integer('donation_id')
      .primaryKey()
      .references(() => donations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEDICATION_KINDS }).notNull(),
    name: text('name').notNull(),
    message: text('message'),
    notifyEmail: text('notify_email'),
    /** When the card's mail was queued, in the transaction that recorded the payment; null until then. */
    cardQueuedAt: timestamp('card_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    knownValues(t.kind, DEDICATION_KINDS),
    check('gift_dedications_name', sql`char_length(${t.name}) between 1 and ${sql.raw(String(DEDICATION_NAME_MAX))}`),
    check(
      'gift_dedications_message',
      sql`${t.message} is null or char_length(${t.message}) between 1 and ${sql.raw(String(DEDICATION_MESSAGE_MAX))}`,
    ),
  ],
);
