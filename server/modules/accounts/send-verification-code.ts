import { eq } from 'drizzle-orm';
import { RESEND_COOLDOWN_SECONDS } from '@contract/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mail';
import { verificationEmail } from './emails';
import { insertCode, latestCode } from './queries';
import { codeHash, randomCode } from './tokens';

export const CODE_MINUTES = 10;

/** Seconds until another code may be sent; 0 when one may be sent now. */
export async function resendWait(db: Db, userId: number): Promise<number> {
  const last = await latestCode(db, userId, 'verify_email');
  if (!last) return 0;
  return Math.max(0, Math.ceil(RESEND_COOLDOWN_SECONDS - last.ageSeconds));
}

/**
 * Queues a verification-code mail through `db` (the caller's transaction, when there is one) and
 * enforces the 60-second cooldown. The caller wakes the queue after commit.
 */
export async function requestVerificationCode(
  deps: { db: Db; jobs: JobQueue },
  userId: number,
  { enforceCooldown = true } = {},
): Promise<void> {
  if (enforceCooldown) {
    const wait = await resendWait(deps.db, userId);
    if (wait > 0) {
      throw new AppError('rate_limited', `Please wait ${wait} seconds before asking for another code.`, undefined, {
        'retry-after': String(wait),
      });
    }
  }
  // One waiting job per person: asking again before it ran does not send two codes.
  await deps.jobs.enqueue(deps.db, JOB.verificationCode, { userId }, { singletonKey: `user:${userId}` });
}

/**
 * The job: makes a fresh 6-digit code (replacing any open one) and mails it. The code exists only in
 * this function and in the mail; a retry after a failed send makes a new one, so the one that
 * arrives is the one that works.
 */
export async function mailVerificationCode(deps: { db: Db; mailer: Mailer }, userId: number): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  // An account with no email proved its number by the code that signed it in (docs/decisions/0066).
  if (!user?.email || user.verifiedAt) return;
  const code = randomCode();
  await insertCode(deps.db, user.id, 'verify_email', codeHash(user.id, code), CODE_MINUTES);
  await deps.mailer.send(verificationEmail(user.email, user.firstName, code));
}
