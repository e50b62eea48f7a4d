import { removeExpiredIdempotencyKeys } from './http/idempotency';
import { removeExpiredChallenges } from './modules/accounts/second-factor/queries';
import { removeLapsedInvitations } from './modules/team/queries';
import type { AppDeps } from './deps';
import { publicBaseUrl } from './http/public-url';
import { mailResetLink, type ResetLinkJob } from './modules/accounts/reset-password';
import { mailVerificationCode } from './modules/accounts/send-verification-code';
import { sendPhoneCode, type PhoneCodeJob } from './modules/accounts/request-phone-change';
import { sendSignInCode, type SignInCodeJob } from './modules/accounts/phone-sign-in';
import { sendVoicePinSms, type VoicePinSmsJob } from './modules/voice/voice-pin';
import { processProviderEvent } from './modules/attention/provider-events';
import { reconcilePayments } from './modules/giving/reconcile-payments';
import { isFinalRefusal, recordPayment } from './modules/giving/record-payment';
import { CARD_KEY_PURPOSE } from './modules/giving/monthly/activate-month';
import { chargeMonthly, queueDueCharges, type MonthlyChargeJob } from './modules/giving/monthly/charge-monthly';
import type { MonthlyNoticeJob } from './modules/giving/monthly/monthly-notice';
import { sendMonthlyNotice } from './modules/giving/monthly/send-monthly-notice';
import { monthlyReceiptNote } from './modules/giving/monthly/manage-link';
import { notifyAdminsOfRequest, type CampaignRequestedJob } from './modules/campaigns/requests';
import { notifyAdminsOfOnboarding } from './modules/onboarding/notify-admins';
import type { OnboardingSentJob } from './modules/onboarding/submit-onboarding';
import { mailGuestLink, type GuestLinkJob } from './modules/privacy/guest-requests';
import { removeExpiredPrivacyRequests } from './modules/privacy/queries';
import { sendReceiptsAgain } from './modules/receipts/resend-receipts';
import { sendReceipt } from './modules/receipts/send-receipt';
import { sendCard } from './modules/dedications/send-card';
import { removeStaleUploads } from './modules/uploads/cleanup';
import { sendCollectionReminders } from './modules/collections/reminders';
import { sendWhatsApp } from './modules/notifications/send-whatsapp';
import {
  JOB,
  type MailJob,
  type SmsJob,
  type WhatsAppJob,
  type PaymentEventJob,
  type ProviderEventJob,
  type ReceiptMailJob,
  type ResendReceiptsJob,
  type DedicationCardJob,
} from './jobs/names';
import { tellDonorsOfUpdate, type DonorsToldJob } from './modules/updates/tell-donors';
import type { QueuePolicy } from './jobs/queue';
import { allocateFund } from './modules/fund/allocate-fund';
import { mailWhatYourGiftsDid } from './modules/fund/what-your-gifts-did';

// A job whose process died mid-run is retried once it expires (120 s), so each must finish well
// within that: SMTP and provider calls time out sooner.
// A mail server that is down for hours still gets every message once it is back: back-off from
// about 30 s, doubling, for 12 tries (two to four days in all, well inside the 14 days a waiting
// job is kept), then the job stays visible as failed.
const MAIL: QueuePolicy = { retryLimit: 12, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 };
// WhatsApp has SMS behind it: a quarter of an hour of tries (about 30 s, doubling, five times), then
// the SMS takes the message (docs/decisions/0069).
const WHATSAPP: QueuePolicy = { retryLimit: 5, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 };
// Codes and links are only useful for minutes; a few quick retries, one waiting job per person.
const SHORT_LIVED_MAIL: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 20,
  backoff: true,
  onePerKey: true,
  expireInSeconds: 120,
};

// A payment taken must become a gift: keep asking while the provider is unreachable (two to four
// days, as for mail); the minute-by-minute sweep asks as well.
const PAYMENT: QueuePolicy = {
  retryLimit: 12,
  retryDelaySeconds: 30,
  backoff: true,
  onePerKey: true,
  expireInSeconds: 120,
};
// Each kept webhook event is its own job (a second event for one checkout may be a second payment),
// retried as a payment is.
const PROVIDER_EVENT: QueuePolicy = { ...PAYMENT, onePerKey: false };
// The sweep runs every minute anyway: a failed run is simply the next one.
const SWEEP: QueuePolicy = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 300 };

// A notice for the admins: retried like mail, since it only writes rows and queues mail.
const NOTICE: QueuePolicy = { retryLimit: 12, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 };

/** Ties every job name to the use-case that runs it. */
export function registerJobs(deps: AppDeps): void {
  const { jobs, db, mailer, payments, publicCache } = deps;
  const paying = {
    db,
    payments,
    jobs,
    publicCache,
    baseUrl: publicBaseUrl(deps.config),
    payLaterHoldMinutes: deps.config.payLaterHoldMinutes,
    cardKey: deps.signer.deriveKey(CARD_KEY_PURPOSE),
  };
  jobs.handle<MailJob>(JOB.mail, MAIL, (job) => mailer.send(job.data.message));
  jobs.handle<SmsJob>(JOB.sms, MAIL, (job) => deps.sms.send(job.data.message));
  jobs.handle<WhatsAppJob>(JOB.whatsapp, WHATSAPP, (job) =>
    sendWhatsApp(
      { db, jobs, whatsapp: deps.whatsapp, awaitStatus: Boolean(deps.config.whatsapp?.webhook) },
      job,
      WHATSAPP.retryLimit,
    ),
  );
  // Retried like any mail: the PDF is drawn again on each try, and nothing is sent twice unless the
  // mail server took a message and then failed to say so.
  const receipts = {
    db,
    mailer,
    signer: deps.signer,
    config: deps.config,
    baseUrl: publicBaseUrl(deps.config),
    monthlyNote: (gift: { donorEmail: string; donorUserId: number | null; period: string }) =>
      monthlyReceiptNote(deps.signer, publicBaseUrl(deps.config), gift),
  };
  jobs.handle<ReceiptMailJob>(JOB.receiptMail, MAIL, (job) => sendReceipt(receipts, job.data.donationId));
  jobs.handle<ResendReceiptsJob>(JOB.resendReceipts, SHORT_LIVED_MAIL, (job) =>
    sendReceiptsAgain(receipts, job.data.email),
  );
  // A dedication's card, retried like any mail; its PDF is drawn again on each try.
  jobs.handle<DedicationCardJob>(JOB.dedicationCard, MAIL, (job) => sendCard(receipts, job.data.donationId));
  jobs.handle<{ userId: number }>(JOB.verificationCode, SHORT_LIVED_MAIL, (job) =>
    mailVerificationCode({ db, mailer }, job.data.userId),
  );
  // Each request is its own change (a newer one drops the older), so not one job per key.
  jobs.handle<PhoneCodeJob>(JOB.phoneCode, { ...SHORT_LIVED_MAIL, onePerKey: false }, (job) =>
    sendPhoneCode({ db, sms: deps.sms }, job.data),
  );
  jobs.handle<SignInCodeJob>(JOB.phoneSignInCode, { ...SHORT_LIVED_MAIL, onePerKey: false }, (job) =>
    sendSignInCode({ db, sms: deps.sms }, job.data),
  );
  jobs.handle<VoicePinSmsJob>(JOB.voicePinSms, SHORT_LIVED_MAIL, (job) =>
    sendVoicePinSms({ db, sms: deps.sms }, job.data),
  );
  jobs.handle<ResetLinkJob>(JOB.resetLink, SHORT_LIVED_MAIL, (job) => mailResetLink({ db, mailer }, job.data));
  jobs.handle<GuestLinkJob>(JOB.privacyGuestLink, SHORT_LIVED_MAIL, (job) =>
    mailGuestLink({ db, mailer, baseUrl: publicBaseUrl(deps.config) }, job.data),
  );
  jobs.handle<ProviderEventJob>(JOB.providerEvent, PROVIDER_EVENT, (job) =>
    processProviderEvent(paying, job.data.eventId),
  );
  // Events queued by reference before they were kept in provider_events.
  jobs.handle<PaymentEventJob>(JOB.paymentEvent, PAYMENT, async (job) => {
    try {
      await recordPayment(paying, job.data.reference);
    } catch (error) {
      // The provider unreachable (502) or a database failure: retry. A refusal (unknown reference,
      // unpaid, a wrong amount set aside for the admins) will not change by asking again.
      if (!isFinalRefusal(error)) throw error;
    }
  });
  jobs.handle(JOB.reconcile, SWEEP, async () => {
    await reconcilePayments({ ...paying, pauseMs: payments.name === 'paystack' ? 200 : 0 });
  });
  jobs.schedule(JOB.reconcile, '* * * * *');
  const monthly = { ...paying, paymentFee: deps.config.paymentFee };
  jobs.handle(JOB.monthlyCharges, SWEEP, async () => {
    await queueDueCharges({ db, jobs });
  });
  jobs.schedule(JOB.monthlyCharges, '*/15 * * * *');
  // One try of one month: asked of the provider again rather than charged twice when run again.
  jobs.handle<MonthlyChargeJob>(JOB.monthlyCharge, PAYMENT, async (job) => {
    await chargeMonthly(monthly, job.data.giftId);
  });
  jobs.handle<MonthlyNoticeJob>(JOB.monthlyNotice, MAIL, (job) =>
    sendMonthlyNotice({ db, mailer, signer: deps.signer, baseUrl: publicBaseUrl(deps.config) }, job.data),
  );
  jobs.handle<OnboardingSentJob>(JOB.onboardingCompleted, NOTICE, (job) => notifyAdminsOfOnboarding(deps, job.data));
  jobs.handle<CampaignRequestedJob>(JOB.campaignRequested, NOTICE, (job) => notifyAdminsOfRequest(deps, job.data));
  jobs.handle<DonorsToldJob>(JOB.tellDonorsOfUpdate, { ...NOTICE, onePerKey: true }, (job) =>
    tellDonorsOfUpdate(deps, job.data),
  );
  jobs.handle(JOB.removeStaleUploads, SWEEP, async () => {
    await removeStaleUploads(deps);
  });
  jobs.schedule(JOB.removeStaleUploads, '17 * * * *');
  jobs.handle(JOB.removeExpiredPrivacyLinks, SWEEP, () => removeExpiredPrivacyRequests(db));
  jobs.schedule(JOB.removeExpiredPrivacyLinks, '41 * * * *');
  jobs.handle(JOB.removeExpiredChallenges, SWEEP, async () => {
    await removeExpiredChallenges(db);
    await removeLapsedInvitations(db);
  });
  jobs.schedule(JOB.removeExpiredChallenges, '23 * * * *');
  jobs.handle(JOB.removeExpiredIdempotencyKeys, SWEEP, async () => {
    await removeExpiredIdempotencyKeys(db);
  });
  jobs.schedule(JOB.removeExpiredIdempotencyKeys, '29 * * * *');
  // Every quarter hour, so a booking made late today for tomorrow still hears the day before.
  jobs.handle(JOB.collectionReminders, SWEEP, async () => {
    await sendCollectionReminders(deps);
  });
  jobs.schedule(JOB.collectionReminders, '*/15 * * * *');
  // The Independence Fund (decision 0078): allocated once a day at 06:30 in Lagos; its donors told
  // on the 1st at 09:00 what the month before did. A failed run is tried again within the hour;
  // the monthly mail's own job ids keep a second run from mailing anyone twice.
  const FUND_RUN: QueuePolicy = { retryLimit: 3, retryDelaySeconds: 600, backoff: false, expireInSeconds: 300 };
  jobs.handle(JOB.allocateFund, FUND_RUN, async () => {
    await allocateFund({ db, jobs, publicCache, baseUrl: publicBaseUrl(deps.config) });
  });
  jobs.schedule(JOB.allocateFund, '30 5 * * *');
  jobs.handle(JOB.fundMonthlyMail, FUND_RUN, async () => {
    await mailWhatYourGiftsDid({ db, jobs, baseUrl: publicBaseUrl(deps.config) });
  });
  jobs.schedule(JOB.fundMonthlyMail, '0 8 1 * *');
}
