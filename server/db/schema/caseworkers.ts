import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONSENT_METHODS } from '../../../contract/caseworkers';
import { users } from './accounts';
import { knownValues } from './known-values';

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
