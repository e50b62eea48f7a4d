import type { Db } from '../../../db/client';
import { confirmedTotp, useRecoveryCode, useTotpStep } from './queries';
import { recoveryCodeHash } from './recovery-codes';
import { openSecret, stepOfCode } from './totp';

export type CodeProof = { code: string } | { recoveryCode: string };

/**
 * Whether a code proves the person's second factor: a current authenticator code not used before
 * (one step either side for the phone's clock), or an unused recovery code, which is then spent.
 */
export async function codeProves(db: Db, secretKey: Buffer, userId: number, proof: CodeProof): Promise<boolean> {
  if ('recoveryCode' in proof) return useRecoveryCode(db, userId, recoveryCodeHash(userId, proof.recoveryCode));
  const totp = await confirmedTotp(db, userId);
  if (!totp?.secretSealed) return false;
  const step = stepOfCode(openSecret(secretKey, totp.secretSealed), proof.code);
  return step !== null && (await useTotpStep(db, totp.id, step));
}
