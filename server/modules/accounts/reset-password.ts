import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verificationCodes } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../providers/mail/mail';
import { resetEmail } from './emails';
import { assertPasswordAllowed } from './password-policy';
import { consumeCode, findUserByEmail, insertCode, revokeAllSessions } from './queries';
import { randomToken, sha256 } from './tokens';
import { hashSecret } from './secret-hash';

export const FORGOT_REPLY =
  'If an account exists for that email, we have sent a link to reset the password. Check your inbox.';
const RESET_MINUTES = 60;

/** Queues a one-hour reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.jobs.enqueue(deps.db, JOB.resetLink, { userId: user.id, baseUrl: deps.baseUrl } satisfies ResetLinkJob, {
    singletonKey: `user:${user.id}`,
  });
  deps.jobs.wake(JOB.resetLink);
}

export type ResetLinkJob = { userId: number; baseUrl: string };

/**
 * The job: makes the link's token (replacing any open one) and mails it, so the readable token
 * exists only in the mail; a retry after a failed send makes a new one.
 */
export async function mailResetLink(deps: { db: Db; mailer: Mailer }, job: ResetLinkJob): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, job.userId));
  if (!user?.email) return;
  const token = randomToken();
  await insertCode(deps.db, user.id, 'reset_password', sha256(token), RESET_MINUTES);
  await deps.mailer.send(resetEmail(user.email, user.firstName, `${job.baseUrl}/reset-password/${token}`));
}

/** Sets a new password from a reset link (single use) and signs out every session of the account. */
export async function resetPassword(deps: { db: Db }, input: { token: string; newPassword: string }): Promise<void> {
  const [code] = await deps.db
    .select({
      id: verificationCodes.id,
      userId: verificationCodes.userId,
      expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.codeHash, sha256(input.token)),
        eq(verificationCodes.purpose, 'reset_password'),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .limit(1);
  if (!code)
    throw new AppError('bad_request', 'This reset link is not valid or has already been used. Ask for a new one.');
  if (code.expired) throw new AppError('bad_request', 'This reset link has expired. Ask for a new one.');
  await assertPasswordAllowed(input.newPassword, 'newPassword');
  const passwordHash = await hashSecret(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // Two clicks racing: only the first one changes the password.
    if (!(await consumeCode(tx as unknown as Db, code.id)))
      throw new AppError('bad_request', 'This reset link is not valid or has already been used. Ask for a new one.');
    // Proving control of the mailbox also verifies the email.
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, code.userId));
    await revokeAllSessions(tx as unknown as Db, code.userId);
  });
}
