import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * WhatsApp messages the Cloud API took and whose fate its status webhook has yet to tell
 * (docs/decisions/0069): kept only while the webhook is configured. A `failed` status turns the row
 * into the SMS that takes over, and a `delivered` or `read` one removes it, so a row lives only as
 * long as the text might still be needed.
 */
export const whatsappPendingMessages = pgTable(
  'whatsapp_pending_messages',
  {
    /** The id the Cloud API answered the send with (`wamid.…`), which its statuses name. */
    providerMessageId: text('provider_message_id').primaryKey(),
    /** The WhatsApp job that sent it: the SMS taking over gets its id from this one, once. */
    jobId: text('job_id').notNull(),
    /** The number and text exactly as the job had them, for the SMS. */
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_pending_messages_sent_idx').on(t.sentAt)],
);
