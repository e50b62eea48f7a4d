import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { HELP_LINE, needsPhone } from '@contract/sms';
import type { Db } from '../../db/client';
import { phoneChanges, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB, enqueueSms } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { mailNotice } from '../notifications/tell-user';
import { notifyAndFindAddress } from '../notifications/queries';
import { phoneOnlyAccount } from './queries';
import { NUMBER_TAKEN } from './request-phone-change';
import { codeHash } from './tokens';
import { MAX_CODE_ATTEMPTS } from './verify-email';

const NOTHING_WAITING = 'There is no code waiting for this account. Ask for a new code.';
const TOO_MANY_TRIES = 'Too many wrong tries. Ask for a new code.';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function newestChange(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: phoneChanges.id,
      phoneNumber: phoneChanges.phoneNumber,
      codeHash: phoneChanges.codeHash,
      attempts: phoneChanges.attempts,
      consumedAt: phoneChanges.consumedAt,
      expired: sql<boolean>`${phoneChanges.expiresAt} <= now()`,
    })
    .from(phoneChanges)
    .where(eq(phoneChanges.userId, userId))
    .orderBy(desc(phoneChanges.createdAt), desc(phoneChanges.id))
    .limit(1);
  return row;
}

/**
 * Checks the code sent to the caller's newest waiting number; only then does the number on the
 * account change. Every try is counted before the code is compared, in one conditional UPDATE, so
 * parallel guesses get no more than MAX_CODE_ATTEMPTS. The person is told in the app, by mail and,
 * when they take SMS, at the old number, so a change made from a stolen session is noticed.
 */
export async function confirmPhoneChange(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  user: { id: number; role: string },
  code: string,
): Promise<{ message: string; phoneNumber: string }> {
  const change = await newestChange(deps.db, user.id);
  if (!change || change.consumedAt) throw new AppError('bad_request', NOTHING_WAITING);
  const [tried] = await deps.db
    .update(phoneChanges)
    .set({ attempts: sql`${phoneChanges.attempts} + 1` })
    .where(
      and(
        eq(phoneChanges.id, change.id),
        eq(phoneChanges.userId, user.id),
        lt(phoneChanges.attempts, MAX_CODE_ATTEMPTS),
        isNull(phoneChanges.consumedAt),
        gt(phoneChanges.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: phoneChanges.attempts });
  if (!tried) {
    const now = await newestChange(deps.db, user.id);
    if (!now || now.id !== change.id || now.consumedAt) throw new AppError('bad_request', NOTHING_WAITING);
    if (now.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('bad_request', TOO_MANY_TRIES);
    throw new AppError('bad_request', 'That code has expired. Ask for a new code.');
  }
  if (!sameHash(change.codeHash, codeHash(user.id, code))) {
    const left = MAX_CODE_ATTEMPTS - tried.attempts;
    throw new AppError(
      'bad_request',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : TOO_MANY_TRIES,
    );
  }

  const phoneNumber = change.phoneNumber;
  let textedOldNumber = false;
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // Two right answers racing: only one of them changes the number.
    const consumed = await tx
      .update(phoneChanges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(phoneChanges.id, change.id), isNull(phoneChanges.consumedAt)))
      .returning({ id: phoneChanges.id });
    if (consumed.length === 0) throw new AppError('bad_request', NOTHING_WAITING);
    const [before] = await tx
      .select({ phoneNumber: users.phoneNumber, notifyBy: users.notifyBy })
      .from(users)
      .where(eq(users.id, user.id));
    // The number may have gone to another account with no email since the code was sent (docs/decisions/0066).
    const [self] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    if (!self?.email && (await phoneOnlyAccount(db, phoneNumber))) throw new AppError('conflict', NUMBER_TAKEN);
    await tx
      .update(users)
      .set({ phoneNumber, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));

    const message = `Your phone number was changed to ${phoneNumber}. If you did not do this, call ${HELP_LINE} and change your password.`;
    const link = user.role === 'recipient' || user.role === 'organization' ? `/${user.role}/settings` : '/';
    // Mailed whatever the person chose: the old channel is where a stranger's change is noticed.
    const address = await notifyAndFindAddress(db, user.id, message, link);
    if (address?.email) {
      await mailNotice({ ...deps, db }, address.email, address.firstName, {
        subject: 'Your phone number was changed',
        message,
        link,
      });
    }
    // By SMS also for someone who chose WhatsApp: word of a changed number is a security notice.
    if (before?.phoneNumber && needsPhone(before.notifyBy)) {
      await enqueueSms(deps.jobs, db, {
        to: before.phoneNumber,
        text: `Gift of Independence: the phone number on your account was changed to ${phoneNumber}. If you did not do this, call ${HELP_LINE}.`,
      });
      textedOldNumber = true;
    }
  });
  deps.jobs.wake(JOB.mail);
  if (textedOldNumber) deps.jobs.wake(JOB.sms);
  return { message: `Your phone number is now ${phoneNumber}.`, phoneNumber };
}
