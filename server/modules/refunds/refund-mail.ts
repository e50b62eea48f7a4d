import { formatNaira } from '@contract/money';
import { escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';

/**
 * The donor's mail about a refund: how much, of which payment, and that their bank may take some
 * days to show it. The admin's note is for the team and never sent.
 */
export function refundMail(input: {
  to: string;
  donorFullName: string;
  reference: string;
  amountKobo: number;
  /** Everything refunded of this payment so far, this refund included. */
  refundedKobo: number;
  receivedKobo: number;
}): MailMessage {
  const title = 'Your refund';
  const what =
    input.amountKobo >= input.receivedKobo
      ? `We have refunded your payment of ${formatNaira(input.receivedKobo)} to Gift of Independence in full.`
      : `We have refunded ${formatNaira(input.amountKobo)} of your payment of ${formatNaira(input.receivedKobo)} to Gift of Independence.${
          input.refundedKobo >= input.receivedKobo ? ' With the earlier refunds, all of it has now been refunded.' : ''
        }`;
  const paragraphs = [
    `Dear ${input.donorFullName},`,
    what,
    `Reference: ${input.reference}`,
    'The payment provider returns it to the card or account you paid with. Your bank may take some days to show it.',
    'If you have any question about this refund, reply to this mail with your payment reference.',
  ];
  return {
    to: input.to,
    subject: `Your Gift of Independence refund (${input.reference})`,
    text: `${paragraphs.join('\n\n')}\n\nGift of Independence\n`,
    html: simpleHtml(title, paragraphs.map(escapeHtml)),
  };
}
