import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORGANIZATION_ROLES } from '../../../contract/organization-team';
import { users } from './accounts';
import { knownValues } from './known-values';

/**
 * An organization's team (docs/decisions/0075): each row is a member (a person's account acting
 * for the organization, caseworkers included) or an invitation still open, in one list with one
 * numbering, as the Team page shows them. The organization is the account that signed it up, and
 * that account is its first owner. An invitation keeps only its token's hash; accepting fills in the
 * person and clears the token.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's own account; null while the row is an invitation. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    /** Where an invitation was sent: an email address, a phone number, or both. */
    email: text('email'),
    phoneNumber: text('phone_number'),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [
    index('organization_members_organization_idx').on(t.organizationId),
    // A person belongs to one organization at a time.
    uniqueIndex('organization_members_user_key').on(t.userId),
    uniqueIndex('organization_members_token_key').on(t.tokenHash),
    knownValues(t.role, ORGANIZATION_ROLES),
    check('organization_members_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check(
      'organization_members_member_or_invitation',
      sql`(${t.userId} is not null and ${t.joinedAt} is not null and ${t.tokenHash} is null)
          or (${t.userId} is null and ${t.tokenHash} is not null and ${t.expiresAt} is not null
              and (${t.email} is not null or ${t.phoneNumber} is not null))`,
    ),
  ],
);
