import { PRIVACY_LINK_HOURS } from '@contract/privacy';
import { CENTRE, escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import type { SmsMessage } from '../../providers/sms/sms';

function linkMail(
  to: string,
  subject: string,
  title: string,
  lines: string[],
  action: string,
  link: string,
): MailMessage {
  const open = `Open this link within ${PRIVACY_LINK_HOURS} hours. It works once:`;
  const ignore = 'If you did not ask for this, you can ignore this email: nothing changes.';
  return {
    to,
    subject,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${open}\n${link}\n\n${ignore}\n\n${CENTRE}`,
    html: simpleHtml(title, [
      'Hello,',
      ...lines.map(escapeHtml),
      `${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(action)}</a>.`,
      `Or copy this address into your browser: ${escapeHtml(link)}`,
      escapeHtml(ignore),
    ]),
  };
}

/** The link that confirms a signed-in person's own erasure. */
export function accountErasureMail(to: string, link: string): MailMessage {
  return linkMail(
    to,
    `Confirm erasing your ${CENTRE} account`,
    'Confirm erasing your account',
    [
      `You asked us to erase your ${CENTRE} account.`,
      'Your name, contact details, profile, documents, notices and sign-ins will be removed and you will be signed out. The gifts and campaigns stay on record without your name, so the amounts raised stay true.',
    ],
    'Erase my account',
    link,
  );
}

/** An owner's link to close their organization: its own account is erased and its team signed out. */
export function organizationClosureMail(to: string, organization: string, link: string): MailMessage {
  return linkMail(
    to,
    `Confirm closing ${organization} on ${CENTRE}`,
    'Confirm closing the organization',
    [
      `You asked us to close ${organization}'s account on ${CENTRE}.`,
      "Its profile, documents and notices will be removed, every member of its team will be signed out, and its open requests will end. The gifts and campaigns stay on record without the organization's details, so the amounts raised stay true.",
    ],
    'Close the organization',
    link,
  );
}

export function organizationClosureSms(to: string, organization: string, link: string): SmsMessage {
  return {
    to,
    text: `Gift of Independence: to close ${organization}'s account, open this link within ${PRIVACY_LINK_HOURS} hours: ${link} If you did not ask, ignore this SMS.`,
  };
}

/** The link that lets a guest donor download, or erase, the gifts given with their address. */
export function guestLinkMail(to: string, kind: 'export' | 'erase', link: string): MailMessage {
  return kind === 'export'
    ? linkMail(
        to,
        `Download the gifts you gave to ${CENTRE}`,
        'Download your data',
        ['You asked for the data we hold about the gifts you gave as a guest with this email address.'],
        'Download my data',
        link,
      )
    : linkMail(
        to,
        `Confirm removing your name from your gifts to ${CENTRE}`,
        'Confirm erasing your data',
        [
          'You asked us to remove your name and email address from the gifts you gave as a guest with this address.',
          'The amounts, dates and payment references stay on record without your name, and receipts will no longer carry it.',
        ],
        'Erase my data',
        link,
      );
}

/** The same link by SMS, for an account with no email (docs/decisions/0066): the link is the whole message. */
export function accountErasureSms(to: string, link: string): SmsMessage {
  return {
    to,
    text: `Gift of Independence: to erase your account, open this link within ${PRIVACY_LINK_HOURS} hours: ${link} If you did not ask, ignore this SMS.`,
  };
}
