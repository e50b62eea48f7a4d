import { NON_ADMIN_ROLES } from '@contract/roles';
import { and, eq, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema/all';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMail, JOB } from '../../jobs/names';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import { notifyAdmins } from './queries';

/** Every active admin's verified address (any role other than the three self-service ones). */
async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(notInArray(roles.name, [...NON_ADMIN_ROLES]), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)))
    .orderBy(users.id);
  return rows.flatMap((r) => (r.email ? [r.email] : []));
}

/**
 * Tells every admin something that waits for them: a notice in the app and a mail each, written in
 * one transaction (run it from a job, so a retry never sends half and an outage loses nothing).
 */
export async function tellAdmins(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>,
  notice: { subject: string; message: string; details?: string[]; link: string },
): Promise<void> {
  const url = `${publicBaseUrl(deps.config)}${notice.link}`;
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await notifyAdmins(tx, notice.message, notice.link);
    for (const to of await adminEmails(tx)) {
      await enqueueMail(deps.jobs, tx, {
        to,
        subject: notice.subject,
        text: [notice.message, ...(notice.details ?? []), `Review it here: ${url}`].join('\n\n') + '\n',
        html: simpleHtml(notice.subject, [
          escapeHtml(notice.message),
          ...(notice.details ?? []).map(escapeHtml),
          `<a href="${escapeHtml(url)}">Review it in the admin area</a>`,
        ]),
      });
    }
  });
  deps.jobs.wake(JOB.mail);
}
