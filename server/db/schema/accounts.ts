import { sql } from 'drizzle-orm';
import {
  EMPLOYMENT_STATUSES,
  GENDERS,
  ID_HOLDERS,
  ORGANIZATION_DOCUMENT_TYPES,
  RECIPIENT_ID_TYPES,
} from '../../../contract/onboarding';
import { PUBLIC_NAME_CHOICES } from '../../../contract/public-name';
import { NOTIFY_BY } from '../../../contract/sms';
import {
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
import { knownValues } from './known-values';

/** What a code sent by mail proves: the address is the person's, or they may set a new password. */
export const verificationPurposes = ['verify_email', 'reset_password'] as const;

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  // recipient, donor and organization are the self-service roles; any other name is an admin role.
  name: text('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null for an account known only by its phone number (docs/decisions/0066). */
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    googleSubject: text('google_subject').unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isOnboardingComplete: boolean('is_onboarding_complete').notNull().default(false),
    /** How a recipient or organization is told of changes (docs/decisions/0042): mail, SMS or both. */
    notifyBy: text('notify_by', { enum: NOTIFY_BY }).notNull().default('email'),
    /** Set on an account an admin made with a temporary password: the owner chooses their own at first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When an admin deleted the account: it cannot sign in, its personal data is erased, its gifts and campaigns stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Emails are compared case-insensitively; callers store them lower-cased.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    knownValues(t.notifyBy, NOTIFY_BY),
    check('users_phone_format', sql`${t.phoneNumber} is null or ${t.phoneNumber} ~ '^\\+234[0-9]{7,11}$'`),
    // Every account is reached somehow: by mail, by SMS, or both (docs/decisions/0066).
    check('users_email_or_phone', sql`${t.email} is not null or ${t.phoneNumber} is not null`),
    // A number signs in to the one live account that has no email (docs/decisions/0066); accounts
    // with an email may share a number, as families share phones (docs/decisions/0045).
    uniqueIndex('users_phone_only_key')
      .on(t.phoneNumber)
      .where(sql`${t.email} is null and ${t.deletedAt} is null`),
    index('users_role_idx').on(t.roleId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token; the token itself is never stored.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** The network the session was opened from, as the sessions list shows it (never the whole address). */
    networkPrefix: text('network_prefix'),
    /** The last second-factor check on this session: the acts that move money or power need one within minutes (docs/decisions/0071). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: verificationPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_idx').on(t.userId, t.purpose),
    index('verification_codes_hash_idx').on(t.codeHash),
    check('verification_codes_attempts', sql`${t.attempts} >= 0`),
    knownValues(t.purpose, verificationPurposes),
  ],
);

/**
 * A code sent by SMS to sign in or sign up with a phone number (docs/decisions/0066), hashed with
 * the number. Kept by number, not by account, so asking for a code says nothing about whether the
 * number has an account.
 */
export const phoneSignInCodes = pgTable(
  'phone_sign_in_codes',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_sign_in_codes_phone_idx').on(t.phoneNumber, t.createdAt.desc()),
    check('phone_sign_in_codes_phone_format', sql`${t.phoneNumber} ~ '^\\+234[0-9]{7,11}$'`),
    check('phone_sign_in_codes_attempts', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A new phone number waiting to be proved: the code sent to it by SMS, hashed. The number on the
 * account changes only when the code comes back.
 */
export const phoneChanges = pgTable(
  'phone_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_changes_user_idx').on(t.userId, t.createdAt.desc()),
    check('phone_changes_phone_format', sql`${t.phoneNumber} ~ '^\\+234[0-9]{7,11}$'`),
    check('phone_changes_attempts', sql`${t.attempts} >= 0`),
  ],
);

export const recipientProfiles = pgTable(
  'recipient_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gender: text('gender', { enum: GENDERS }).notNull(),
    age: integer('age').notNull(),
    stateOfOrigin: text('state_of_origin').notNull(),
    bio: text('bio').notNull(),
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }).notNull(),
    idType: text('id_type', { enum: RECIPIENT_ID_TYPES }).notNull(),
    /** 'parentOrGuardian' when a minor or a person without ID sent a parent's or guardian's (product notes 1). */
    idHolder: text('id_holder', { enum: ID_HOLDERS }).notNull().default('self'),
    profilePhotoKey: text('profile_photo_key'),
    idDocumentKey: text('id_document_key'),
    /** How the name appears on public pages (product notes 3): 'first_initial' shows "Ada O.". */
    publicName: text('public_name', { enum: PUBLIC_NAME_CHOICES }).notNull().default('first_initial'),
    /** Whether public pages may show the state of origin. */
    showState: boolean('show_state').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recipient_profiles_age', sql`${t.age} between 1 and 120`),
    knownValues(t.gender, GENDERS),
    knownValues(t.employmentStatus, EMPLOYMENT_STATUSES),
    knownValues(t.idType, RECIPIENT_ID_TYPES),
    knownValues(t.idHolder, ID_HOLDERS),
    knownValues(t.publicName, PUBLIC_NAME_CHOICES),
  ],
);

export const organizationProfiles = pgTable(
  'organization_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationName: text('organization_name').notNull(),
    yearOfEstablishment: integer('year_of_establishment'),
    stateOfOperation: text('state_of_operation'),
    organizationBio: text('organization_bio'),
    idType: text('id_type', { enum: ORGANIZATION_DOCUMENT_TYPES }),
    profilePhotoKey: text('profile_photo_key'),
    idDocumentKey: text('id_document_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organization_profiles_name', sql`length(trim(${t.organizationName})) > 0`),
    check('organization_profiles_year', sql`${t.yearOfEstablishment} is null or ${t.yearOfEstablishment} >= 1900`),
    knownValues(t.idType, ORGANIZATION_DOCUMENT_TYPES),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    linkTo: text('link_to'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc())],
);

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_entity_idx').on(t.entityType, t.entityId)],
);
