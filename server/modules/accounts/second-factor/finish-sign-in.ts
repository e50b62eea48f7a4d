import type { AuthReply } from '@contract/auth';
import type { SignInChallengeReply } from '@contract/second-factor';
import { openSession, type SessionDeps } from '../sessions';
import { networkPrefix, type SignInClient } from '../sign-in-client';
import { createSignInChallenge, factorKinds } from './queries';

export type SignInReply = AuthReply | SignInChallengeReply;
/** What every way of proving a password or code ends with, for the person it proved. */
export type FinishSignIn = (userId: number) => Promise<SignInReply>;

/**
 * After a password, an SMS code or Google has proved who someone is: a session for a person with no
 * second factor, or for one who has, a challenge to answer with it first (docs/decisions/0070).
 */
export function finishSignIn(deps: SessionDeps, client: SignInClient): FinishSignIn {
  return async (userId) => {
    const methods = await factorKinds(deps.db, userId);
    if (methods.length === 0) return openSession(deps, userId, client, { secondFactor: false });
    const challenge = await createSignInChallenge(deps.db, userId, {
      userAgent: client.userAgent,
      networkPrefix: networkPrefix(client.ip),
    });
    return { secondFactorRequired: true, challenge, methods };
  };
}
