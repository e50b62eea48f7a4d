import { sql } from 'drizzle-orm';
import { appRole } from '@contract/roles';
import { SECURITY_PATH } from '@contract/second-factor';
import { selectRows, type Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { AppError, notFound } from '../../../http/errors';
import { publicBaseUrl } from '../../../http/public-url';
import { enqueueMail, enqueueSms } from '../../../jobs/names';
import { audit } from '../../audit/audit';
import { noticeMail, wakeNotices, type Notice } from '../../notifications/tell-user';
import { revokeAllSessions } from '../queries';
import { removeAllFactors } from './queries';

export const CANNOT_RESET_OWN =
  'You cannot reset your own second factor. Sign in with a recovery code, or ask another super admin.';

/**
 * A super admin resets another admin's lost second factor (docs/decisions/0072): every factor and
 * recovery code goes, the admin's sessions end, the reset is audited, and the admin is told by mail
 * and SMS. At their next sign-in, after their password, they set up a new one before anything else.
 */
export async function resetSecondFactor(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  superAdmin: { id: number },
  userId: number,
): Promise<{ message: string }> {
  if (userId === superAdmin.id) throw new AppError('forbidden', CANNOT_RESET_OWN).withCode('cannot_reset_own');
  const baseUrl = publicBaseUrl(deps.config);
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [target] = await selectRows<{ role: string; email: string | null; phone: string | null; first: string }>(
      tx,
      sql`select r.name as role, u.email, u.phone_number as phone, u.first_name as first
            from users u join roles r on r.id = u.role_id where u.id = ${userId} and u.deleted_at is null for update of u`,
    );
    if (!target || appRole(target.role) !== 'admin') throw notFound('No admin account has that id.');
    const removed = await removeAllFactors(tx, userId);
    await revokeAllSessions(tx, userId);
    await audit(tx, {
      adminId: superAdmin.id,
      action: 'user.reset_second_factor',
      entity: 'user',
      entityId: userId,
      details: { factorsRemoved: removed },
    });
    const notice: Notice = {
      subject: 'Your second factor on Gift of Independence was reset',
      message: 'A super admin has reset the second factor of your admin account and signed out your sessions.',
      details: [
        'Next time you sign in with your password, you will set up an authenticator app or a passkey again before anything else.',
        'If you did not ask for this, tell another super admin at once.',
      ],
      link: SECURITY_PATH,
      sms: 'Gift of Independence: a super admin reset the second factor of your admin account. Set up a new one when you next sign in. Not asked for? Tell another super admin.',
    };
    if (target.email) await enqueueMail(deps.jobs, tx, noticeMail(baseUrl, target.email, target.first, notice));
    if (target.phone) await enqueueSms(deps.jobs, tx, { to: target.phone, text: notice.sms! });
  });
  wakeNotices(deps.jobs);
  return { message: 'The second factor is reset. The admin has been told and will set up a new one at next sign-in.' };
}
