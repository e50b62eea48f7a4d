import type { Db } from '../db/client';
import type { MailMessage } from '../providers/mail/mail';
import type { SmsMessage } from '../providers/sms/sms';
import type { WhatsAppMessage } from '../providers/whatsapp/whatsapp';
import type { JobQueue } from './queue';

/** Every kind of background job, by name. */
export const JOB = {
  /** One mail message, retried until the mail server takes it. */
  mail: 'mail',
  /** One SMS, retried until the gateway takes it. */
  sms: 'sms',
  /** One WhatsApp message; one WhatsApp refuses, or that still fails after its tries, goes as an SMS. */
  whatsapp: 'whatsapp',
  /** A fresh code proving a new phone number, made when the SMS is sent so no readable code sits in the job table. */
  phoneCode: 'accounts.phone-code',
  /** A fresh code to sign in or sign up with a phone number, made when the SMS is sent, likewise. */
  phoneSignInCode: 'accounts.phone-sign-in-code',
  /** A voice line PIN asked for on the line: made when the SMS is sent, so no readable PIN sits in the job table. */
  voicePinSms: 'voice.pin-sms',
  /** Every quarter hour: queue the day-before reminder of each collection booked for tomorrow, once. */
  collectionReminders: 'collections.reminders',
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
  /** Every quarter hour: queue each monthly gift's charge that is due, and start again gifts whose pause ended. */
  monthlyCharges: 'giving.monthly-charges',
  /** One try of one month's charge of a monthly gift, by its saved card (decision 0077). */
  monthlyCharge: 'giving.monthly-charge',
  /** A monthly gift's mail to its donor (started, changed, paused, declined...), drawn when sent. */
  monthlyNotice: 'giving.monthly-notice',
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
  /** A guest donor asked for their data: a one-time link, made when the mail is sent, if the address gave. */
  privacyGuestLink: 'privacy.guest-link',
  /** Hourly: privacy links a day past their expiry go, with any address an unused one held. */
  removeExpiredPrivacyLinks: 'privacy.remove-expired-links',
  /** Hourly: second-factor challenges a day past their expiry, and team invitations lapsed a month ago, go. */
  removeExpiredChallenges: 'accounts.remove-expired-challenges',
  /** Hourly: the first replies kept for `Idempotency-Key` repeats go after a day (decision 0082). */
  removeExpiredIdempotencyKeys: 'http.remove-expired-idempotency-keys',
  /** A paid gift given in someone's honour or memory: its card (mail and PDF) to the address told, drawn when sent. */
  dedicationCard: 'dedications.card-mail',
  /** Daily: the Independence Fund's balance allocated to campaigns by decision 0078's rule. */
  allocateFund: 'fund.allocate',
  /** Monthly: each fund donor of the month before is mailed what their gifts did, once. */
  fundMonthlyMail: 'fund.what-your-gifts-did',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

/**
 * What each kind of job does, in the admins' words (the jobs page). Typed by every name in JOB, so
 * a new kind of job cannot be added without saying what it does.
 */
export const JOB_WORDS: Record<JobName, string> = {
  [JOB.mail]: 'A mail to someone: a notice, a receipt for a payment set aside, or news of a campaign',
  [JOB.sms]: 'A text message to someone: a notice, a collection booking or a reminder',
  [JOB.whatsapp]: 'A WhatsApp message to someone who chose it: a notice, a collection booking or a reminder',
  [JOB.phoneCode]: 'A text message with a code proving a new phone number',
  [JOB.phoneSignInCode]: 'A text message with a code to sign in or sign up with a phone number',
  [JOB.voicePinSms]: 'A text message with a PIN for the voice line, asked for on a call',
  [JOB.collectionReminders]: "The check that sends each collection's reminder the day before, once",
  [JOB.verificationCode]: 'A mail with a verification code for someone signing up or signing in',
  [JOB.resetLink]: 'A mail with a link to choose a new password',
  [JOB.receiptMail]: "A donor's receipt for a recorded gift, mailed with its PDF",
  [JOB.resendReceipts]: "A mail listing a donor's receipts again, at their request",
  [JOB.paymentEvent]: 'A payment the provider told us about: check it and record the gift',
  [JOB.providerEvent]: 'An event the payment provider sent (a payment, a refund, a dispute): act on it',
  [JOB.monthlyCharges]: 'The quarter-hourly look for monthly gifts due to be charged',
  [JOB.monthlyCharge]: "One month's charge of a monthly gift, by the donor's saved card",
  [JOB.monthlyNotice]:
    'A mail to a monthly donor about their gift: started, changed, paused, cancelled or a declined card',
  [JOB.reconcile]: 'The minute-by-minute check of unrecorded payments with the provider, closing lapsed holds',
  [JOB.onboardingCompleted]: 'Telling the admins that someone finished onboarding',
  [JOB.campaignRequested]: 'Telling the admins about a new campaign request',
  [JOB.removeStaleUploads]: 'The hourly removal of uploads that were never used',
  [JOB.tellDonorsOfUpdate]: "Telling a campaign's donors about a published update, in the app and by mail",
  [JOB.privacyGuestLink]: 'A mail with a link for a guest donor to download or erase their data',
  [JOB.removeExpiredPrivacyLinks]: 'The hourly removal of expired links to download or erase data',
  [JOB.removeExpiredChallenges]:
    'The hourly removal of expired second-factor challenges and of team invitations lapsed a month ago',
  [JOB.removeExpiredIdempotencyKeys]: 'The hourly removal of replies kept a day for requests that may be repeated',
  [JOB.dedicationCard]: 'The card telling someone of a gift given in their honour or memory, mailed with its PDF',
  [JOB.allocateFund]: "The daily allocation of the Independence Fund's money to the campaigns approved longest ago",
  [JOB.fundMonthlyMail]: 'The monthly mail telling each Independence Fund donor what their gifts did',
};

/** The words for a job of any name: unknown names (another version's jobs) still read as something. */
export function jobWords(name: string): string {
  return (JOB_WORDS as Record<string, string | undefined>)[name] ?? `A background job (${name})`;
}

export type PaymentEventJob = { reference: string };

export type ProviderEventJob = { eventId: number };

export type ReceiptMailJob = { donationId: number };

export type DedicationCardJob = { donationId: number };

export type ResendReceiptsJob = { email: string };

export type MailJob = { message: MailMessage };

export type SmsJob = { message: SmsMessage };

export type WhatsAppJob = { message: WhatsAppMessage };

/** Queues an SMS through `db` (pass the transaction of the change it announces). Wake the queue after commit. */
export function enqueueSms(jobs: JobQueue, db: Db, message: SmsMessage): Promise<string | null> {
  return jobs.enqueue(db, JOB.sms, { message } satisfies SmsJob);
}

/** Queues a WhatsApp message through `db` (pass the transaction of the change it announces). Wake the queue after commit. */
export function enqueueWhatsApp(jobs: JobQueue, db: Db, message: WhatsAppMessage): Promise<string | null> {
  return jobs.enqueue(db, JOB.whatsapp, { message } satisfies WhatsAppJob);
}

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
