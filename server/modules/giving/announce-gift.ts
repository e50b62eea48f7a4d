import type { FundReply } from '@contract/giving';
import { formatNaira } from '@contract/money';
import type { Db } from '../../db/client';
import { enqueueMails } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { notifyManyAndAdmins } from '../notifications/queries';
import { noticeMail, type Notice } from '../notifications/tell-user';

/** A gift as recorded: what the donor paid for and where each part went. */
export type RecordedGift = FundReply & {
  /** The payment fee the donor chose to cover, part of amountKobo and of no campaign's gift. */
  feeKobo: number;
  donationId: number;
  donorEmail: string;
  donorFullName: string;
  allocated: Array<{
    kind: 'recipient' | 'organization';
    id: number;
    label: string;
    units: number;
    amount: number;
    ownerId: number;
  }>;
  unallocated: string[];
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const receiptDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long' });

/**
 * In the transaction that records a gift: queues the donor's receipt and writes the notices to the
 * campaign owners and the admins, so all of them exist exactly when the gift does.
 */
export async function announceGift(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  gift: RecordedGift,
): Promise<void> {
  const date = receiptDate.format(new Date());
  const lines = gift.allocated.map(
    (a) => `${a.label}${a.units > 1 ? ` (${a.units} units)` : ''}: ${formatNaira(a.amount)}`,
  );
  const attention = gift.unallocated.length
    ? `\nPart of this payment could not be placed (${gift.unallocated.join(', ')}). Our team will contact you.`
    : '';
  // With a covered fee the receipt says what went to the gifts, what to the fee, and what was charged.
  const amounts: Array<[string, string]> = gift.feeKobo
    ? [
        ['Gifts', formatNaira(gift.amountKobo - gift.feeKobo)],
        ['Payment fee you covered', formatNaira(gift.feeKobo)],
        ['Total charged', formatNaira(gift.amountKobo)],
      ]
    : [['Amount', formatNaira(gift.amountKobo)]];
  const text = `Dear ${gift.donorFullName},\n\nThank you for your gift to Gift of Independence.\n\n${amounts.map(([k, v]) => `${k}: ${v}`).join('\n')}\nReference: ${gift.reference}\nDate: ${date}\n\n${lines.join('\n')}${attention}\n\nDonations are final and non-refundable.\n\nGift of Independence, a programme of a non-profit research centre for accessibility technology.`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your gift receipt</title></head><body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5;">
<h1 style="font-size: 22px;">Thank you for your gift</h1>
<p>Dear ${escapeHtml(gift.donorFullName)},</p>
<table role="presentation">${amounts.map(([k, v]) => `<tr><th scope="row" style="text-align:left">${k}</th><td>${v}</td></tr>`).join('')}
<tr><th scope="row" style="text-align:left">Reference</th><td>${escapeHtml(gift.reference)}</td></tr>
<tr><th scope="row" style="text-align:left">Date</th><td>${date}</td></tr></table>
<h2 style="font-size: 18px;">Your gifts</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
${attention ? `<p>${escapeHtml(attention.trim())}</p>` : ''}
<p>Donations are final and non-refundable.</p>
<p>Gift of Independence, a programme of a non-profit research centre for accessibility technology.</p></body></html>`;
  const receipt = { to: gift.donorEmail, subject: `Your Gift of Independence receipt (${gift.reference})`, text, html };

  // Each owner hears in the app and by mail, the admins in the app: every notice in one statement,
  // every mail in one more, all in the gift's own transaction.
  const owners = gift.allocated.map((a) => {
    const product = a.label.split(' for ')[0];
    const notice: Notice =
      a.kind === 'recipient'
        ? {
            subject: 'Your device has been funded',
            message: `Good news: a donor has funded your ${product}. We will contact you about collection in Lagos.`,
            link: '/recipient/status',
          }
        : {
            subject: 'Units of your request have been funded',
            message: `A donor has funded ${a.units} ${a.units === 1 ? 'unit' : 'units'} of your ${product} request.`,
            link: '/organization/status',
          };
    return { userId: a.ownerId, notice };
  });
  const adminMessage = gift.unallocated.length
    ? `Needs attention: payment ${gift.reference} (${formatNaira(gift.amountKobo)}) could not be fully placed: ${gift.unallocated.join(', ')}.`
    : `New gift ${gift.reference}: ${formatNaira(gift.amountKobo)} from ${gift.donorFullName}.`;
  const addresses = await notifyManyAndAdmins(
    deps.db,
    owners.map((o) => ({ userId: o.userId, message: o.notice.message, linkTo: o.notice.link })),
    { message: adminMessage },
  );
  const ownerMails = owners.flatMap((o) => {
    const to = addresses.get(o.userId);
    return to ? [noticeMail(deps.baseUrl, to.email, to.firstName, o.notice)] : [];
  });
  await enqueueMails(deps.jobs, deps.db, [receipt, ...ownerMails]);
}
