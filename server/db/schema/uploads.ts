import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { UPLOAD_PURPOSE_NAMES } from '../../../contract/uploads';
import { users } from './accounts';
import { knownValues } from './known-values';

/** An upload address given out and waiting for its form, or used by one. */
export const uploadStatuses = ['issued', 'used'] as const;

/**
 * One file a signed-in person was given an upload address for. The key is random and bound to its
 * owner and purpose; it is used once, when the form that names it is submitted. Rows still
 * 'issued' a day later (and their bytes) are removed by the cleanup job.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** Where the browser's bytes land; always under private/, never served as they came. */
    key: text('key').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: UPLOAD_PURPOSE_NAMES }).notNull(),
    fileName: text('file_name').notNull(),
    declaredType: text('declared_type').notNull(),
    status: text('status', { enum: uploadStatuses }).notNull().default('issued'),
    /** What the bytes are, read from them when the key was used. */
    detectedType: text('detected_type'),
    /** The key kept once used: a private/ copy of a document, or a public/ re-encoded image. */
    storedKey: text('stored_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_status_created_idx').on(t.status, t.createdAt),
    index('uploads_stored_key_idx').on(t.storedKey),
    knownValues(t.purpose, UPLOAD_PURPOSE_NAMES),
    knownValues(t.status, uploadStatuses),
    check(
      'uploads_used_has_type',
      sql`${t.status} = 'issued' or (${t.detectedType} is not null and ${t.storedKey} is not null)`,
    ),
  ],
);
