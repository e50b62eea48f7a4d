import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { knownValues } from './known-values';

export const idempotencyStatuses = ['running', 'done'] as const;

/**
 * The first answer to each `Idempotency-Key` a caller sent (decision 0082), kept a day in the
 * database so that a repeat reaching any instance is answered the same. A row is `running` while its
 * first request runs, under a lease a dead instance cannot hold past `locked_until`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a signed-in caller, `guest` otherwise: the key itself is the guest's secret. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, route, path parameters and body: a repeat must match it. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: idempotencyStatuses }).notNull().default('running'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    replyStatus: integer('reply_status'),
    replyType: text('reply_type'),
    replyBody: text('reply_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.key] }),
    knownValues(t.status, idempotencyStatuses),
    check('idempotency_keys_reply', sql`${t.status} = 'running' or ${t.replyStatus} is not null`),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
