import type { MailMessage } from '../../providers/mail/mail';

const CENTRE = 'Gift of Independence';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Plain, single-column HTML with real headings and text: it reads well in any screen reader. */
function html(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #111827;">
<h1 style="font-size: 22px;">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p>${CENTRE}</p>
</body></html>`;
}

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
    html: html(`Welcome to ${CENTRE}`, [`Hello ${escapeHtml(firstName)},`, `Welcome to ${CENTRE}. ${escapeHtml(next)}`]),
  };
}
