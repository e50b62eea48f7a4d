import { toCampaignId } from '@contract/ids';
import { UPDATE_TEAM_NAME } from '@contract/updates';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { publicBaseUrl } from '../../http/public-url';
import { enqueueMails, JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { shareFactsOf } from '../sharing/share-facts';
import { donorAddresses, findUpdateForChange, markDonorsTold, noticeDonors, campaignOf } from './queries';
import { unsubscribePath } from './unsubscribe-link';

export type DonorsToldJob = { updateId: number };

/** Mails are queued this many to a statement, so a campaign with thousands of donors is a few writes. */
const MAIL_BATCH = 500;

/** Queues the telling of an update's donors through `db`: pass the transaction that publishes it. */
export async function queueDonorsTold(jobs: JobQueue, db: Db, updateId: number): Promise<void> {
  await jobs.enqueue(db, JOB.tellDonorsOfUpdate, { updateId } satisfies DonorsToldJob, {
    singletonKey: `update-${updateId}`,
  });
}

/**
 * Tells everyone who gave to the campaign about a published update: a notice for each account, a
 * mail for each address that has not unsubscribed from the campaign's updates, each with its own
 * link to do so. All of it is written in one transaction with the mark that it was done, so a job
 * that is retried, or queued twice, tells nobody twice.
 */
export async function tellDonorsOfUpdate(
  deps: Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'signer' | 'config'>,
  job: DonorsToldJob,
): Promise<void> {
  const baseUrl = publicBaseUrl(deps.config);
  let mailed = false;
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const update = await findUpdateForChange(tx, job.updateId);
    if (!update || update.donorsToldAt || update.status !== 'approved') return;
    const ref = campaignOf(update);
    const facts = await shareFactsOf(tx, deps.storage, toCampaignId(ref));
    // A campaign no longer on the site has no page to point at: nobody is told.
    if (facts) {
      const author = update.authorRole === 'admin' ? UPDATE_TEAM_NAME : facts.forWhom;
      await noticeDonors(tx, ref.kind, ref.id, `There is news about ${facts.title}, which you gave to.`, facts.path);
      const donors = await donorAddresses(tx, ref.kind, ref.id);
      for (let i = 0; i < donors.length; i += MAIL_BATCH) {
        const batch = donors.slice(i, i + MAIL_BATCH).map((donor) =>
          updateMail({
            to: donor.email,
            name: donor.name,
            title: facts.title,
            author,
            body: update.body,
            videoUrl: update.videoUrl,
            pageUrl: `${baseUrl}${facts.path}`,
            unsubscribeUrl: `${baseUrl}${unsubscribePath(deps.signer, donor.email, facts.publicId)}`,
          }),
        );
        await enqueueMails(deps.jobs, tx, batch);
      }
      mailed = donors.length > 0;
    }
    await markDonorsTold(tx, update.id);
  });
  if (mailed) deps.jobs.wake(JOB.mail);
}

/** One donor's mail about an update: the words in full, the campaign's page, and the way out. */
export function updateMail(input: {
  to: string;
  name: string;
  title: string;
  author: string;
  body: string;
  videoUrl: string | null;
  pageUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const subject = `News about ${input.title}`;
  const why = 'You are receiving this because you gave to this campaign.';
  const text = [
    `Dear ${input.name},`,
    `${input.author} has posted an update about ${input.title}, which you gave to:`,
    input.body,
    ...(input.videoUrl ? [`Watch the video: ${input.videoUrl}`] : []),
    `See the campaign: ${input.pageUrl}`,
    `${why} To stop update mails about this campaign: ${input.unsubscribeUrl}`,
    'Gift of Independence',
  ];
  const paragraphs = input.body.split(/\n{2,}/).map((p) => escapeHtml(p).replace(/\n/g, '<br>'));
  return {
    to: input.to,
    subject,
    text: text.join('\n\n') + '\n',
    html: simpleHtml(subject, [
      `Dear ${escapeHtml(input.name)},`,
      `${escapeHtml(input.author)} has posted an update about ${escapeHtml(input.title)}, which you gave to:`,
      ...paragraphs,
      ...(input.videoUrl ? [`<a href="${escapeHtml(input.videoUrl)}">Watch the video</a>`] : []),
      `<a href="${escapeHtml(input.pageUrl)}">See the campaign on Gift of Independence</a>`,
      `${why} <a href="${escapeHtml(input.unsubscribeUrl)}">Stop update mails about this campaign</a>.`,
    ]),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
