import { formatNaira } from '@contract/money';
import { CENTRE, escapeHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { giftsOfEmail, receiptDate, type ReceiptFacts } from './receipt-facts';
import { MAILED_LINK_SECONDS, receiptLink } from './receipt-link';
import type { ReceiptDeps } from './send-receipt';

/** The same reply whether or not the address has given, so the form tells nobody who has. */
export const RESEND_REPLY = 'If this address has given, we have sent its receipts to it.';

/** How many of the newest gifts the mail lists; older receipts are in a donor account's history. */
export const RESEND_MOST_GIFTS = 20;

function resendMail(to: string, gifts: ReceiptFacts[], link: (g: ReceiptFacts) => string): MailMessage {
  const lines = gifts.map((g) => `${receiptDate(g.paidAt)}, ${formatNaira(g.totalKobo)}, reference ${g.reference}`);
  const more =
    gifts.length === RESEND_MOST_GIFTS
      ? `These are your newest ${RESEND_MOST_GIFTS} gifts. For older receipts, write to us and quote the payment reference.`
      : '';
  return {
    to,
    subject: `Your ${CENTRE} receipts`,
    text: `Hello,\n\nYou asked for the receipts of the gifts made with this address. Each link downloads one receipt as a PDF and works for a year.\n\n${gifts.map((g, i) => `${lines[i]}\n${link(g)}`).join('\n\n')}${more ? `\n\n${more}` : ''}\n\nIf you did not ask for this, you can ignore this email.\n\nDonations are final and non-refundable.\n\n${CENTRE}`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your receipts</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #111827;">
<h1 style="font-size: 22px;">Your receipts</h1>
<p>You asked for the receipts of the gifts made with this address. Each link downloads one receipt as a PDF and works for a year.</p>
<ul>${gifts.map((g, i) => `<li>${escapeHtml(lines[i]!)}: <a href="${escapeHtml(link(g))}">Download receipt ${escapeHtml(g.receiptNumber)} (PDF)</a></li>`).join('')}</ul>
${more ? `<p>${more}</p>` : ''}
<p>If you did not ask for this, you can ignore this email.</p>
<p>Donations are final and non-refundable.</p>
<p>${CENTRE}</p>
</body></html>`,
  };
}

/**
 * Mails the newest recorded gifts given with `email` to that address only, each with a signed link
 * made now (none sits in the job table). An address with no gifts gets nothing.
 */
export async function sendReceiptsAgain(deps: ReceiptDeps, email: string): Promise<void> {
  const gifts = await giftsOfEmail(deps.db, email, RESEND_MOST_GIFTS);
  if (gifts.length === 0) return;
  const link = (g: ReceiptFacts) => `${deps.baseUrl}${receiptLink(deps.signer, g.reference, MAILED_LINK_SECONDS)}`;
  // To the address asked about, never to what any gift recorded as its spelling.
  await deps.mailer.send(resendMail(email, gifts, link));
}
