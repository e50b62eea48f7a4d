import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS } from '@contract/roles';
import type { Db } from '../../db/client';
import { phoneChanges, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { SmsSender } from '../../providers/sms/sms';
import { PHONE_CODE_MINUTES, phoneCodeSms } from './phone-code-sms';
import { phoneOnlyAccount } from './queries';

export const NUMBER_TAKEN = 'That phone number belongs to another account with no email. Choose another number.';
import { codeHash, randomCode, randomToken, sha256 } from './tokens';

export type PhoneCodeJob = { phoneChangeId: number };

const expiry = sql`now() + make_interval(mins => ${PHONE_CODE_MINUTES})`;

/**
 * Records the new number waiting to be proved and, in the same transaction, queues the SMS that
 * carries its code; any earlier number still waiting is dropped. The number on the account does not
 * change here. `countCode` runs once the request is found sound, just before the code is queued: the
 * limits every code by SMS shares (sms-code-limits.ts), which refuse by throwing. The caller wakes
 * JOB.phoneCode after this returns.
 */
export async function requestPhoneChange(
  deps: { db: Db; jobs: JobQueue },
  userId: number,
  phoneNumber: string,
  countCode: () => Promise<void>,
): Promise<{ message: string }> {
  const [user] = await deps.db
    .select({ phoneNumber: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'We could not find your account. Please sign in again.');
  if (user.phoneNumber === phoneNumber) {
    throw new AppError('bad_request', 'That is already the phone number on your account.');
  }
  // An account with no email is found by its number, so the number must be its alone (docs/decisions/0066).
  if (!user.email && (await phoneOnlyAccount(deps.db, phoneNumber))) throw new AppError('conflict', NUMBER_TAKEN);
  const [last] = await deps.db
    .select({ ageSeconds: sql<number>`extract(epoch from now() - ${phoneChanges.createdAt})::float8` })
    .from(phoneChanges)
    .where(eq(phoneChanges.userId, userId))
    .orderBy(desc(phoneChanges.createdAt), desc(phoneChanges.id))
    .limit(1);
  const wait = last ? Math.ceil(RESEND_COOLDOWN_SECONDS - Number(last.ageSeconds)) : 0;
  if (wait > 0) {
    throw new AppError('rate_limited', `Please wait ${wait} seconds before asking for another code.`, undefined, {
      'retry-after': String(wait),
    });
  }
  await countCode();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(phoneChanges)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(phoneChanges.userId, userId), isNull(phoneChanges.consumedAt)));
    // No code yet: the hash of a random token matches nothing until the job makes the real one.
    const [change] = await tx
      .insert(phoneChanges)
      .values({ userId, phoneNumber, codeHash: sha256(randomToken()), expiresAt: expiry })
      .returning({ id: phoneChanges.id });
    await deps.jobs.enqueue(tx as unknown as Db, JOB.phoneCode, { phoneChangeId: change!.id } satisfies PhoneCodeJob);
  });
  return {
    message: `We are sending a code by SMS to ${phoneNumber}. It expires in ${PHONE_CODE_MINUTES} minutes.`,
  };
}

/**
 * The job: makes a fresh 6-digit code for a number still waiting, stores only its hash and sends it
 * by SMS. The code exists only here and in the message; a retry after a failed send makes a new one,
 * so the one that arrives is the one that works.
 */
export async function sendPhoneCode(deps: { db: Db; sms: SmsSender }, job: PhoneCodeJob): Promise<void> {
  const [change] = await deps.db
    .select({ userId: phoneChanges.userId })
    .from(phoneChanges)
    .where(and(eq(phoneChanges.id, job.phoneChangeId), isNull(phoneChanges.consumedAt)));
  if (!change) return;
  const code = randomCode();
  const [sent] = await deps.db
    .update(phoneChanges)
    .set({ codeHash: codeHash(change.userId, code), expiresAt: expiry })
    .where(and(eq(phoneChanges.id, job.phoneChangeId), isNull(phoneChanges.consumedAt)))
    .returning({ phoneNumber: phoneChanges.phoneNumber });
  if (!sent) return;
  await deps.sms.send(phoneCodeSms(sent.phoneNumber, code));
}
