import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONSENT_METHODS } from '../../../contract/caseworkers';
import { users } from './accounts';
import { knownValues } from './known-values';

/** A caseworker's account belongs to the organization that invited them (docs/decisions/0043). */
export const caseworkers = pgTable(
  'caseworkers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caseworkers_organization_idx').on(t.organizationId)],
);

/** An organization's invitation to a caseworker, by mail: only the token's hash is kept. */
export const caseworkerInvites = pgTable(
  'caseworker_invites',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('caseworker_invites_organization_idx').on(t.organizationId),
    check('caseworker_invites_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A recipient whose application a caseworker made on their behalf, and how the recipient consented:
 * a signed form (its upload's storage key, never public) or spoken consent on a date before a witness.
 */
export const assistedApplications = pgTable(
  'assisted_applications',
  {
    recipientId: integer('recipient_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseworkerId: integer('caseworker_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => users.id, { onDelete: 'set null' }),
    consentMethod: text('consent_method', { enum: CONSENT_METHODS }).notNull(),
    consentFormKey: text('consent_form_key'),
    consentGivenOn: date('consent_given_on').notNull(),
    witnessName: text('witness_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assisted_applications_caseworker_idx').on(t.caseworkerId),
    uniqueIndex('assisted_applications_form_key').on(t.consentFormKey),
    knownValues(t.consentMethod, CONSENT_METHODS),
    check(
      'assisted_applications_consent',
      sql`(${t.consentMethod} = 'signed_form' and ${t.consentFormKey} is not null)
          or (${t.consentMethod} = 'spoken' and ${t.witnessName} is not null and length(trim(${t.witnessName})) > 0)`,
    ),
  ],
);
