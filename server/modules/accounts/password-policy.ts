import { AppError } from '../../http/errors';

/**
 * About 18,000 of the most common leaked passwords that are long enough to pass the length rule. The
 * word lists are unpacked when first needed, not at start: few requests set a password (decision 0059).
 */
let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).filter((p) => p.length >= 8)),
  );
  common.catch(() => (common = undefined));
  return common;
}

export const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another one.';

/** Refuses a password from the common-password list (the length and spaces rules live in the contract). */
export async function assertPasswordAllowed(password: string, field = 'password'): Promise<void> {
  const common = await commonPasswords();
  if (common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase())) {
    throw new AppError('validation_failed', COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
  }
}
