import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { SecondFactorStatus } from '@contract/second-factor';
import { requiresSecondFactor } from '@contract/second-factor';
import type { Db } from '../../../db/client';
import { recoveryCodes, secondFactors } from '../../../db/schema/all';
import { AppError } from '../../../http/errors';
import { recoveryCodesLeft } from './queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a person's security settings show of their second factors. */
export async function factorStatus(db: Db, userId: number, required: boolean): Promise<SecondFactorStatus> {
  const rows = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
  const totp = rows.find((r) => r.kind === 'totp');
  return {
    totp: totp ? { createdAt: totp.createdAt.toISOString(), lastUsedAt: iso(totp.lastUsedAt) } : null,
    passkeys: rows
      .filter((r) => r.kind === 'passkey')
      .map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: iso(r.lastUsedAt) })),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
    required,
  };
}

export const LAST_FACTOR_KEPT =
  'Admins keep at least one second factor. Add a passkey or an authenticator app before removing this one.';

/**
 * Removes one of the person's own factors, never the last one of someone who must keep one. With
 * the last factor gone, the recovery codes go too: they recover a factor that no longer exists.
 * Answers the removed factor's name.
 */
export async function removeFactor(
  db: Db,
  user: { id: number; role: string },
  which: { kind: 'totp' } | { kind: 'passkey'; id: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const mine = await t
      .select({ id: secondFactors.id, kind: secondFactors.kind, name: secondFactors.name })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, user.id), isNotNull(secondFactors.confirmedAt)))
      .for('update');
    const target = mine.find((f) => f.kind === which.kind && ('id' in which ? f.id === which.id : true));
    if (!target)
      throw new AppError(
        'not_found',
        which.kind === 'totp' ? 'You have no authenticator app set up.' : 'No such passkey.',
      );
    if (mine.length === 1 && requiresSecondFactor(user.role)) throw new AppError('conflict', LAST_FACTOR_KEPT);
    await t.delete(secondFactors).where(eq(secondFactors.id, target.id));
    if (mine.length === 1) await t.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    return target.name;
  });
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<void> {
  const rows = await db
    .update(secondFactors)
    .set({ name })
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId), eq(secondFactors.kind, 'passkey')))
    .returning({ id: secondFactors.id });
  if (rows.length === 0) throw new AppError('not_found', 'No such passkey.');
}
