import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { enqueueMail, JOB } from '../../jobs/names';
import { publicBaseUrl } from '../../http/public-url';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import { notifyAdmins } from '../notifications/queries';
import { adminEmails, onboardedPerson } from './queries';

/**
 * Tells the admins someone finished onboarding and waits for review: a notice in the app for each
 * admin and a mail to each, written in one transaction so a retry never sends half.
 */
export async function notifyAdminsOfOnboarding(deps: Pick<AppDeps, 'db' | 'jobs' | 'config'>, userId: number): Promise<void> {
  const person = await onboardedPerson(deps.db, userId);
  if (!person) return;
  const who =
    person.role === 'organization'
      ? `The organization ${person.organizationName ?? `${person.firstName} ${person.lastName}`.trim()}`
      : `${person.firstName} ${person.lastName}`.trim();
  const message = `${who} has completed onboarding and is ready for review.`;
  const link = '/admin/dashboard';
  const url = `${publicBaseUrl(deps.config)}${link}`;
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await notifyAdmins(tx, message, link);
    for (const to of await adminEmails(tx)) {
      await enqueueMail(deps.jobs, tx, {
        to,
        subject: 'New onboarding to review',
        text: `${message}\n\nContact: ${person.email}\n\nReview it here: ${url}\n`,
        html: simpleHtml('New onboarding to review', [
          escapeHtml(message),
          `Contact: ${escapeHtml(person.email)}`,
          `<a href="${escapeHtml(url)}">Review it in the admin area</a>`,
        ]),
      });
    }
  });
  deps.jobs.wake(JOB.mail);
}
