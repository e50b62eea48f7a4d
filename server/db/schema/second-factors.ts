import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PASSKEY_CHALLENGE_PURPOSES, SECOND_FACTOR_KINDS } from '../../../contract/second-factor';
import { users } from './accounts';
import { knownValues } from './known-values';

/**
 * A person's second factors (docs/decisions/0070): at most one authenticator app (TOTP) and any
 * number of passkeys, each named by its owner. An authenticator's secret is kept encrypted with a key
 * derived from the signing secret; a passkey keeps only its public key.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    name: text('name').notNull(),
    /** TOTP: the secret, AES-256-GCM encrypted (base64url of iv, tag and ciphertext). */
    secretSealed: text('secret_sealed'),
    /** TOTP: the last 30-second step a code was accepted for, so a code works once. */
    lastUsedStep: integer('last_used_step'),
    /** Passkey: the credential's id, base64url. */
    credentialId: text('credential_id'),
    /** Passkey: the COSE public key, base64url. */
    publicKey: text('public_key'),
    signCount: integer('sign_count'),
    transports: jsonb('transports').$type<string[]>(),
    /** TOTP: null until the first code proves the app holds the secret. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    knownValues(t.kind, SECOND_FACTOR_KINDS),
    check(
      'second_factors_kind_fields',
      sql`(${t.kind} = 'totp' and ${t.secretSealed} is not null and ${t.credentialId} is null)
       or (${t.kind} = 'passkey' and ${t.credentialId} is not null and ${t.publicKey} is not null and ${t.confirmedAt} is not null)`,
    ),
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_credential_key').on(t.credentialId),
    // One authenticator app in use per person; a set-up still waiting for its first code may sit beside it.
    uniqueIndex('second_factors_one_totp_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'totp' and ${t.confirmedAt} is not null`),
  ],
);

/** Ten single-use recovery codes per person, stored as SHA-256 digests; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recovery_codes_user_idx').on(t.userId),
    uniqueIndex('recovery_codes_hash_key').on(t.userId, t.codeHash),
  ],
);

/**
 * A sign-in whose password (or code) was right, waiting for the second factor: a random token the
 * browser holds, stored hashed, short-lived, with its own count of wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    userAgent: text('user_agent'),
    networkPrefix: text('network_prefix'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_challenges_user_idx').on(t.userId),
    check('sign_in_challenges_attempts', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A WebAuthn challenge the server issued, used once: for adding a passkey, a passkey sign-in, a
 * passkey as the second factor of a sign-in challenge, or a step-up.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
    /** Null only for a passkey sign-in, where the passkey itself says whose it is. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signInChallengeId: integer('sign_in_challenge_id').references(() => signInChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [knownValues(t.purpose, PASSKEY_CHALLENGE_PURPOSES)],
);
