import { sql } from 'drizzle-orm';
import { isSuperAdmin } from '@contract/roles';
import { LAST_SUPER_ADMIN } from '@contract/admin-users';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  eraseUser,
  findUserForDeletion,
  lockActiveAdmins,
  ORGANIZATION_ACCOUNT_DELETED_NOTE,
  type UserToDelete,
} from './admin-users-queries';
import { fileKeysOf } from './person-files';

/**
 * Locks what an erasure reads, in the one order every erasure uses (active admins by id, then the
 * account), so two erasures at once wait for each other rather than deadlock; refuses to leave the
 * site without a super admin. Answers the account (undefined when unknown) and the super admins' ids.
 */
export async function lockForErasure(
  tx: Db,
  userId: number,
): Promise<{ target: UserToDelete | undefined; superAdmins: number[] }> {
  const admins = await lockActiveAdmins(tx);
  const target = await findUserForDeletion(tx, userId);
  const superAdmins = admins.filter((a) => isSuperAdmin(a.role)).map((a) => a.id);
  if (target && !target.deleted && isSuperAdmin(target.role) && superAdmins.every((id) => id === userId)) {
    throw new AppError('conflict', LAST_SUPER_ADMIN).withCode('last_super_admin');
  }
  return { target, superAdmins };
}

/**
 * The erasure rules of docs/decisions/0016, inside the caller's transaction, with the audit lines:
 * the account is deactivated, its personal data and uploads' rows go, its sessions end, and its
 * campaigns and gifts stay. `actorId` is the admin who deleted it, or the person who erased it.
 * Answers the stored files to remove once the transaction commits.
 */
export async function eraseAccount(
  tx: Db,
  input: {
    userId: number;
    role: string;
    actorId: number;
    action: 'user.delete' | 'account.erase' | 'organization.close';
    /** More counts for the audit line; never personal data. */
    details?: Record<string, number>;
  },
): Promise<string[]> {
  const files = await fileKeysOf(tx, input.userId);
  const ended = await eraseUser(tx, input.userId);
  // A caseworker's upload of this person's document names it (and its file name) too.
  if (files.length) await tx.execute(sql`delete from uploads where key in ${files} or stored_key in ${files}`);
  await audit(tx, {
    adminId: input.actorId,
    action: input.action,
    entity: 'user',
    entityId: input.userId,
    details: { role: input.role, filesRemoved: files.length, ...input.details },
  });
  for (const campaign of ended) {
    await audit(tx, {
      adminId: input.actorId,
      action: `campaign.${campaign.action}`,
      entity: 'organization_campaign',
      entityId: campaign.id,
      details: { from: campaign.from, to: campaign.to, notes: ORGANIZATION_ACCOUNT_DELETED_NOTE },
    });
  }
  return files;
}

/** Bytes cannot be part of the transaction: an erased account's files go once it is committed. */
export async function removeErasedFiles(deps: Pick<AppDeps, 'storage' | 'publicCache'>, keys: string[]): Promise<void> {
  for (const key of keys) await deps.storage.remove(key).catch(() => undefined);
  deps.publicCache.clear();
}
