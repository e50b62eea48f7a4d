import { escapeHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import { CARD_FILE_NAME } from './card-pdf';
import { cardSubject, findOutMore, type CardWords } from './card-words';

/**
 * The card's mail to the address told: the same words as the PDF beside it, in plain text and in
 * HTML with real headings, and the PDF attached. Nothing else is ever sent to that address.
 */
export function cardMail(to: string, words: CardWords, pdf: Buffer): MailMessage {
  const message = words.message ? [words.message.intro, words.message.body] : [];
  const text = [
    words.heading,
    words.opening,
    words.helps.join('\n'),
    ...message,
    words.charity,
    findOutMore(words.siteAddress),
  ]
    .filter(Boolean)
    .join('\n\n');
  const paragraph = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(words.heading)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #111827;">
<h1 style="font-size: 22px;">${escapeHtml(words.heading)}</h1>
${paragraph(words.opening)}
${words.helps.map(paragraph).join('\n')}
${words.message ? `${paragraph(words.message.intro)}\n<blockquote style="white-space: pre-line;">${escapeHtml(words.message.body)}</blockquote>` : ''}
${paragraph(words.charity)}
<p>Find out more at <a href="${escapeHtml(words.siteAddress)}">${escapeHtml(words.siteAddress)}</a></p>
<p>A copy of this card is attached as a PDF.</p>
</body></html>`;
  return {
    to,
    subject: cardSubject(words),
    text: `${text}\n\nA copy of this card is attached as a PDF.`,
    html,
    attachments: [{ filename: CARD_FILE_NAME, content: pdf, contentType: 'application/pdf' }],
  };
}
