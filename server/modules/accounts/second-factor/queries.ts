import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SecondFactorKind } from '@contract/second-factor';
import { SIGN_IN_CHALLENGE_MINUTES, SIGN_IN_CHALLENGE_TRIES } from '@contract/second-factor';
import type { Db } from '../../../db/client';
import { recoveryCodes, secondFactors, sessions, signInChallenges } from '../../../db/schema/all';
import { randomToken, sha256 } from '../tokens';

/** The kinds of second factor a person has in use (a set-up still waiting for its first code is not one). */
export async function factorKinds(db: Db, userId: number): Promise<SecondFactorKind[]> {
  const rows = await db
    .selectDistinct({ kind: secondFactors.kind })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return rows.map((r) => r.kind).sort();
}

export async function confirmedTotp(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'totp'), isNotNull(secondFactors.confirmedAt)))
    .limit(1);
  return row;
}

export async function pendingTotp(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'totp'), isNull(secondFactors.confirmedAt)))
    .orderBy(desc(secondFactors.id))
    .limit(1);
  return row;
}

/** A new authenticator set-up, replacing any earlier one that was never confirmed. */
export async function insertPendingTotp(db: Db, userId: number, secretSealed: string) {
  await db
    .delete(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'totp'), isNull(secondFactors.confirmedAt)));
  await db.insert(secondFactors).values({ userId, kind: 'totp', name: 'Authenticator app', secretSealed });
}

/**
 * Records that a code for `step` was used, only when no code for that step or a later one was: two
 * requests with the same code cannot both pass.
 */
export async function useTotpStep(db: Db, factorId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(
      and(eq(secondFactors.id, factorId), or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step))),
    )
    .returning({ id: secondFactors.id });
  return rows.length > 0;
}

/** Marks one unused recovery code used; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A sign-in waiting for its second factor; answers the token the browser holds. */
export async function createSignInChallenge(
  db: Db,
  userId: number,
  client: { userAgent?: string; networkPrefix: string | null },
): Promise<string> {
  const token = randomToken();
  await db.insert(signInChallenges).values({
    userId,
    tokenHash: sha256(token),
    userAgent: client.userAgent?.slice(0, 300),
    networkPrefix: client.networkPrefix,
    expiresAt: sql`now() + make_interval(mins => ${SIGN_IN_CHALLENGE_MINUTES})`,
  });
  return token;
}

/** The open challenge for a token: unexpired, unused, with tries left. */
export async function openSignInChallenge(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, sha256(token)),
        isNull(signInChallenges.consumedAt),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, SIGN_IN_CHALLENGE_TRIES),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong code; answers how many tries are left. */
export async function countChallengeMiss(db: Db, challengeId: number): Promise<number> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.id, challengeId))
    .returning({ attempts: signInChallenges.attempts });
  return Math.max(0, SIGN_IN_CHALLENGE_TRIES - (row?.attempts ?? SIGN_IN_CHALLENGE_TRIES));
}

/** Uses a challenge up; false when another request already did. */
export async function consumeSignInChallenge(db: Db, challengeId: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, challengeId), isNull(signInChallenges.consumedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/** Records a second-factor check on a session: the acts that move money or power ask for one within minutes. */
export async function markSecondFactor(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** Removes every second factor and recovery code of a person (a super admin's reset). */
export async function removeAllFactors(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ id: secondFactors.id });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.length;
}

/**
 * A sign-in challenge lives minutes and a passkey challenge less; a day after expiry neither serves
 * any check, so the hourly sweep removes them.
 */
export async function removeExpiredChallenges(db: Db): Promise<void> {
  await db.execute(sql`delete from sign_in_challenges where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from passkey_challenges where expires_at < now() - interval '1 day'`);
}
