import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { secondFactors } from '../../../db/schema/all';
import { AppError } from '../../../http/errors';
import { insertPendingTotp, markSecondFactor, pendingTotp, replaceRecoveryCodes, useTotpStep } from './queries';
import { newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, openSecret, sealSecret, stepOfCode, totpFor } from './totp';

export const WRONG_SETUP_CODE =
  'That code does not match. Check the time on your phone is right, then enter the newest 6-digit code.';

/** Starts setting up an authenticator app: a new secret, kept sealed until its first code confirms it. */
export async function startTotp(
  db: Db,
  secretKey: Buffer,
  user: { id: number; label: string },
): Promise<{ secret: string; otpauthUri: string }> {
  const secret = newTotpSecret();
  await insertPendingTotp(db, user.id, sealSecret(secretKey, secret));
  return { secret, otpauthUri: totpFor(secret, user.label).toString() };
}

/**
 * Confirms the set-up with a code from the app. The new app replaces any earlier one, the session
 * counts as checked, and a new set of ten recovery codes replaces any earlier set (shown once).
 */
export async function confirmTotp(
  db: Db,
  secretKey: Buffer,
  user: { id: number; sessionId: number },
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const pending = await pendingTotp(db, user.id);
  if (!pending?.secretSealed)
    throw new AppError('bad_request', 'Start setting up the authenticator app again: no set-up is waiting.');
  const step = stepOfCode(openSecret(secretKey, pending.secretSealed), code);
  if (step === null) throw new AppError('validation_failed', WRONG_SETUP_CODE, { code: [WRONG_SETUP_CODE] });
  const { codes, hashes } = newRecoveryCodes(user.id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .delete(secondFactors)
      .where(
        and(
          eq(secondFactors.userId, user.id),
          eq(secondFactors.kind, 'totp'),
          isNotNull(secondFactors.confirmedAt),
          ne(secondFactors.id, pending.id),
        ),
      );
    const confirmed = await t
      .update(secondFactors)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(secondFactors.id, pending.id), sql`${secondFactors.confirmedAt} is null`))
      .returning({ id: secondFactors.id });
    if (confirmed.length === 0) throw new AppError('conflict', 'This authenticator app was set up a moment ago.');
    await useTotpStep(t, pending.id, step);
    await replaceRecoveryCodes(t, user.id, hashes);
    await markSecondFactor(t, user.sessionId);
  });
  return { recoveryCodes: codes };
}
