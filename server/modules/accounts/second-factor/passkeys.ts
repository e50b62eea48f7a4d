import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeyChallenges, secondFactors } from '../../../db/schema/all';
import { AppError } from '../../../http/errors';
import { factorKinds, markSecondFactor, replaceRecoveryCodes } from './queries';
import { newRecoveryCodes } from './recovery-codes';
import { TOTP_ISSUER } from './totp';

type Purpose = 'register' | 'sign_in' | 'second_factor' | 'step_up';
/** Where passkeys are bound: the site's public address (never a request header), docs/decisions/0070. */
export type RelyingParty = { origin: string; rpID: string };

export const relyingParty = (baseUrl: string): RelyingParty => {
  const url = new URL(baseUrl);
  return { origin: url.origin, rpID: url.hostname };
};

export const PASSKEY_NOT_CHECKED = 'That passkey could not be checked. Please try again.';
const CHALLENGE_MINUTES = 5;

async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  owner: { userId?: number; signInChallengeId?: number },
) {
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    userId: owner.userId ?? null,
    signInChallengeId: owner.signInChallengeId ?? null,
    expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
  });
}

/** Uses up a challenge this server issued for this purpose (and person); false for any other. */
function challengeCheck(db: Db, purpose: Purpose, owner: { userId?: number; signInChallengeId?: number }) {
  return async (challenge: string): Promise<boolean> => {
    const rows = await db
      .update(passkeyChallenges)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(passkeyChallenges.challenge, challenge),
          eq(passkeyChallenges.purpose, purpose),
          isNull(passkeyChallenges.consumedAt),
          gt(passkeyChallenges.expiresAt, sql`now()`),
          owner.userId === undefined ? sql`true` : eq(passkeyChallenges.userId, owner.userId),
          owner.signInChallengeId === undefined
            ? sql`true`
            : eq(passkeyChallenges.signInChallengeId, owner.signInChallengeId),
        ),
      )
      .returning({ id: passkeyChallenges.id });
    return rows.length > 0;
  };
}

async function passkeysOf(db: Db, userId: number) {
  return db
    .select({ credentialId: secondFactors.credentialId, transports: secondFactors.transports })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'passkey')));
}

const descriptors = (rows: { credentialId: string | null; transports: string[] | null }[]) =>
  rows.map((r) => ({ id: r.credentialId!, transports: (r.transports ?? []) as AuthenticatorTransport[] }));

/** The options a browser needs to make a new passkey for this person. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; userName: string; displayName: string },
) {
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.rpID,
    userName: user.userName,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: descriptors(await passkeysOf(db, user.id)),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', { userId: user.id });
  return options;
}

/**
 * Keeps a new passkey once the library has checked the browser's answer against a challenge issued
 * to this person. A person's first second factor also gets ten recovery codes (shown once).
 */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  user: { id: number; sessionId: number },
  input: { name: string; response: unknown },
): Promise<{ passkey: { id: number; name: string }; recoveryCodes: string[] }> {
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: challengeCheck(db, 'register', { userId: user.id }),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw new AppError('bad_request', PASSKEY_NOT_CHECKED);
  const { credential } = verification.registrationInfo;
  const firstFactor = (await factorKinds(db, user.id)).length === 0;
  const fresh = firstFactor ? newRecoveryCodes(user.id) : null;
  const row = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [inserted] = await t
      .insert(secondFactors)
      .values({
        userId: user.id,
        kind: 'passkey',
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        confirmedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: secondFactors.id, name: secondFactors.name });
    if (!inserted) throw new AppError('conflict', 'This passkey is already added.');
    if (fresh) await replaceRecoveryCodes(t, user.id, fresh.hashes);
    await markSecondFactor(t, user.sessionId);
    return inserted;
  });
  return { passkey: row, recoveryCodes: fresh?.codes ?? [] };
}

/**
 * The options for proving a passkey: for a sign-in with a passkey alone any of the site's passkeys
 * may answer; for a second factor or a step-up, only the person's own.
 */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  purpose: Exclude<Purpose, 'register'>,
  owner: { userId?: number; signInChallengeId?: number },
) {
  const allow = owner.userId === undefined ? undefined : descriptors(await passkeysOf(db, owner.userId));
  if (allow && allow.length === 0) throw new AppError('bad_request', 'You have no passkey. Use another way.');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: allow,
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
  });
  await keepChallenge(db, options.challenge, purpose, owner);
  return options;
}

/**
 * Checks a passkey's answer to a challenge this server issued for the purpose; answers whose passkey
 * it was. A sign-in with a passkey alone needs the authenticator to have verified its user (a PIN,
 * a fingerprint), so the passkey stands for both factors.
 */
export async function provePasskey(
  db: Db,
  rp: RelyingParty,
  purpose: Exclude<Purpose, 'register'>,
  response: unknown,
  owner: { userId?: number; signInChallengeId?: number },
): Promise<number> {
  const answer = response as AuthenticationResponseJSON;
  const [passkey] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.credentialId, answer.id), eq(secondFactors.kind, 'passkey')))
    .limit(1);
  if (!passkey || (owner.userId !== undefined && passkey.userId !== owner.userId))
    throw new AppError('unauthorized', PASSKEY_NOT_CHECKED);
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challengeCheck(db, purpose, owner),
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credentialId!,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey!, 'base64url')),
      counter: passkey.signCount ?? 0,
      transports: (passkey.transports ?? []) as AuthenticatorTransport[],
    },
    requireUserVerification: purpose === 'sign_in',
  }).catch(() => null);
  if (!verification?.verified) throw new AppError('unauthorized', PASSKEY_NOT_CHECKED);
  await db
    .update(secondFactors)
    .set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(secondFactors.id, passkey.id));
  return passkey.userId;
}
