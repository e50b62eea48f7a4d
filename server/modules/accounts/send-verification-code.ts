import { RESEND_COOLDOWN_SECONDS } from '@contract/roles';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../providers/mail/mail';
import { verificationEmail } from './emails';
import { insertCode, latestCode } from './queries';
import { codeHash, randomCode } from './tokens';

export const CODE_MINUTES = 10;

/** Seconds until another code may be sent; 0 when one may be sent now. */
export async function resendWait(db: Db, userId: number): Promise<number> {
  const last = await latestCode(db, userId, 'verify_email');
  if (!last) return 0;
  return Math.max(0, Math.ceil(RESEND_COOLDOWN_SECONDS - last.ageSeconds));
}

/** Issues a fresh 6-digit code (replacing any open one) and mails it. Enforces the 60-second cooldown. */
export async function sendVerificationCode(
  deps: { db: Db; mailer: Mailer },
  user: { id: number; email: string; firstName: string },
  { enforceCooldown = true } = {},
): Promise<void> {
  if (enforceCooldown) {
    const wait = await resendWait(deps.db, user.id);
    if (wait > 0) {
      throw new AppError(
        'rate_limited',
        `Please wait ${wait} seconds before asking for another code.`,
        undefined,
        { 'retry-after': String(wait) },
      );
    }
  }
  const code = randomCode();
  await insertCode(deps.db, user.id, 'verify_email', codeHash(user.id, code), CODE_MINUTES);
  try {
    await deps.mailer.send(verificationEmail(user.email, user.firstName, code));
  } catch (error) {
    throw new AppError('bad_gateway', 'We could not send the email just now. Please ask for a new code in a moment.', undefined, undefined, error);
  }
}
