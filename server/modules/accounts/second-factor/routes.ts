import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authReplySchema, messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import {
  passkeyIdParamsSchema,
  passkeyOptionsReplySchema,
  passkeyRegisterSchema,
  passkeySignInSchema,
  recoveryCodesReplySchema,
  renamePasskeySchema,
  requiresSecondFactor,
  secondFactorPasskeyOptionsSchema,
  secondFactorPasskeySchema,
  secondFactorSchema,
  secondFactorStatusSchema,
  stepUpSchema,
  totpConfirmSchema,
  totpStartReplySchema,
} from '@contract/second-factor';
import type { AppDeps } from '../../../deps';
import { requireRecentSecondFactor, SIGNED_IN } from '../../../http/auth';
import { AppError } from '../../../http/errors';
import { publicBaseUrl } from '../../../http/public-url';
import { clientKey, type Rule } from '../../../http/rate-limit';
import { loadSessionUser } from '../queries';
import { openSession } from '../sessions';
import { answerWithCode, challengeOrRefuse, completeChallenge } from './answer-challenge';
import { codeProves } from './check-code';
import { factorStatus, removeFactor, renamePasskey } from './manage-factors';
import { authenticationOptions, provePasskey, registerPasskey, registrationOptions, relyingParty } from './passkeys';
import { markSecondFactor, replaceRecoveryCodes } from './queries';
import { newRecoveryCodes } from './recovery-codes';
import { SECRET_KEY_PURPOSE } from './totp';
import { confirmTotp, startTotp } from './totp-setup';

const errors = errorReplies(400, 401, 403, 404, 409, 429);
const noStore = { 'cache-control': 'private, no-store' };
const CODE_WAIT = 'Too many codes tried. Please wait an hour, or use a recovery code on another day.';
const rule = (name: string, max: number, windowSeconds: number, message?: string): Rule => ({
  name,
  max,
  windowSeconds,
  message,
});
export const SECOND_FACTOR_LIMITS = {
  // Each sign-in challenge allows five wrong codes; this bounds the tries across challenges.
  codesPerAccount: rule('second-factor-user', 20, 3600, CODE_WAIT),
  challengesPerAddress: rule('second-factor-addr', 60, 600),
  passkeySignInPerAddress: rule('passkey-sign-in-addr', 30, 600),
};

/** Routes a person without a second factor may call: the set-up itself (docs/decisions/0070). */
const setUp = { access: SIGNED_IN, organizationAct: 'self', allowWithoutSecondFactor: true } as const;
const signedIn = { access: SIGNED_IN, organizationAct: 'self' } as const;

/**
 * Second factors (docs/decisions/0070), the step-up check before acts that move money or power
 * (0071), and recovery (0072).
 */
export function secondFactorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, limits, config, jobs } = deps;
  const secretKey = deps.signer.deriveKey(SECRET_KEY_PURPOSE);
  const sessionDeps = (request: FastifyRequest) => ({
    db,
    jobs,
    sessionDays: config.sessionDays,
    baseUrl: publicBaseUrl(config, request.server.server),
  });
  const rp = (request: FastifyRequest) => relyingParty(publicBaseUrl(config, request.server.server));
  const client = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], ip: request.ip });
  const countTry = (userId: number) => limits.hit(SECOND_FACTOR_LIMITS.codesPerAccount, String(userId));
  /** Changing factors once one is in use needs a fresh check, so a borrowed session cannot swap them. */
  const mayChangeFactors = (user: NonNullable<FastifyRequest['user']>) => {
    if (user.hasSecondFactor) requireRecentSecondFactor(user);
  };

  return async (app) => {
    app.get(
      '/api/account/second-factor',
      { config: setUp, schema: { response: { 200: secondFactorStatusSchema, ...errors } } },
      async (request, reply) =>
        reply.headers(noStore).send(await factorStatus(db, request.user!.id, requiresSecondFactor(request.user!.role))),
    );

    app.post(
      '/api/account/second-factor/totp',
      { config: setUp, schema: { response: { 200: totpStartReplySchema, ...errors } } },
      async (request, reply) => {
        mayChangeFactors(request.user!);
        const me = await loadSessionUser(db, request.user!.id);
        const label = me?.email ?? me?.phoneNumber ?? `account ${request.user!.id}`;
        return reply.headers(noStore).send(await startTotp(db, secretKey, { id: request.user!.id, label }));
      },
    );

    app.post(
      '/api/account/second-factor/totp/confirm',
      { config: setUp, schema: { body: totpConfirmSchema, response: { 200: recoveryCodesReplySchema, ...errors } } },
      async (request, reply) => {
        await countTry(request.user!.id);
        return reply.headers(noStore).send(await confirmTotp(db, secretKey, request.user!, request.body.code));
      },
    );

    app.delete(
      '/api/account/second-factor/totp',
      { config: signedIn, schema: { response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        mayChangeFactors(request.user!);
        await removeFactor(db, request.user!, { kind: 'totp' });
        return { message: 'The authenticator app is removed.' };
      },
    );

    app.post(
      '/api/account/second-factor/recovery-codes',
      { config: signedIn, schema: { response: { 200: recoveryCodesReplySchema, ...errors } } },
      async (request, reply) => {
        if (!request.user!.hasSecondFactor)
          throw new AppError('bad_request', 'Set up an authenticator app or a passkey first.');
        requireRecentSecondFactor(request.user!);
        const { codes, hashes } = newRecoveryCodes(request.user!.id);
        await replaceRecoveryCodes(db, request.user!.id, hashes);
        return reply.headers(noStore).send({ recoveryCodes: codes });
      },
    );

    app.post(
      '/api/account/passkeys/options',
      { config: setUp, schema: { response: { 200: passkeyOptionsReplySchema, ...errors } } },
      async (request, reply) => {
        mayChangeFactors(request.user!);
        const me = await loadSessionUser(db, request.user!.id);
        const userName = me?.email ?? me?.phoneNumber ?? `account ${request.user!.id}`;
        const displayName = me ? `${me.first_name} ${me.last_name}`.trim() : userName;
        const options = await registrationOptions(db, rp(request), { id: request.user!.id, userName, displayName });
        return reply.headers(noStore).send({ options: options as unknown as Record<string, unknown> });
      },
    );

    app.post(
      '/api/account/passkeys',
      {
        config: setUp,
        schema: {
          body: passkeyRegisterSchema,
          response: {
            201: z.object({
              passkey: z.object({ id: z.number().int(), name: z.string() }),
              recoveryCodes: z.array(z.string()),
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        mayChangeFactors(request.user!);
        const added = await registerPasskey(db, rp(request), request.user!, request.body);
        return reply.code(201).headers(noStore).send(added);
      },
    );

    app.patch(
      '/api/account/passkeys/:id',
      {
        config: signedIn,
        schema: {
          params: passkeyIdParamsSchema,
          body: renamePasskeySchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request) => {
        await renamePasskey(db, request.user!.id, request.params.id, request.body.name);
        return { message: `The passkey is now called ${request.body.name}.` };
      },
    );

    app.delete(
      '/api/account/passkeys/:id',
      { config: signedIn, schema: { params: passkeyIdParamsSchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        mayChangeFactors(request.user!);
        const name = await removeFactor(db, request.user!, { kind: 'passkey', id: request.params.id });
        return { message: `The passkey ${name} is removed.` };
      },
    );

    app.post(
      '/api/auth/second-factor',
      {
        config: { access: 'public' },
        schema: { body: secondFactorSchema, response: { 200: authReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(SECOND_FACTOR_LIMITS.challengesPerAddress, clientKey(request.ip));
        const { challenge, ...proof } = request.body;
        return answerWithCode({ ...sessionDeps(request), secretKey, countTry }, challenge, proof, client(request));
      },
    );

    app.post(
      '/api/auth/second-factor/passkey/options',
      {
        config: { access: 'public' },
        schema: { body: secondFactorPasskeyOptionsSchema, response: { 200: passkeyOptionsReplySchema, ...errors } },
      },
      async (request, reply) => {
        await limits.hit(SECOND_FACTOR_LIMITS.challengesPerAddress, clientKey(request.ip));
        const challenge = await challengeOrRefuse(sessionDeps(request), request.body.challenge);
        const options = await authenticationOptions(db, rp(request), 'second_factor', {
          userId: challenge.userId,
          signInChallengeId: challenge.id,
        });
        return reply.headers(noStore).send({ options: options as unknown as Record<string, unknown> });
      },
    );

    app.post(
      '/api/auth/second-factor/passkey',
      {
        config: { access: 'public' },
        schema: { body: secondFactorPasskeySchema, response: { 200: authReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(SECOND_FACTOR_LIMITS.challengesPerAddress, clientKey(request.ip));
        const deps = sessionDeps(request);
        const challenge = await challengeOrRefuse(deps, request.body.challenge);
        await countTry(challenge.userId);
        await provePasskey(db, rp(request), 'second_factor', request.body.response, {
          userId: challenge.userId,
          signInChallengeId: challenge.id,
        });
        return completeChallenge(deps, challenge, client(request));
      },
    );

    app.post(
      '/api/auth/passkey/options',
      { config: { access: 'public' }, schema: { response: { 200: passkeyOptionsReplySchema, ...errors } } },
      async (request, reply) => {
        await limits.hit(SECOND_FACTOR_LIMITS.passkeySignInPerAddress, clientKey(request.ip));
        const options = await authenticationOptions(db, rp(request), 'sign_in', {});
        return reply.headers(noStore).send({ options: options as unknown as Record<string, unknown> });
      },
    );

    app.post(
      '/api/auth/passkey',
      {
        config: { access: 'public' },
        schema: { body: passkeySignInSchema, response: { 200: authReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(SECOND_FACTOR_LIMITS.passkeySignInPerAddress, clientKey(request.ip));
        const userId = await provePasskey(db, rp(request), 'sign_in', request.body.response, {});
        const me = await loadSessionUser(db, userId);
        if (!me) throw new AppError('unauthorized', 'That passkey could not be checked. Please try again.');
        return openSession(sessionDeps(request), userId, client(request), { secondFactor: true });
      },
    );

    app.post(
      '/api/auth/step-up',
      { config: signedIn, schema: { body: stepUpSchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        await countTry(request.user!.id);
        if (!(await codeProves(db, secretKey, request.user!.id, request.body))) {
          const sentence =
            'recoveryCode' in request.body
              ? 'That recovery code is not right, or was used already.'
              : 'That code is not right, or was used already. Enter the newest code from your authenticator app.';
          const field = 'recoveryCode' in request.body ? 'recoveryCode' : 'code';
          throw new AppError('validation_failed', sentence, { [field]: [sentence] });
        }
        await markSecondFactor(db, request.user!.sessionId);
        return { message: 'Thank you. You can go on.' };
      },
    );

    app.post(
      '/api/auth/step-up/passkey/options',
      { config: signedIn, schema: { response: { 200: passkeyOptionsReplySchema, ...errors } } },
      async (request, reply) => {
        const options = await authenticationOptions(db, rp(request), 'step_up', { userId: request.user!.id });
        return reply.headers(noStore).send({ options: options as unknown as Record<string, unknown> });
      },
    );

    app.post(
      '/api/auth/step-up/passkey',
      { config: signedIn, schema: { body: passkeySignInSchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        await countTry(request.user!.id);
        await provePasskey(db, rp(request), 'step_up', request.body.response, { userId: request.user!.id });
        await markSecondFactor(db, request.user!.sessionId);
        return { message: 'Thank you. You can go on.' };
      },
    );
  };
}
