import type { Db } from '../../db/client';
import { sendsEmail, sendsSms } from '@contract/sms';
import { enqueueMail, enqueueSms, JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import type { SmsMessage } from '../../providers/sms/sms';
import { notifyAndFindAddress, type Reach } from './queries';

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
 * Tells one person something about their account: a notice in the app, and a mail and/or an SMS as
 * they chose, all written through `db`. Pass the transaction of the change it announces, so they
 * exist exactly when the change does and the queued messages survive an outage; call `wakeNotices`
 * after commit.
 */
export async function tellUser(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  userId: number,
  notice: Notice,
): Promise<void> {
  const user = await notifyAndFindAddress(deps.db, userId, notice.message, notice.link);
  if (!user) return;
  const { mail, sms } = messagesFor(deps.baseUrl, user, notice);
  if (mail) await enqueueMail(deps.jobs, deps.db, mail);
  if (sms) await enqueueSms(deps.jobs, deps.db, sms);
}

/**
 * The mail and the SMS a notice becomes for one person. The SMS goes when the notice has one, they
 * have a number and chose SMS or have no email (docs/decisions/0066); the mail goes to a verified
 * address when they chose mail, and also when no SMS can go, so news never reaches the app alone
 * for want of a number.
 */
export function messagesFor(
  baseUrl: string,
  user: Reach,
  notice: Notice,
): { mail: MailMessage | null; sms: SmsMessage | null } {
  const textable = sendsSms(user.notifyBy) || !user.email;
  const sms = notice.sms && user.phoneNumber && textable ? { to: user.phoneNumber, text: notice.sms } : null;
  const mail =
    user.email && (sendsEmail(user.notifyBy) || !sms) ? noticeMail(baseUrl, user.email, user.firstName, notice) : null;
  return { mail, sms };
}

/** Wakes the mail and SMS queues after the transaction that queued notices commits. */
export function wakeNotices(jobs: JobQueue): void {
  jobs.wake(JOB.mail);
  jobs.wake(JOB.sms);
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
