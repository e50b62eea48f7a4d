import type { PhoneLoginInput } from '@contract/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { findUserByEmail, phoneOnlyAccount } from './queries';
import { requestVerificationCode, resendWait } from './send-verification-code';
import type { FinishSignIn, SignInReply } from './second-factor/finish-sign-in';
import { hashSecret, secretMatches } from './secret-hash';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const WRONG_PHONE_CREDENTIALS = 'Incorrect phone number or password.';

// Verified against when the email is unknown, so a wrong email takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Email and password sign-in. Never says which of the two was wrong. */
export async function signIn(
  deps: { db: Db; jobs: JobQueue },
  input: { email: string; password: string },
  finish: FinishSignIn,
): Promise<SignInReply> {
  const user = await findUserByEmail(deps.db, input.email);
  dummyHash ??= hashSecret('not-a-real-password');
  const hash = user?.passwordHash ?? (await dummyHash);
  const ok = await secretMatches(hash, input.password);
  if (!user || !user.passwordHash || !ok || user.deletedAt) throw new AppError('unauthorized', WRONG_CREDENTIALS);
  if (!user.emailVerifiedAt) {
    if ((await resendWait(deps.db, user.id)) === 0) {
      await requestVerificationCode(deps, user.id, { enforceCooldown: false });
      deps.jobs.wake(JOB.verificationCode);
    }
    throw new AppError(
      'forbidden',
      'Please verify your email first. We have sent a 6-digit code to your inbox.',
      undefined,
      undefined,
    ).withCode('email_not_verified');
  }
  return finish(user.id);
}

/**
 * Phone number and password sign-in (docs/decisions/0066): only the live account with no email that
 * holds the number, the one a code sent to it signs in to, and only once it has set a password.
 * Never says whether the number has an account.
 */
export async function signInByPhone(
  deps: { db: Db },
  input: PhoneLoginInput,
  finish: FinishSignIn,
): Promise<SignInReply> {
  const user = await phoneOnlyAccount(deps.db, input.phoneNumber);
  dummyHash ??= hashSecret('not-a-real-password');
  const hash = user?.passwordHash ?? (await dummyHash);
  const ok = await secretMatches(hash, input.password);
  if (!user || !user.passwordHash || !ok) throw new AppError('unauthorized', WRONG_PHONE_CREDENTIALS);
  return finish(user.id);
}
