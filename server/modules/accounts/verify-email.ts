import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verificationCodes } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB, enqueueMail } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { welcomeEmail } from './emails';
import { assertPasswordAllowed } from './password-policy';
import { consumeCode, findUserByEmail, latestCode, revokeAllSessions } from './queries';
import type { FinishSignIn, SignInReply } from './second-factor/finish-sign-in';
import { codeHash } from './tokens';
import { hashSecret, secretMatches } from './secret-hash';

export const MAX_CODE_ATTEMPTS = 5;

const NOT_VALID = 'That code is not valid. Ask for a new code and try again.';
const TOO_MANY_TRIES = 'Too many wrong tries. Ask for a new code.';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks the 6-digit code; on success marks the email verified and signs the user in.
 *
 * Every try is counted before the code is compared, in one conditional UPDATE, so no number of
 * parallel guesses gets a sixth try. The first verification proves control of the inbox, so it ends
 * every credential the mailbox owner did not set: a password is kept only when the person presents
 * it (or sets a new one here), and every earlier session is revoked.
 */
export async function verifyEmail(
  deps: { db: Db; jobs: JobQueue },
  input: { email: string; token: string; password?: string },
  finish: FinishSignIn,
): Promise<SignInReply> {
  const user = await findUserByEmail(deps.db, input.email);
  const code = user ? await latestCode(deps.db, user.id, 'verify_email') : undefined;
  if (!user || !code || code.consumedAt) throw new AppError('bad_request', NOT_VALID);

  const [tried] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, code.id),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (!tried) {
    const now = await latestCode(deps.db, user.id, 'verify_email');
    if (now && now.id === code.id && !now.consumedAt && now.expired && now.attempts < MAX_CODE_ATTEMPTS) {
      throw new AppError('bad_request', 'That code has expired. Ask for a new code.');
    }
    throw new AppError('bad_request', now?.consumedAt || now?.id !== code.id ? NOT_VALID : TOO_MANY_TRIES);
  }
  if (!sameHash(code.codeHash, codeHash(user.id, input.token))) {
    const left = MAX_CODE_ATTEMPTS - tried.attempts;
    throw new AppError(
      'bad_request',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : TOO_MANY_TRIES,
    );
  }

  const firstVerification = user.emailVerifiedAt === null;
  let passwordHash = user.passwordHash;
  if (firstVerification) {
    const presented = input.password;
    const keeps =
      presented !== undefined && user.passwordHash !== null && (await secretMatches(user.passwordHash, presented));
    if (!keeps) {
      if (presented !== undefined) await assertPasswordAllowed(presented);
      passwordHash = presented !== undefined ? await hashSecret(presented) : null;
    }
  }

  await deps.db.transaction(async (tx) => {
    // Two right answers racing: only one of them signs in.
    if (!(await consumeCode(tx as unknown as Db, code.id))) throw new AppError('bad_request', NOT_VALID);
    if (firstVerification) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await revokeAllSessions(tx as unknown as Db, user.id);
      // Found by its email, so it has one.
      await enqueueMail(deps.jobs, tx as unknown as Db, welcomeEmail(user.email!, user.firstName, user.roleName));
    }
  });
  if (firstVerification) deps.jobs.wake(JOB.mail);
  return finish(user.id);
}
