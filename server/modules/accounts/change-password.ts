import argon2 from 'argon2';
import type { ChangePassword } from '@contract/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { assertPasswordAllowed } from './password-policy';
import { findPasswordHash, replacePasswordHash, revokeOtherSessions } from './queries';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const NO_PASSWORD_YET =
  'Your account signs in with Google and has no password yet. Use "Forgot password" on the sign-in page to set one.';

/**
 * Changes the password of a signed-in user who proves the current one, then signs out every other
 * device: whoever knew the old password, or held another session, is out. The session that asked
 * stays signed in.
 */
export async function changePassword(
  db: Db,
  user: { id: number; sessionId: number },
  input: ChangePassword,
): Promise<void> {
  const oldHash = await findPasswordHash(db, user.id);
  if (!oldHash) throw new AppError('bad_request', NO_PASSWORD_YET);
  const ok = await argon2.verify(oldHash, input.currentPassword).catch(() => false);
  if (!ok)
    throw new AppError('validation_failed', WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  assertPasswordAllowed(input.newPassword, 'newPassword');
  const newHash = await argon2.hash(input.newPassword, { type: argon2.argon2id });
  await db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx as unknown as Db, user.id, oldHash, newHash))) {
      throw new AppError('conflict', 'Your password was changed a moment ago. Sign in again with the new one.');
    }
    await revokeOtherSessions(tx as unknown as Db, user.id, user.sessionId);
  });
}
