import { INVITE_DAYS } from '@contract/caseworkers';
import { ORGANIZATION_ROLE_WORDS, type OrganizationRole } from '@contract/organization-team';
import { CENTRE, escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';
import type { SmsMessage } from '../../providers/sms/sms';

/** What the invited person is asked to do, by role: a caseworker's work is told in its own words. */
function invitationLine(organization: string, role: OrganizationRole): string {
  return role === 'caseworker'
    ? `${organization} has invited you to help people apply for assistive devices on ${CENTRE} as their caseworker.`
    : `${organization} has invited you to join its team on ${CENTRE} as ${ORGANIZATION_ROLE_WORDS[role].toLowerCase()}.`;
}

/** The invitation by mail: the link holds the only readable copy of the token; the database keeps its hash. */
export function invitationMail(to: string, organization: string, role: OrganizationRole, link: string): MailMessage {
  const line = invitationLine(organization, role);
  const next = `To accept, open this link within ${INVITE_DAYS} days and choose your password:`;
  const title =
    role === 'caseworker' ? 'You are invited to be a caseworker' : `You are invited to join ${organization}`;
  return {
    to,
    subject:
      role === 'caseworker'
        ? `${organization} invites you to be a caseworker on ${CENTRE}`
        : `${organization} invites you to its team on ${CENTRE}`,
    text: `Hello,\n\n${line}\n\n${next}\n${link}\n\nIf you did not expect this, you can ignore this email.\n\n${CENTRE}`,
    html: simpleHtml(title, [
      'Hello,',
      escapeHtml(line),
      `${escapeHtml(next)} <a href="${escapeHtml(link)}">Accept the invitation</a>.`,
      `Or copy this address into your browser: ${escapeHtml(link)}`,
      'If you did not expect this, you can ignore this email.',
    ]),
  };
}

/** The invitation by SMS, for a person known by their phone: short, signed, with the link. */
export function invitationSms(to: string, organization: string, role: OrganizationRole, link: string): SmsMessage {
  const as = role === 'caseworker' ? 'a caseworker' : ORGANIZATION_ROLE_WORDS[role].toLowerCase();
  return {
    to,
    text: `Gift of Independence: ${organization} invites you to its team as ${as}. Open within ${INVITE_DAYS} days to accept: ${link}`,
  };
}
