import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerSchema } from '@contract/auth';
import type { Db } from '../../db/client';
import { organizationMembers, organizationProfiles, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail, roleIdByName } from './queries';
import { requestVerificationCode } from './send-verification-code';
import { hashSecret } from './secret-hash';

export const ACCOUNT_EXISTS = 'An account with this email already exists.';

/** Creates an unverified account and, in the same transaction, queues its verification-code mail. */
export async function registerUser(deps: { db: Db; jobs: JobQueue }, input: z.output<typeof registerSchema>) {
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('conflict', ACCOUNT_EXISTS);
  await assertPasswordAllowed(input.password);
  const passwordHash = await hashSecret(input.password);
  const roleId = await roleIdByName(deps.db, input.role);
  const user = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        passwordHash,
        roleId,
        isOnboardingComplete: input.role === 'donor',
        // Recipients are told by SMS as well as mail (many read no email); others by mail.
        notifyBy: input.role === 'recipient' ? 'both' : 'email',
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    const row = inserted[0];
    if (!row) throw new AppError('conflict', ACCOUNT_EXISTS);
    if (input.role === 'organization') {
      if (input.organizationName)
        await tx.insert(organizationProfiles).values({ userId: row.id, organizationName: input.organizationName });
      // The account that signs an organization up is the organization's own, and its first owner (docs/decisions/0075).
      await tx
        .insert(organizationMembers)
        .values({ organizationId: row.id, userId: row.id, role: 'owner', joinedAt: sql`now()` });
    }
    await requestVerificationCode({ db: tx as unknown as Db, jobs: deps.jobs }, row.id, { enforceCooldown: false });
    return row;
  });
  deps.jobs.wake(JOB.verificationCode);
  return user;
}
