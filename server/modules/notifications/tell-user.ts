import type { Db } from '../../db/client';
import { enqueueMail } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { notifyAndFindAddress } from './queries';

export type Notice = {
  subject: string;
  message: string;
  /** Further paragraphs for the mail (a reason, what happens next). */
  details?: string[];
  /** Where in the app the notice points, e.g. '/recipient/status'. */
  link: string;
  /**
   * The same news as a text message, for people who chose SMS: complete without a link (who is
   * writing, what happened, what to do next, the help line), within SMS_MAX_SEGMENTS.
   */
  sms?: string;
};

/**
 * Tells one person something about their account: a notice in the app and a mail, written through
 * `db`. Pass the transaction of the change it announces, so both exist exactly when the change
 * does and the queued mail survives an outage; wake the mail queue after commit.
 */
export async function tellUser(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  userId: number,
  notice: Notice,
): Promise<void> {
  const user = await notifyAndFindAddress(deps.db, userId, notice.message, notice.link);
  if (!user) return;
  await mailNotice(deps, user.email, user.firstName, notice);
}

/** The mail half alone, for people known only by their address (a guest donor). */
export async function mailNotice(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  to: string,
  name: string,
  notice: Notice,
): Promise<void> {
  await enqueueMail(deps.jobs, deps.db, noticeMail(deps.baseUrl, to, name, notice));
}

/** The mail that carries a notice, for a caller that queues several at once (`enqueueMails`). */
export function noticeMail(baseUrl: string, to: string, name: string, notice: Notice): MailMessage {
  const url = `${baseUrl}${notice.link}`;
  const details = notice.details ?? [];
  return {
    to,
    subject: notice.subject,
    text:
      [`Dear ${name},`, notice.message, ...details, `See it here: ${url}`, 'Gift of Independence'].join('\n\n') + '\n',
    html: simpleHtml(notice.subject, [
      `Dear ${escapeHtml(name)},`,
      escapeHtml(notice.message),
      ...details.map(escapeHtml),
      `<a href="${escapeHtml(url)}">See it on Gift of Independence</a>`,
    ]),
  };
}
