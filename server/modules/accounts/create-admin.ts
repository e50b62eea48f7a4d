import argon2 from 'argon2';
import { sql } from 'drizzle-orm';
import { PASSWORD_MIN, SELF_SERVICE_ROLES } from '@contract/roles';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail } from './queries';

/** Creates a verified admin account with the given admin role (created if it does not exist yet). */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string; roleName: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError('bad_request', 'Enter a valid email address.');
  if (input.password.length < PASSWORD_MIN)
    throw new AppError('bad_request', `Password must be at least ${PASSWORD_MIN} characters.`);
  if (input.password.trim() === '') throw new AppError('bad_request', 'Your password cannot be only spaces.');
  assertPasswordAllowed(input.password);
  if ((SELF_SERVICE_ROLES as readonly string[]).includes(input.roleName) || !/^[a-z_]{3,40}$/.test(input.roleName)) {
    throw new AppError(
      'bad_request',
      'An admin role is a lower-case name other than recipient, donor or organization.',
    );
  }
  if (await findUserByEmail(db, email)) throw new AppError('conflict', 'An account with this email already exists.');
  const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
  return db.transaction(async (tx) => {
    await tx.insert(roles).values({ name: input.roleName }).onConflictDoNothing();
    const [row] = await tx
      .insert(users)
      .values({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        roleId: sql`(select id from roles where name = ${input.roleName})`,
        emailVerifiedAt: sql`now()`,
        isOnboardingComplete: true,
      })
      .returning({ id: users.id, email: users.email });
    return row!;
  });
}
