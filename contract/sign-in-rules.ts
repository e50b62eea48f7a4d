/**
 * The rules of an email address and of the sign-in form, with no schema library: the contract's
 * schemas (contract/auth.ts) are built from them, and the sign-in page checks with them directly, so
 * a light page (decision 0058) says exactly what the server would without loading zod.
 */

/** zod's own email pattern (zod/v4 core regexes), which the email schema passes back to zod. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX = 254;
export const SIGN_IN_PASSWORD_MAX = 200;

export const EMAIL_WORDS = {
  missing: 'Enter your email address.',
  tooLong: 'That email address is too long.',
  format: 'Enter an email address in the format name@example.com.',
} as const;

export const SIGN_IN_PASSWORD_WORDS = {
  missing: 'Enter your password.',
  tooLong: 'Password must be at most 200 characters.',
} as const;

/** An address as it is kept: without surrounding spaces, in lower case. */
export const normalEmail = (typed: string) => typed.trim().toLowerCase();

/** What is wrong with a typed address, first problem first, or null. */
export function emailProblem(typed: string): string | null {
  const email = normalEmail(typed);
  if (!email) return EMAIL_WORDS.missing;
  if (email.length > EMAIL_MAX) return EMAIL_WORDS.tooLong;
  return EMAIL_PATTERN.test(email) ? null : EMAIL_WORDS.format;
}

/** Sign-in takes any password the account may have, so only its presence and length are checked. */
export function signInPasswordProblem(password: string): string | null {
  if (!password) return SIGN_IN_PASSWORD_WORDS.missing;
  return password.length > SIGN_IN_PASSWORD_MAX ? SIGN_IN_PASSWORD_WORDS.tooLong : null;
}
