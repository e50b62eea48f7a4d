import { CENTRE, escapeHtml, simpleHtml } from '../../providers/mail/layout';
import type { MailMessage } from '../../providers/mail/mail';

const html = simpleHtml;

export function verificationEmail(to: string, firstName: string, code: string): MailMessage {
  const spaced = code.split('').join(' ');
  return {
    to,
    subject: `Your ${CENTRE} verification code: ${code}`,
    text: `Hello ${firstName},\n\nYour verification code is ${code} (read digit by digit: ${spaced}).\nIt expires in 10 minutes.\n\nIf you did not create an account, you can ignore this email.\n\n${CENTRE}`,
    html: html('Your verification code', [
      `Hello ${escapeHtml(firstName)},`,
      `Your verification code is <strong style="font-size: 22px; letter-spacing: 4px;">${code}</strong>.`,
      `Read digit by digit: ${spaced}. It expires in 10 minutes.`,
      'If you did not create an account, you can ignore this email.',
    ]),
  };
}

export function resetEmail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${CENTRE} password`,
    text: `Hello ${firstName},\n\nTo choose a new password, open this link within 1 hour:\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n\n${CENTRE}`,
    html: html('Reset your password', [
      `Hello ${escapeHtml(firstName)},`,
      `To choose a new password, open this link within 1 hour: <a href="${escapeHtml(link)}">Reset my password</a>.`,
      `Or copy this address into your browser: ${escapeHtml(link)}`,
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ]),
  };
}

export function welcomeEmail(to: string, firstName: string, role: string): MailMessage {
  const next =
    role === 'donor'
      ? 'You can now give to campaigns and follow your gifts from your account.'
      : 'Next, complete your profile so our team can verify your need.';
  return {
    to,
    subject: `Welcome to ${CENTRE}`,
    text: `Hello ${firstName},\n\nWelcome to ${CENTRE}. ${next}\n\n${CENTRE}`,
    html: html(`Welcome to ${CENTRE}`, [
      `Hello ${escapeHtml(firstName)},`,
      `Welcome to ${CENTRE}. ${escapeHtml(next)}`,
    ]),
  };
}
