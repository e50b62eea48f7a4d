import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { knownValues } from './known-values';

/**
 * What a mailed privacy link does when opened (docs/decisions/0054): erase a signed-in person's
 * account, or download or erase the guest gifts given with an address.
 */
export const privacyRequestKinds = ['account_erase', 'guest_export', 'guest_erase'] as const;

/**
 * A one-time link mailed to prove a person holds the inbox: only the token's hash is kept. An
 * account request names the account; a guest request names the address, which is cleared once used.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: privacyRequestKinds }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('privacy_requests_user_idx').on(t.userId),
    index('privacy_requests_expires_idx').on(t.expiresAt),
    knownValues(t.kind, privacyRequestKinds),
    check(
      'privacy_requests_subject',
      sql`(${t.kind} = 'account_erase' and ${t.userId} is not null) or (${t.kind} <> 'account_erase' and ${t.userId} is null)`,
    ),
    check('privacy_requests_email_lowercase', sql`${t.email} is null or ${t.email} = lower(${t.email})`),
  ],
);
