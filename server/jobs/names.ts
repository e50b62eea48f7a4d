import type { Db } from '../db/client';
import type { MailMessage } from '../providers/mail/mail';
import type { JobQueue } from './queue';

/** Every kind of background job, by name. */
export const JOB = {
  /** One mail message, retried until the mail server takes it. */
  mail: 'mail',
  /** A fresh verification code, made when the mail is sent so no readable code sits in the job table. */
  verificationCode: 'accounts.verification-code',
  /** A fresh password-reset link, made when the mail is sent, likewise. */
  resetLink: 'accounts.reset-link',
  /** A recorded gift's receipt: the mail and its PDF are built when it is sent, so no PDF sits in the job table. */
  receiptMail: 'receipts.receipt-mail',
  /** Someone asked for their receipts again: a mail listing an address's gifts, with a link to each receipt. */
  resendReceipts: 'receipts.resend',
  /** A payment the provider told us about (the webhook): verify it and record the gift. */
  paymentEvent: 'giving.payment-event',
  /** A signed webhook event kept in provider_events: processed by its kind (a paid charge, a dispute...). */
  providerEvent: 'giving.provider-event',
  /** Every minute: ask the provider about unrecorded checkouts; close lapsed ones. */
  reconcile: 'giving.reconcile',
  /** Someone finished onboarding: tell the admins, in the app and by mail. */
  onboardingCompleted: 'onboarding.completed',
  /** A recipient or organization made a request: tell the admins, in the app and by mail. */
  campaignRequested: 'campaigns.requested',
  /** Every hour: remove uploads given out more than a day ago and never used. */
  removeStaleUploads: 'uploads.remove-stale',
  /** A campaign update was published: tell the campaign's donors, in the app and by mail, once. */
  tellDonorsOfUpdate: 'updates.tell-donors',
} as const;

export type PaymentEventJob = { reference: string };

export type ProviderEventJob = { eventId: number };

export type ReceiptMailJob = { donationId: number };

export type ResendReceiptsJob = { email: string };

export type MailJob = { message: MailMessage };

/** Queues a mail through `db` (pass the transaction of the change it announces). Wake the queue after commit. */
export function enqueueMail(jobs: JobQueue, db: Db, message: MailMessage): Promise<string | null> {
  return jobs.enqueue(db, JOB.mail, { message } satisfies MailJob);
}

/** Queues several mails through `db` in one statement, as `enqueueMail` does one. */
export function enqueueMails(jobs: JobQueue, db: Db, messages: readonly MailMessage[]): Promise<void> {
  return jobs.enqueueMany(
    db,
    JOB.mail,
    messages.map((message) => ({ message }) satisfies MailJob),
  );
}
