import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AuthReply } from '@contract/auth';
import type { Db } from '../../db/client';
import { users, verificationCodes } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../providers/mail/mail';
import { welcomeEmail } from './emails';
import { findUserByEmail, latestCode } from './queries';
import { startSession } from './sessions';
import { codeHash } from './tokens';

export const MAX_CODE_ATTEMPTS = 5;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks the 6-digit code; on success marks the email verified and signs the user in. */
export async function verifyEmail(
  deps: { db: Db; mailer: Mailer; sessionDays: number },
  input: { email: string; token: string },
  userAgent?: string,
): Promise<AuthReply> {
  const user = await findUserByEmail(deps.db, input.email);
  const code = user ? await latestCode(deps.db, user.id, 'verify_email') : undefined;
  if (!user || !code || code.consumedAt) {
    throw new AppError('bad_request', 'That code is not valid. Ask for a new code and try again.');
  }
  if (code.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError('bad_request', 'Too many wrong tries. Ask for a new code.');
  }
  if (code.expired) throw new AppError('bad_request', 'That code has expired. Ask for a new code.');
  if (!sameHash(code.codeHash, codeHash(user.id, input.token))) {
    const [row] = await deps.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, code.id))
      .returning({ attempts: verificationCodes.attempts });
    const left = MAX_CODE_ATTEMPTS - (row?.attempts ?? MAX_CODE_ATTEMPTS);
    throw new AppError(
      'bad_request',
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'Too many wrong tries. Ask for a new code.',
    );
  }
  await deps.db.update(verificationCodes).set({ consumedAt: sql`now()` }).where(eq(verificationCodes.id, code.id));
  const firstVerification = user.emailVerifiedAt === null;
  if (firstVerification) {
    await deps.db.update(users).set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    // A welcome mail that fails to send must not stop the person signing in.
    await deps.mailer.send(welcomeEmail(user.email, user.firstName, user.roleName)).catch(() => undefined);
  }
  return startSession(deps.db, user.id, deps.sessionDays, userAgent);
}
