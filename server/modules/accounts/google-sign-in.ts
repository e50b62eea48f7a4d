import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { GoogleVerifier } from '../../providers/google/google';
import { JOB, enqueueMail } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { welcomeEmail } from './emails';
import { findUserByEmail, revokeAllSessions, roleIdByName } from './queries';
import type { FinishSignIn, SignInReply } from './second-factor/finish-sign-in';

export const GOOGLE_DONORS_ONLY = 'Google sign-in is for donor accounts. Please use your email and password.';

/** Google sign-in and sign-up, for donors only. */
export async function googleSignIn(
  deps: { db: Db; jobs: JobQueue; google: GoogleVerifier },
  input: { token: string; role?: string },
  finish: FinishSignIn,
): Promise<SignInReply> {
  if (!deps.google.clientId) throw new AppError('not_found', 'Google sign-in is not available.');
  if (input.role && input.role !== 'donor') throw new AppError('forbidden', GOOGLE_DONORS_ONLY);
  const identity = await deps.google.verify(input.token);
  if (!identity || !identity.emailVerified) throw new AppError('unauthorized', 'Google sign in failed.');

  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing) {
    if (existing.roleName !== 'donor') throw new AppError('forbidden', GOOGLE_DONORS_ONLY);
    if (existing.googleSubject && existing.googleSubject !== identity.subject) {
      throw new AppError('unauthorized', 'Google sign in failed.');
    }
    await deps.db.transaction(async (tx) => {
      if (existing.emailVerifiedAt) {
        await tx
          .update(users)
          .set({ googleSubject: identity.subject, updatedAt: sql`now()` })
          .where(eq(users.id, existing.id));
        return;
      }
      // Google has just proved control of an inbox nobody had verified: whoever registered it may not
      // have been its owner, so their password and any session end here.
      await tx
        .update(users)
        .set({
          googleSubject: identity.subject,
          emailVerifiedAt: sql`now()`,
          passwordHash: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id));
      await revokeAllSessions(tx as unknown as Db, existing.id);
    });
    return finish(existing.id);
  }

  const roleId = await roleIdByName(deps.db, 'donor');
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: identity.email,
        firstName: identity.givenName || identity.email.split('@')[0]!,
        lastName: identity.familyName,
        roleId,
        googleSubject: identity.subject,
        emailVerifiedAt: sql`now()`,
        isOnboardingComplete: true,
      })
      .returning({ id: users.id, firstName: users.firstName });
    await enqueueMail(deps.jobs, tx as unknown as Db, welcomeEmail(identity.email, row!.firstName, 'donor'));
    return row!;
  });
  deps.jobs.wake(JOB.mail);
  return finish(created.id);
}
