import { formatNaira } from '@contract/money';
import { escapeHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';

/** What the receipt mail says about a gift: the same for a recorded gift and for one set aside for checking. */
export type ReceiptMailInput = {
  to: string;
  donorFullName: string;
  reference: string;
  amountKobo: number;
  feeKobo: number;
  date: string;
  lines: Array<{ label: string; units: number; amount: number }>;
  /** What sponsors' matches gave with the gift (decision 0080): said apart, never in the amount charged. */
  matched?: Array<{ sponsorName: string; label: string; amount: number }>;
  /** Campaigns part of the payment could not be placed with. */
  unallocated: string[];
  /** Where the receipt PDF can be downloaded for a year (a signed link), once the gift is recorded. */
  receiptLink?: string;
  /** Whether the donor has an account, whose My Gifts also holds the receipt. */
  inMyGifts?: boolean;
  /** "A gift in memory of …" when the gift was given in someone's name. */
  dedication?: string | null;
  /** A month of a monthly gift: which month it pays for and where the donor manages the gift. */
  monthly?: { sentence: string; manageLink: string } | null;
};

const MY_GIFTS_WORDS = 'It is also in My Gifts whenever you sign in.';

/** The receipt mail's subject, which names the payment's reference. */
export const receiptSubject = (reference: string): string => `Your Gift of Independence receipt (${reference})`;

/** The donor's receipt mail, in plain text and in HTML. */
export function receiptMail(input: ReceiptMailInput): MailMessage {
  const { date } = input;
  const lines = [
    ...input.lines.map((a) => `${a.label}${a.units > 1 ? ` (${a.units} units)` : ''}: ${formatNaira(a.amount)}`),
    ...(input.matched ?? []).map((m) => `Matched by ${m.sponsorName}: +${formatNaira(m.amount)} to ${m.label}`),
  ];
  const attention = input.unallocated.length
    ? `\nPart of this payment could not be placed (${input.unallocated.join(', ')}). Our team will contact you.`
    : '';
  // With a covered fee the receipt says what went to the gifts, what to the fee, and what was charged.
  const amounts: Array<[string, string]> = input.feeKobo
    ? [
        ['Gifts', formatNaira(input.amountKobo - input.feeKobo)],
        ['Payment fee you covered', formatNaira(input.feeKobo)],
        ['Total charged', formatNaira(input.amountKobo)],
      ]
    : [['Amount', formatNaira(input.amountKobo)]];
  const linkWords = input.receiptLink
    ? `Download your receipt as a PDF (this link works for a year): ${input.receiptLink}`
    : '';
  const accountWords = input.receiptLink && input.inMyGifts ? MY_GIFTS_WORDS : '';
  const monthlyWords = input.monthly
    ? `${input.monthly.sentence} To change the amount, pause or cancel it: ${input.monthly.manageLink}`
    : '';
  const download = [linkWords, accountWords, monthlyWords].filter(Boolean).join('\n');
  // A name may end with its own full stop ("Dr. Ada O."): the sentence is not given a second one.
  const dedicationSentence = input.dedication ? input.dedication.replace(/([^.!?])$/, '$1.') : '';
  const dedication = dedicationSentence ? `${dedicationSentence}\n\n` : '';
  const text = `Dear ${input.donorFullName},\n\nThank you for your gift to Gift of Independence.\n\n${dedication}${amounts.map(([k, v]) => `${k}: ${v}`).join('\n')}\nReference: ${input.reference}\nDate: ${date}\n\n${lines.join('\n')}${attention}${download ? `\n\n${download}` : ''}\n\nDonations are final and non-refundable.\n\nGift of Independence, a programme of a non-profit research centre for accessibility technology.`;
  const downloadHtml = [
    input.receiptLink
      ? `<p><a href="${escapeHtml(input.receiptLink)}">Download your receipt (PDF)</a>; this link works for a year.</p>`
      : '',
    accountWords ? `<p>${accountWords}</p>` : '',
    input.monthly
      ? `<p>${escapeHtml(input.monthly.sentence)} <a href="${escapeHtml(input.monthly.manageLink)}">Change, pause or cancel your monthly gift</a>.</p>`
      : '',
  ].join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your gift receipt</title></head><body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5;">
<h1 style="font-size: 22px;">Thank you for your gift</h1>
<p>Dear ${escapeHtml(input.donorFullName)},</p>
${dedicationSentence ? `<p><strong>${escapeHtml(dedicationSentence)}</strong></p>\n` : ''}<table role="presentation">${amounts.map(([k, v]) => `<tr><th scope="row" style="text-align:left">${k}</th><td>${v}</td></tr>`).join('')}
<tr><th scope="row" style="text-align:left">Reference</th><td>${escapeHtml(input.reference)}</td></tr>
<tr><th scope="row" style="text-align:left">Date</th><td>${escapeHtml(date)}</td></tr></table>
<h2 style="font-size: 18px;">Your gifts</h2><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
${attention ? `<p>${escapeHtml(attention.trim())}</p>` : ''}${downloadHtml}
<p>Donations are final and non-refundable.</p>
<p>Gift of Independence, a programme of a non-profit research centre for accessibility technology.</p></body></html>`;
  return {
    to: input.to,
    subject: receiptSubject(input.reference),
    text,
    html,
  };
}
