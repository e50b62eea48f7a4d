import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and reset links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** A 6-digit code, uniformly random, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are short, so their hash is bound to the user: the same code for two users hashes differently. */
export function codeHash(userId: number, code: string): string {
  return sha256(`${userId}:${code}`);
}
