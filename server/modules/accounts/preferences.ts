import { eq, sql } from 'drizzle-orm';
import type { Preferences } from '@contract/account-preferences';
import { needsPhone, sendsEmail, sendsWhatsApp, type NotifyBy } from '@contract/sms';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/all';
import { AppError } from '../../http/errors';

export const NO_PHONE_FOR_SMS = 'Add a phone number to your account before choosing SMS.';
export const NO_PHONE_FOR_WHATSAPP = 'Add a phone number to your account before choosing WhatsApp.';
export const NO_EMAIL_FOR_MAIL = 'Your account has no email, so we tell you by SMS.';

const SAVED: Record<NotifyBy, string> = {
  email: 'Saved. We will tell you about your request by email.',
  sms: 'Saved. We will tell you about your request by SMS.',
  both: 'Saved. We will tell you about your request by email and SMS.',
  whatsapp: 'Saved. We will tell you about your request by WhatsApp, or by SMS when WhatsApp cannot deliver.',
};

export async function readPreferences(db: Db, userId: number): Promise<Preferences> {
  const [row] = await db
    .select({ notifyBy: users.notifyBy, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'We could not find your account. Please sign in again.');
  return row;
}

/** Saves how the person is told; SMS and WhatsApp need a number to send to, checked in the same statement. */
export async function savePreferences(
  db: Db,
  userId: number,
  notifyBy: NotifyBy,
): Promise<{ message: string; notifyBy: NotifyBy }> {
  const phoneNeeded = needsPhone(notifyBy);
  // An account with no email is told on its phone only (docs/decisions/0066).
  const emailNeeded = sendsEmail(notifyBy);
  const updated = await db
    .update(users)
    .set({ notifyBy, updatedAt: sql`now()` })
    .where(
      sql`${users.id} = ${userId} and ${phoneNeeded ? sql`${users.phoneNumber} is not null` : sql`true`} and ${emailNeeded ? sql`${users.email} is not null` : sql`true`}`,
    )
    .returning({ id: users.id });
  if (updated.length === 0) {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (row && emailNeeded && !row.email) throw new AppError('bad_request', NO_EMAIL_FOR_MAIL);
    if (row && phoneNeeded)
      throw new AppError('bad_request', sendsWhatsApp(notifyBy) ? NO_PHONE_FOR_WHATSAPP : NO_PHONE_FOR_SMS);
    throw new AppError('not_found', 'We could not find your account. Please sign in again.');
  }
  return { message: SAVED[notifyBy], notifyBy };
}
