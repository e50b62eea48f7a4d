import { CURRENT_PASSWORD_WORDS, type ChangePassword } from '@contract/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { assertPasswordAllowed } from './password-policy';
import { findPasswordState, replacePasswordHash, revokeOtherSessions, setFirstPasswordHash } from './queries';
import { hashSecret, secretMatches } from './secret-hash';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const NO_PASSWORD_YET =
  'Your account signs in with Google and has no password yet. Use "Forgot password" on the sign-in page to set one.';

/**
 * Changes the password of a signed-in user who proves the current one, then signs out every other
 * device: whoever knew the old password, or held another session, is out. The session that asked
 * stays signed in. A phone-only account with no password yet sets its first one without a current
 * one: its session was proved by a code sent to its phone (docs/decisions/0066). An account with
 * an email and no password (Google) sets one through the emailed reset link instead.
 */
export async function changePassword(
  db: Db,
  user: { id: number; sessionId: number },
  input: ChangePassword,
): Promise<'set' | 'changed'> {
  const state = await findPasswordState(db, user.id);
  const oldHash = state?.passwordHash;
  if (!oldHash) {
    if (!state || state.email !== null) throw new AppError('bad_request', NO_PASSWORD_YET);
    await assertPasswordAllowed(input.newPassword, 'newPassword');
    const firstHash = await hashSecret(input.newPassword);
    await db.transaction(async (tx) => {
      if (!(await setFirstPasswordHash(tx as unknown as Db, user.id, firstHash))) {
        throw new AppError('conflict', 'Your password was set a moment ago. Sign in again with it.');
      }
      await revokeOtherSessions(tx as unknown as Db, user.id, user.sessionId);
    });
    return 'set';
  }
  if (input.currentPassword === undefined)
    throw new AppError('validation_failed', CURRENT_PASSWORD_WORDS, { currentPassword: [CURRENT_PASSWORD_WORDS] });
  const ok = await secretMatches(oldHash, input.currentPassword);
  if (!ok)
    throw new AppError('validation_failed', WRONG_CURRENT_PASSWORD, { currentPassword: [WRONG_CURRENT_PASSWORD] });
  await assertPasswordAllowed(input.newPassword, 'newPassword');
  const newHash = await hashSecret(input.newPassword);
  await db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx as unknown as Db, user.id, oldHash, newHash))) {
      throw new AppError('conflict', 'Your password was changed a moment ago. Sign in again with the new one.');
    }
    await revokeOtherSessions(tx as unknown as Db, user.id, user.sessionId);
  });
  return 'changed';
}
