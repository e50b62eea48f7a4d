import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { donations } from './giving';
import { knownValues } from './known-values';
import { MODERATION_STATUSES } from '../../../contract/moderation';
import { SUPPORT_MESSAGE_MAX } from '../../../contract/support-message-limits';

/**
 * Words of support: what a donor wrote at checkout, one per donation. Shown on each campaign the
 * paid gift landed on once an admin approves them; a donation never paid is never shown or queued.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    donationId: integer('donation_id')
      .notNull()
      .unique()
      .references(() => donations.id, { onDelete: 'cascade' }),
    /** Plain text as typed (trimmed); shown as text, never as markup. */
    body: text('body').notNull(),
    /** Shown as "Anonymous" instead of the donor's name. */
    anonymous: boolean('anonymous').notNull().default(false),
    status: text('status', { enum: MODERATION_STATUSES }).notNull().default('awaiting_review'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_messages_body', sql`char_length(${t.body}) between 1 and ${sql.raw(String(SUPPORT_MESSAGE_MAX))}`),
    knownValues(t.status, MODERATION_STATUSES),
    index('support_messages_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);
