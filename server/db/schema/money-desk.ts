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
import { donations } from './giving';
import {
  ATTENTION_REASONS,
  CASE_RESOLUTIONS,
  PROVIDER_EVENT_SOURCES,
  REFUND_STATUSES,
} from '../../../contract/money-desk';
import { knownValues } from './known-values';

/**
 * What the payment provider told us, kept as received (docs/decisions/0040): every signed webhook
 * event, and the replies to the refunds asked of it. The detail view shows them; nothing is edited.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    /** The checkout's reference the event names; kept even when no checkout has it. */
    reference: text('reference').notNull(),
    donationId: integer('donation_id').references(() => donations.id, { onDelete: 'cascade' }),
    source: text('source', { enum: PROVIDER_EVENT_SOURCES }).notNull(),
    /** The provider's name for it: `charge.success`, `refund.processed`, `charge.dispute.create`... */
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [knownValues(t.source, PROVIDER_EVENT_SOURCES), index('provider_events_reference_idx').on(t.reference, t.id)],
);

/**
 * A payment that needs an admin's decision, and the decision once made. At most one open case per
 * checkout and reason; a resolved case stays as the record of what was decided and why.
 */
export const attentionCases = pgTable(
  'attention_cases',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ATTENTION_REASONS }).notNull(),
    /** The reason in words with this case's figures, written when it opens. */
    words: text('words').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution', { enum: CASE_RESOLUTIONS }),
    note: text('note'),
  },
  (t) => [
    knownValues(t.reason, ATTENTION_REASONS),
    knownValues(t.resolution, CASE_RESOLUTIONS),
    check(
      'attention_cases_resolved',
      sql`(${t.resolvedAt} is null) = (${t.resolution} is null) and (${t.resolvedAt} is null or ${t.note} is not null)`,
    ),
    uniqueIndex('attention_cases_open_idx')
      .on(t.donationId, t.reason)
      .where(sql`${t.resolvedAt} is null`),
    index('attention_cases_queue_idx')
      .on(t.openedAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Money given back: its own row, never an edit of the paid amount. Asked of the provider by an
 * admin, or reported by the provider (a refund not made here). The provider's refund id makes the
 * admin's call and the `refund.processed` webhook land on one row whichever comes first.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    note: text('note').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin chose to free the gift's allocated units back to their campaigns. */
    unitsReleased: boolean('units_released').notNull().default(false),
    providerRefundId: text('provider_refund_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount', sql`${t.amountKobo} > 0`),
    knownValues(t.status, REFUND_STATUSES),
    index('refunds_donation_idx').on(t.donationId),
  ],
);
