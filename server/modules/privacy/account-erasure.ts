import { sql } from 'drizzle-orm';
import { LAST_SUPER_ADMIN } from '@contract/admin-users';
import { ACCOUNT_ERASED, erasureSentMessage, erasureTextedMessage, PRIVACY_LINK_INVALID } from '@contract/privacy';
import { isSuperAdmin } from '@contract/roles';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMail, enqueueSms, JOB } from '../../jobs/names';
import { lockActiveAdmins } from '../accounts/admin-users-queries';
import { eraseAccount, lockForErasure, removeErasedFiles } from '../accounts/erase-account';
import { randomToken, sha256 } from '../accounts/tokens';
import { accountErasureMail, accountErasureSms } from './emails';
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
    if (!request?.userId || (caller && caller.id !== request.userId)) throw linkInvalid();
    const { target } = await lockForErasure(tx, request.userId);
    const person = await holder(tx, request.userId);
    if (!target || target.deleted || !person) throw linkInvalid();
    const giftsErased = await eraseDonorFromGifts(tx, {
      which: accountGiftsOf(person),
      email: person.verified ? person.email : null,
      marker: `r${request.id}`,
    });
    return eraseAccount(tx, {
      userId: person.id,
      role: target.role,
      actorId: person.id,
      action: 'account.erase',
      details: { giftsErased },
    });
  });
  await removeErasedFiles(deps, keys);
  return { message: ACCOUNT_ERASED };
}
