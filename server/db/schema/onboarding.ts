import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ONBOARDING_KINDS, ONBOARDING_REVIEW_STATUSES } from '../../../contract/onboarding-review';
import { users } from './accounts';
import { knownValues } from './known-values';

/**
 * Every version of a person's onboarding, as they sent it: the wizard's answers and the stored keys
 * of its files, kept with the version so an admin can see what changed between a correction request
 * and the resubmission. The latest version's status is the person's verification; their profile
 * row holds what the latest version said.
 */
export const onboardingSubmissions = pgTable(
  'onboarding_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ONBOARDING_KINDS }).notNull(),
    version: integer('version').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ONBOARDING_REVIEW_STATUSES }).notNull().default('submitted'),
    /** The admin's reason when they ask for a correction. */
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onboarding_submissions_version_key').on(t.userId, t.version),
    index('onboarding_submissions_queue_idx').on(t.status, t.createdAt, t.id),
    check('onboarding_submissions_version', sql`${t.version} >= 1`),
    knownValues(t.kind, ONBOARDING_KINDS),
    knownValues(t.status, ONBOARDING_REVIEW_STATUSES),
    check(
      'onboarding_submissions_correction_note',
      sql`${t.status} <> 'correction_requested' or length(trim(coalesce(${t.reviewNote}, ''))) > 0`,
    ),
  ],
);
