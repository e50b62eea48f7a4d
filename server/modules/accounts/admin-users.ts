import { ADMIN_CREATED, CANNOT_DELETE_SELF, type UserHistory } from '@contract/admin-users';
import type { newAdminSchema } from '@contract/admin-users';
import { appRole } from '@contract/roles';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { JOB } from '../../jobs/names';
import { audit } from '../audit/audit';
import { mailNotice } from '../notifications/tell-user';
import { ACCOUNT_EXISTS } from './register-user';
import { assertPasswordAllowed } from './password-policy';
import { findRole, insertAdmin, userHistory } from './admin-users-queries';
import { eraseAccount, lockForErasure, removeErasedFiles } from './erase-account';
import { findUserByEmail } from './queries';
import { hashSecret } from './secret-hash';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'storage' | 'publicCache'>;
type Admin = { id: number };

export const NOT_AN_ADMIN_ROLE =
  'Choose an admin role. Recipient, donor and organization accounts sign up for themselves.';
const USER_NOT_FOUND = 'User not found.';

/**
 * Makes an admin account with a temporary password the creating admin passes on; the new admin
 * must choose their own at first sign-in. The account, the audit line and the welcome mail are
 * written in one transaction.
 */
export async function createAdminUser(
  deps: Deps,
  admin: Admin,
  input: z.output<typeof newAdminSchema>,
): Promise<{ message: string; id: number }> {
  const role = await findRole(deps.db, input.roleId);
  if (!role || appRole(role.name) !== 'admin')
    throw new AppError('validation_failed', NOT_AN_ADMIN_ROLE, { roleId: [NOT_AN_ADMIN_ROLE] });
  if (await findUserByEmail(deps.db, input.email))
    throw new AppError('conflict', ACCOUNT_EXISTS, { email: [ACCOUNT_EXISTS] });
  await assertPasswordAllowed(input.password);
  const passwordHash = await hashSecret(input.password);
  const baseUrl = publicBaseUrl(deps.config);
  const created = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await insertAdmin(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      passwordHash,
      roleId: role.id,
    });
    if (!row) throw new AppError('conflict', ACCOUNT_EXISTS, { email: [ACCOUNT_EXISTS] });
    await audit(tx, {
      adminId: admin.id,
      action: 'user.create_admin',
      entity: 'user',
      entityId: row.id,
      details: { role: role.name },
    });
    await mailNotice({ db: tx, jobs: deps.jobs, baseUrl }, row.email, row.firstName, {
      subject: 'Your Gift of Independence admin account',
      message: `An admin account has been made for you on Gift of Independence with the role ${role.name}.`,
      details: [
        'The admin who made it will give you a temporary password. Sign in with this email address and that password; you will then be asked to choose a password of your own before you continue.',
      ],
      link: '/login',
    });
    return row;
  });
  deps.jobs.wake(JOB.mail);
  return { message: ADMIN_CREATED, id: created.id };
}

/**
 * Deletes an account by deactivating it (docs/decisions/0016): it can no longer sign in, its
 * sessions end, its personal data and uploaded files are erased, and its campaigns and gifts stay
 * recorded and keep counting. Only a super admin deletes (docs/decisions/0024), never themself,
 * and the last super admin is never deleted.
 */
export async function deleteUser(deps: Deps, admin: Admin, userId: number): Promise<{ message: string }> {
  if (userId === admin.id) throw new AppError('conflict', CANNOT_DELETE_SELF).withCode('cannot_delete_self');
  const keys = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Read before the caller's own standing, so the loser of two super admins deleting each other
    // hears the rule that stopped it.
    const { target, superAdmins } = await lockForErasure(tx, userId);
    if (!target || target.deleted) throw notFound(USER_NOT_FOUND);
    if (!superAdmins.includes(admin.id))
      throw new AppError('forbidden', 'Your account can no longer make this change.');
    return eraseAccount(tx, { userId, role: target.role, actorId: admin.id, action: 'user.delete' });
  });
  await removeErasedFiles(deps, keys);
  return { message: 'The account has been deleted. Its gifts and campaigns stay on record.' };
}

export async function historyOf(db: Db, userId: number): Promise<UserHistory> {
  const history = await userHistory(db, userId);
  if (!history) throw notFound(USER_NOT_FOUND);
  return history;
}
