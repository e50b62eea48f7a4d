import type { Db } from '../../../db/client';
import type { Mailer } from '../../../providers/mail/mail';
import type { LinkSigner } from '../../../providers/storage/storage';
import { manageLink } from './manage-link';
import { monthlyMails, type MonthlyMailFacts } from './monthly-mail';
import type { MonthlyNoticeJob } from './monthly-notice';
import { readMonthly } from './monthly-queries';

/** Where the fund's own monthly gift starts, offered when a campaign's monthly gift ends. */
export const GIVE_MONTHLY_PATH = '/give-monthly';

/** Draws and sends one monthly gift's mail, from the gift as it is now. */
export async function sendMonthlyNotice(
  deps: { db: Db; mailer: Mailer; signer: LinkSigner; baseUrl: string },
  job: MonthlyNoticeJob,
): Promise<void> {
  const gift = await readMonthly(deps.db, job.giftId);
  if (!gift) return;
  const link = manageLink(deps.signer, deps.baseUrl, { email: gift.donor_email, donorUserId: gift.donor_user_id });
  const facts: MonthlyMailFacts = {
    to: gift.donor_email,
    donorFullName: gift.donor_full_name,
    amountKobo: Number(gift.amount_kobo),
    targetName: gift.target_name,
    manageLink: link,
  };
  const at = (fallback: Date | string | null) => new Date(job.at ?? fallback ?? Date.now());
  const period = job.period ?? gift.next_period ?? '';
  const mail = {
    started: () => monthlyMails.started(facts, at(gift.next_charge_at)),
    oneOff: () => monthlyMails.oneOff(facts),
    amountChanged: () => monthlyMails.amountChanged(facts, gift.next_charge_at ? new Date(gift.next_charge_at) : null),
    paused: () => monthlyMails.paused(facts, at(gift.paused_until)),
    resumed: () => monthlyMails.resumed(facts, at(gift.next_charge_at)),
    cancelled: () => monthlyMails.cancelled(facts),
    cardDeclined: () => monthlyMails.cardDeclined(facts, period, at(gift.next_charge_at), link),
    pausedAfterDeclines: () => monthlyMails.pausedAfterDeclines(facts, period, link),
    campaignEnded: () => monthlyMails.campaignEnded(facts, `${deps.baseUrl}${GIVE_MONTHLY_PATH}`),
  }[job.kind];
  await deps.mailer.send(mail());
}
