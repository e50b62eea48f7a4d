import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@contract/second-factor';
import { sha256 } from '../tokens';

// Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/o, 1/l/i).
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Twelve characters (about 59 bits) shown as three groups of four: `abcd-efgh-jkmn`. */
function recoveryCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A new set: the codes to show once, and their digests to keep. */
export function newRecoveryCodes(userId: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  return { codes, hashes: codes.map((code) => recoveryCodeHash(userId, code)) };
}

/** A code's digest, bound to its owner; the code is compared without its dashes or case. */
export function recoveryCodeHash(userId: number, code: string): string {
  return sha256(`recovery:${userId}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
}
