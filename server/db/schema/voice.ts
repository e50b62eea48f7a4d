import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { VOICE_CALL_STAGES } from '../../../contract/voice';
import { users } from './accounts';
import { knownValues } from './known-values';

/**
 * A person's voice PIN (docs/decisions/0068): a keyed hash, never the digits. Wrong PINs on the line
 * count here, and three of them lock voice sign-in for the number until `locked_until`.
 */
export const voicePins = pgTable(
  'voice_pins',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null while a PIN asked for by SMS is on its way (the job makes it). */
    pinHash: text('pin_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When a PIN was last sent by SMS, so the line does not send one on every call. */
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('voice_pins_failed_attempts', sql`${t.failedAttempts} >= 0`)],
);

/**
 * One call on the voice line (docs/decisions/0067), by the provider's session id: who is calling,
 * where the call stands, how often the caller stayed silent, the last key pressed. In the database,
 * not in memory, since each request of a call may reach a different instance.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    sessionId: text('session_id').primaryKey(),
    callerNumber: text('caller_number').notNull(),
    /** The account the number belongs to; known before the PIN, trusted only after it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    stage: text('stage', { enum: VOICE_CALL_STAGES }).notNull(),
    /** Set once the caller gave the right PIN. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    silences: integer('silences').notNull().default(0),
    lastKey: text('last_key'),
    /** The collection times read out as choices 1, 2, 3, so the key pressed books the time heard. */
    offeredSlotIds: integer('offered_slot_ids').array(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [
    knownValues(t.stage, VOICE_CALL_STAGES),
    check('voice_calls_silences', sql`${t.silences} >= 0`),
    index('voice_calls_started_idx').on(t.startedAt),
  ],
);

/** Someone on the voice line asked to be called back; an admin calls them and marks it done with a note. */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    /** The person, when the number is an account's. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    /** What the caller pressed last before asking, so the admin knows what they were after. */
    lastKey: text('last_key'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    index('callback_requests_open_idx').on(t.doneAt, t.requestedAt),
    check('callback_requests_done_note', sql`(${t.doneAt} is null) = (${t.note} is null)`),
  ],
);
