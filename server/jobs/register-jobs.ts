import type { AppDeps } from '../app';
import { mailResetLink, type ResetLinkJob } from '../modules/accounts/reset-password';
import { mailVerificationCode } from '../modules/accounts/send-verification-code';
import { JOB, type MailJob } from './names';
import type { QueuePolicy } from './queue';

// A mail server that is down for hours still gets every message once it is back: back-off from
// about 30 s, doubling, for 20 tries (several days), then the job stays visible as failed.
const MAIL: QueuePolicy = { retryLimit: 20, retryDelaySeconds: 30, backoff: true };
// Codes and links are only useful for minutes; a few quick retries, one waiting job per person.
const SHORT_LIVED_MAIL: QueuePolicy = { retryLimit: 5, retryDelaySeconds: 20, backoff: true, onePerKey: true };

/** Ties every job name to the use-case that runs it. */
export function registerJobs(deps: AppDeps): void {
  const { jobs, db, mailer } = deps;
  jobs.handle<MailJob>(JOB.mail, MAIL, (job) => mailer.send(job.data.message));
  jobs.handle<{ userId: number }>(JOB.verificationCode, SHORT_LIVED_MAIL, (job) => mailVerificationCode({ db, mailer }, job.data.userId));
  jobs.handle<ResetLinkJob>(JOB.resetLink, SHORT_LIVED_MAIL, (job) => mailResetLink({ db, mailer }, job.data));
}
