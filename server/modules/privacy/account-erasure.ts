import { sql } from 'drizzle-orm';
import { LAST_SUPER_ADMIN } from '@contract/admin-users';
import {
  ACCOUNT_ERASED,
  closureSentMessage,
  erasureSentMessage,
  erasureTextedMessage,
  ORGANIZATION_CLOSED,
  PRIVACY_LINK_INVALID,
} from '@contract/privacy';
import { isSuperAdmin } from '@contract/roles';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMail, enqueueSms, JOB } from '../../jobs/names';
import { lockActiveAdmins } from '../accounts/admin-users-queries';
import { eraseAccount, lockForErasure, removeErasedFiles } from '../accounts/erase-account';
import { randomToken, sha256 } from '../accounts/tokens';
import { accountErasureMail, accountErasureSms, organizationClosureMail, organizationClosureSms } from './emails';
import { accountGiftsOf, eraseDonorFromGifts, insertPrivacyRequest, takePrivacyRequest } from './queries';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config' | 'storage' | 'publicCache'>;

export const linkInvalid = () => new AppError('not_found', PRIVACY_LINK_INVALID).withCode('privacy_link_invalid');

type Holder = { id: number; email: string | null; phone: string | null; verified: boolean; role: string };

async function holder(db: Db, userId: number): Promise<Holder | undefined> {
  const [row] = await selectRows<Holder>(
    db,
    sql`select u.id, u.email, u.phone_number as phone, u.email_verified_at is not null as verified, r.name as role
          from users u join roles r on r.id = u.role_id where u.id = ${userId} and u.deleted_at is null`,
  );
  return row ? { ...row, id: Number(row.id), verified: Boolean(row.verified) } : undefined;
}

/**
 * A signed-in person asks for their account to be erased: a one-time link, mailed in the same
 * transaction that keeps its hash. The last super admin hears at once that it cannot be erased.
 */
export async function requestAccountErasure(deps: Deps, userId: number): Promise<{ message: string }> {
  const person = await holder(deps.db, userId);
  if (!person) throw linkInvalid();
  const token = randomToken();
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Checked again when the link is opened; saying it now spares a mail that could not work.
    if (isSuperAdmin(person.role)) {
      const others = (await lockActiveAdmins(tx)).filter((a) => isSuperAdmin(a.role) && a.id !== userId);
      if (others.length === 0) throw new AppError('conflict', LAST_SUPER_ADMIN).withCode('last_super_admin');
    }
    await insertPrivacyRequest(tx, { kind: 'account_erase', userId, tokenHash: sha256(token) });
    const link = `${publicBaseUrl(deps.config)}/account/erase/${token}`;
    // An account with no email is reached at its number, which its code sign-in proved.
    if (person.email) await enqueueMail(deps.jobs, tx, accountErasureMail(person.email, link));
    else if (person.phone) await enqueueSms(deps.jobs, tx, accountErasureSms(person.phone, link));
  });
  deps.jobs.wake(JOB.mail);
  deps.jobs.wake(JOB.sms);
  if (!person.email && person.phone) return { message: erasureTextedMessage(person.phone) };
  return { message: erasureSentMessage(person.email ?? '') };
}

/**
 * An owner asks to close their organization (docs/decisions/0075): the same one-time link as an
 * erasure, for the organization's own account, sent to the owner. Opening it erases that account,
 * which ends its open requests and signs its whole team out.
 */
export async function requestOrganizationClosure(
  deps: Deps,
  organizationId: number,
  ownerId: number,
): Promise<{ message: string }> {
  const owner = await holder(deps.db, ownerId);
  if (!owner || !(await holder(deps.db, organizationId))) throw linkInvalid();
  const [profile] = await selectRows<{ name: string }>(
    deps.db,
    sql`select organization_name as name from organization_profiles where user_id = ${organizationId}`,
  );
  const name = profile?.name ?? 'your organization';
  const token = randomToken();
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await insertPrivacyRequest(tx, { kind: 'account_erase', userId: organizationId, tokenHash: sha256(token) });
    const link = `${publicBaseUrl(deps.config)}/account/erase/${token}`;
    if (owner.email) await enqueueMail(deps.jobs, tx, organizationClosureMail(owner.email, name, link));
    else if (owner.phone) await enqueueSms(deps.jobs, tx, organizationClosureSms(owner.phone, name, link));
  });
  deps.jobs.wake(JOB.mail);
  deps.jobs.wake(JOB.sms);
  return { message: closureSentMessage(owner.email ?? owner.phone ?? '') };
}

/** Whether `personId` is an owner on the team of the organization whose own account is `organizationId`. */
async function ownsOrganization(db: Db, personId: number, organizationId: number): Promise<boolean> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organization_members
         where user_id = ${personId} and organization_id = ${organizationId} and role = 'owner'`,
  );
  return Number(row?.n ?? 0) > 0;
}

/**
 * The mailed link, confirmed: the erasure rules of docs/decisions/0016 run for the account the link
 * was made for, and its gifts lose the donor's name and address (their amounts stay). A signed-in
 * caller may only confirm their own link. Stored files go after commit.
 */
export async function confirmAccountErasure(
  deps: Deps,
  token: string,
  caller: { id: number } | null,
): Promise<{ message: string }> {
  const keys = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const request = await takePrivacyRequest(tx, 'account_erase', sha256(token));
    if (!request?.userId) throw linkInvalid();
    // A signed-in caller confirms only their own account's link, or as an owner their organization's.
    const closing = caller !== null && caller.id !== request.userId;
    if (closing && !(await ownsOrganization(tx, caller.id, request.userId))) throw linkInvalid();
    const { target } = await lockForErasure(tx, request.userId);
    const person = await holder(tx, request.userId);
    if (!target || target.deleted || !person) throw linkInvalid();
    const giftsErased = await eraseDonorFromGifts(tx, {
      which: accountGiftsOf(person),
      email: person.verified ? person.email : null,
      marker: `r${request.id}`,
    });
    const keys = await eraseAccount(tx, {
      userId: person.id,
      role: target.role,
      actorId: closing ? caller.id : person.id,
      action: closing ? 'organization.close' : 'account.erase',
      details: { giftsErased },
    });
    return { keys, closing };
  });
  await removeErasedFiles(deps, keys.keys);
  return { message: keys.closing ? ORGANIZATION_CLOSED : ACCOUNT_ERASED };
}
