import { sql } from 'drizzle-orm';
import { PASSWORD_MIN, NON_ADMIN_ROLES, SUPER_ADMIN_ROLE } from '@contract/roles';
import { selectRows, type Db } from '../../db/client';
import { roles, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail } from './queries';
import { hashSecret } from './secret-hash';

/**
 * Creates a verified admin account with the given admin role (created if it does not exist yet).
 * Without a role, the first one (while no active super admin exists) is a super admin, so a new
 * installation has someone who can add the others; later ones are plain admins
 * (docs/decisions/0024).
 */
export async function createAdmin(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string; roleName?: string },
): Promise<{ id: number; email: string; roleName: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError('bad_request', 'Enter a valid email address.');
  if (input.password.length < PASSWORD_MIN)
    throw new AppError('bad_request', `Password must be at least ${PASSWORD_MIN} characters.`);
  if (input.password.trim() === '') throw new AppError('bad_request', 'Your password cannot be only spaces.');
  await assertPasswordAllowed(input.password);
  const asked = input.roleName;
  if (
    asked !== undefined &&
    ((NON_ADMIN_ROLES as readonly string[]).includes(asked) || !/^[a-z_]{3,40}$/.test(asked))
  ) {
    throw new AppError(
      'bad_request',
      'An admin role is a lower-case name other than recipient, donor or organization.',
    );
  }
  if (await findUserByEmail(db, email)) throw new AppError('conflict', 'An account with this email already exists.');
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    const roleName = asked ?? ((await hasActiveSuperAdmin(tx as unknown as Db)) ? 'admin' : SUPER_ADMIN_ROLE);
    await tx.insert(roles).values({ name: roleName }).onConflictDoNothing();
    const [row] = await tx
      .insert(users)
      .values({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        roleId: sql`(select id from roles where name = ${roleName})`,
        emailVerifiedAt: sql`now()`,
        isOnboardingComplete: true,
      })
      .returning({ id: users.id });
    return { id: row!.id, email, roleName };
  });
}

async function hasActiveSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from users u join roles r on r.id = u.role_id
         where r.name = ${SUPER_ADMIN_ROLE} and u.deleted_at is null) as found`,
  );
  return Boolean(row?.found);
}
