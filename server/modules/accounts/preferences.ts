import { eq, sql } from 'drizzle-orm';
import type { Preferences } from '@contract/account-preferences';
import { sendsEmail, sendsSms, type NotifyBy } from '@contract/sms';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/all';
import { AppError } from '../../http/errors';

export const NO_PHONE_FOR_SMS = 'Add a phone number to your account before choosing SMS.';
export const NO_EMAIL_FOR_MAIL = 'Your account has no email, so we tell you by SMS.';

const SAVED: Record<NotifyBy, string> = {
  email: 'Saved. We will tell you about your request by email.',
  sms: 'Saved. We will tell you about your request by SMS.',
  both: 'Saved. We will tell you about your request by email and SMS.',
};

export async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db
    .select({ notifyBy: users.notifyBy, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'We could not find your account. Please sign in again.');
  return row;
}

/** Saves how the person is told; SMS needs a number to send to, checked in the same statement. */
export async function savePreferences(
  db: Db,
  userId: number,
  notifyBy: NotifyBy,
): Promise<{ message: string; notifyBy: NotifyBy }> {
  const needsPhone = sendsSms(notifyBy);
  // An account with no email is told by SMS only (docs/decisions/0066).
  const needsEmail = sendsEmail(notifyBy);
  const updated = await db
    .update(users)
    .set({ notifyBy, updatedAt: sql`now()` })
    .where(
      sql`${users.id} = ${userId} and ${needsPhone ? sql`${users.phoneNumber} is not null` : sql`true`} and ${needsEmail ? sql`${users.email} is not null` : sql`true`}`,
    )
    .returning({ id: users.id });
  if (updated.length === 0) {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (row && needsEmail && !row.email) throw new AppError('bad_request', NO_EMAIL_FOR_MAIL);
    if (row && needsPhone) throw new AppError('bad_request', NO_PHONE_FOR_SMS);
    throw new AppError('not_found', 'We could not find your account. Please sign in again.');
  }
  return { message: SAVED[notifyBy], notifyBy };
}
