import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/errors';

// About 18,000 of the most common leaked passwords that are long enough to pass the length rule.
let common: Set<string> | undefined;

export const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another one.';

/** Refuses a password from the common-password list (the length and spaces rules live in the contract). */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  common ??= new Set((dictionary['passwords-common'] as string[]).filter((p) => p.length >= 8));
  if (common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase())) {
    throw new AppError('validation_failed', COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
  }
}
