import type { Db } from '../../db/client';
import { sendsEmail, sendsSms, sendsWhatsApp } from '@contract/sms';
import { enqueueMail, enqueueSms, enqueueWhatsApp, JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import type { SmsMessage } from '../../providers/sms/sms';
import type { WhatsAppMessage } from '../../providers/whatsapp/whatsapp';
import { notifyAndFindAddress, teamToldFor, type Reach } from './queries';

export type Notice = {
  subject: string;
  message: string;
  /** Further paragraphs for the mail (a reason, what happens next). */
  details?: string[];
  /** Where in the app the notice points, e.g. '/recipient/status'. */
  link: string;
  /**
   * The same news as a text message, for people who chose SMS or WhatsApp: complete without a link
   * (who is writing, what happened, what to do next, the help line), within SMS_MAX_SEGMENTS.
   */
  sms?: string;
};

/**
 * Tells one person something about their account: a notice in the app, and a mail, an SMS or a
 * WhatsApp message as they chose, all written through `db`. Pass the transaction of the change it announces, so they
 * exist exactly when the change does and the queued messages survive an outage; call `wakeNotices`
 * after commit. News for an organization's account reaches the members who run its campaigns too,
 * each as they chose (docs/decisions/0075); `onlyThisPerson` keeps a notice about the person's own
 * place on a team to them.
 */
export async function tellUser(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  userId: number,
  notice: Notice,
  { onlyThisPerson = false }: { onlyThisPerson?: boolean } = {},
): Promise<void> {
  const people = onlyThisPerson ? [userId] : [userId, ...(await teamToldFor(deps.db, userId))];
  for (const person of people) {
    const user = await notifyAndFindAddress(deps.db, person, notice.message, notice.link);
    if (!user) continue;
    const { mail, sms, whatsapp } = messagesFor(deps.baseUrl, user, notice);
    if (mail) await enqueueMail(deps.jobs, deps.db, mail);
    if (sms) await enqueueSms(deps.jobs, deps.db, sms);
    if (whatsapp) await enqueueWhatsApp(deps.jobs, deps.db, whatsapp);
  }
}

/**
 * The mail, SMS and WhatsApp message a notice becomes for one person. The phone's message goes when
 * the notice has one and they have a number: by WhatsApp when they chose it (SMS takes over if
 * WhatsApp cannot deliver it), by SMS when they chose SMS or have no email (docs/decisions/0066).
 * The mail goes to a verified address when they chose mail, and also when nothing goes to their
 * phone, so news never reaches the app alone for want of a number.
 */
export function messagesFor(
  baseUrl: string,
  user: Reach,
  notice: Notice,
): { mail: MailMessage | null; sms: SmsMessage | null; whatsapp: WhatsAppMessage | null } {
  const phone = notice.sms && user.phoneNumber ? { to: user.phoneNumber, text: notice.sms } : null;
  const whatsapp = phone && sendsWhatsApp(user.notifyBy) ? phone : null;
  const sms = phone && !whatsapp && (sendsSms(user.notifyBy) || !user.email) ? phone : null;
  const mail =
    user.email && (sendsEmail(user.notifyBy) || (!sms && !whatsapp))
      ? noticeMail(baseUrl, user.email, user.firstName, notice)
      : null;
  return { mail, sms, whatsapp };
}

/** Wakes the mail, SMS and WhatsApp queues after the transaction that queued notices commits. */
export function wakeNotices(jobs: JobQueue): void {
  jobs.wake(JOB.mail);
  jobs.wake(JOB.sms);
  jobs.wake(JOB.whatsapp);
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
