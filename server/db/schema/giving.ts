import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organizationCampaigns, recipientCampaigns } from './campaigns';
import { GIFT_SOURCES } from '../../../contract/gift-sources';
import { DONATION_ITEM_STATUSES, PAYMENT_PROVIDERS } from '../../../contract/giving';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('donations_total_positive', sql`${t.totalKobo} > 0`),
    check('donations_currency', sql`${t.currency} = 'NGN'`),
    knownValues(t.status, donationStatuses),
    knownValues(t.source, GIFT_SOURCES),
    check('donations_fee', sql`${t.feeKobo} >= 0 and ${t.feeKobo} < ${t.totalKobo}`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('donation_items_one_campaign', sql`num_nonnulls(${t.recipientCampaignId}, ${t.organizationCampaignId}) = 1`),
    check('donation_items_units', sql`${t.units} >= 1`),
    check('donation_items_amount', sql`${t.amountKobo} > 0`),
    knownValues(t.status, DONATION_ITEM_STATUSES),
    index('donation_items_donation_idx').on(t.donationId),
    index('donation_items_recipient_campaign_idx').on(t.recipientCampaignId),
    index('donation_items_org_campaign_idx').on(t.organizationCampaignId),
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
