import type { AuthReply } from '@contract/auth';
import { AppError } from '../../../http/errors';
import { openSession, type SessionDeps } from '../sessions';
import type { SignInClient } from '../sign-in-client';
import { codeProves, type CodeProof } from './check-code';
import { consumeSignInChallenge, countChallengeMiss, openSignInChallenge } from './queries';

export const CHALLENGE_GONE =
  'This sign-in has expired or had too many wrong codes. Please sign in again with your password.';

/** The open sign-in challenge a browser holds, or a 401 that sends the person back to the password. */
export async function challengeOrRefuse(deps: SessionDeps, token: string) {
  const challenge = await openSignInChallenge(deps.db, token);
  if (!challenge) throw new AppError('unauthorized', CHALLENGE_GONE).withCode('sign_in_challenge_gone');
  return challenge;
}

/** Ends a challenge that was answered: it is used up, and the session counts as checked. */
export async function completeChallenge(
  deps: SessionDeps,
  challenge: { id: number; userId: number },
  client: SignInClient,
): Promise<AuthReply> {
  if (!(await consumeSignInChallenge(deps.db, challenge.id)))
    throw new AppError('unauthorized', CHALLENGE_GONE).withCode('sign_in_challenge_gone');
  return openSession(deps, challenge.userId, client, { secondFactor: true });
}

/**
 * Answers a sign-in challenge with an authenticator code or a recovery code. Each wrong code counts
 * against the challenge (five, then the sign-in starts again) and, through `countTry`, the account.
 */
export async function answerWithCode(
  deps: SessionDeps & { secretKey: Buffer; countTry: (userId: number) => Promise<void> },
  token: string,
  proof: CodeProof,
  client: SignInClient,
): Promise<AuthReply> {
  const challenge = await challengeOrRefuse(deps, token);
  await deps.countTry(challenge.userId);
  if (!(await codeProves(deps.db, deps.secretKey, challenge.userId, proof))) {
    const left = await countChallengeMiss(deps.db, challenge.id);
    if (left === 0) throw new AppError('unauthorized', CHALLENGE_GONE).withCode('sign_in_challenge_gone');
    const which = 'recoveryCode' in proof ? 'recovery code' : 'code';
    const sentence = `That ${which} is not right, or was used already. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
    const field = 'recoveryCode' in proof ? 'recoveryCode' : 'code';
    throw new AppError('validation_failed', sentence, { [field]: [sentence] });
  }
  return completeChallenge(deps, challenge, client);
}
