import { Secret, TOTP } from 'otpauth';
import { seal, unseal } from '../../../providers/storage/seal';

/** The name an authenticator app shows beside the codes. */
export const TOTP_ISSUER = 'Gift of Independence';
const PERIOD = 30;

/** An authenticator app's settings for one person (RFC 6238: SHA-1, 6 digits, 30 s, as every app reads them). */
export function totpFor(base32Secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32Secret),
  });
}

/** A new 160-bit secret, as base32 (what the app's "enter a key" field takes). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret in groups of four, as set-up shows it so it can be read out and typed in parts. */
export function groupedSecret(base32Secret: string): string {
  return base32Secret.match(/.{1,4}/g)!.join(' ');
}

/** The current 30-second step. */
export const currentStep = (now = Date.now()): number => Math.floor(now / 1000 / PERIOD);

/**
 * The step a code belongs to, allowing one step either side for a phone's clock, or null when it is
 * not a current code. The caller accepts it only for a step after the last one used.
 */
export function stepOfCode(base32Secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32Secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : currentStep(now) + delta;
}

/** Sealed under the key derived for second-factor secrets (providers/storage/seal.ts). */
export function sealSecret(key: Buffer, secret: string): string {
  return seal(key, secret);
}

/**
 * The secret a row keeps. The demo accounts' secret is printed in README for anyone to use, so the
 * seed keeps it as `plain:<base32>`; every secret set up through the app is sealed.
 */
export function openSecret(key: Buffer, sealed: string): string {
  if (sealed.startsWith(PLAIN_PREFIX)) return sealed.slice(PLAIN_PREFIX.length);
  return unseal(key, sealed);
}

export const PLAIN_PREFIX = 'plain:';

/** The key purpose that seals authenticator secrets (LinkSigner.deriveKey). */
export const SECRET_KEY_PURPOSE = 'second-factor-secret';
