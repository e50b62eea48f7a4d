import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authConfigSchema, authReplySchema, emailOnlySchema, googleSchema, loginSchema, messageReplySchema, registerSchema, resetPasswordSchema, sessionUserSchema, userExistsQuerySchema, userExistsReplySchema, verifyEmailSchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../app';
import { SIGNED_IN } from '../../http/auth';
import { AppError } from '../../http/errors';
import { googleSignIn } from './google-sign-in';
import { findUserByEmail, loadSessionUser, revokeSession } from './queries';
import { registerUser } from './register-user';
import { FORGOT_REPLY, requestPasswordReset, resetPassword } from './reset-password';
import { sendVerificationCode } from './send-verification-code';
import { signIn } from './sign-in';
import { verifyEmail } from './verify-email';

const errors = errorReplies(400, 401, 403, 404, 409, 429, 502);

const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.';

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer, humanCheck, google, limiter, config } = deps;
  const sessionDays = config.sessionDays;
  const ua = (r: FastifyRequest) => r.headers['user-agent'];

  async function requireHuman(token: string | undefined, ip: string) {
    if (!(await humanCheck.verify(token, ip))) throw new AppError('bad_request', CAPTCHA_FAILED);
  }

  return async (app) => {
    app.get(
      '/api/auth/config',
      { config: { access: 'public' }, schema: { response: { 200: authConfigSchema } } },
      async () => ({ turnstileSiteKey: humanCheck.enabled ? humanCheck.siteKey : null, googleClientId: google.clientId }),
    );

    app.post(
      '/api/auth/register',
      { config: { access: 'public' }, schema: { body: registerSchema, response: { 201: messageReplySchema, ...errors } } },
      async (request, reply) => {
        limiter.hit(`register:ip:${request.ip}`, 10, 600);
        await requireHuman(request.body.turnstileToken, request.ip);
        await registerUser({ db, mailer }, request.body);
        reply.code(201);
        return { message: 'Account created. We have sent a 6-digit code to your email.' };
      },
    );

    app.get(
      '/api/auth/user-exists',
      { config: { access: 'public' }, schema: { querystring: userExistsQuerySchema, response: { 200: userExistsReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`user-exists:ip:${request.ip}`, 30, 600);
        const user = await findUserByEmail(db, request.query.email);
        return { exists: Boolean(user), isVerified: Boolean(user?.emailVerifiedAt) };
      },
    );

    app.post(
      '/api/auth/verify-email',
      { config: { access: 'public' }, schema: { body: verifyEmailSchema, response: { 200: authReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`verify:ip:${request.ip}`, 30, 600);
        return verifyEmail({ db, mailer, sessionDays }, request.body, ua(request));
      },
    );

    app.post(
      '/api/auth/resend-otp',
      { config: { access: 'public' }, schema: { body: emailOnlySchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`resend:ip:${request.ip}`, 20, 3600);
        const user = await findUserByEmail(db, request.body.email);
        const reply = { message: 'If that account is waiting for verification, a new code is on its way.' };
        if (!user || user.emailVerifiedAt) return reply;
        limiter.hit(`resend:email:${user.email}`, 6, 3600);
        await sendVerificationCode({ db, mailer }, user);
        return reply;
      },
    );

    app.post(
      '/api/auth/login',
      { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: authReplySchema, ...errors } } },
      async (request) => {
        const message = 'Too many sign-in attempts. Please wait a few minutes and try again.';
        limiter.hit(`login:ip:${request.ip}`, 20, 600, message);
        limiter.hit(`login:email:${request.body.email}`, 10, 900, message);
        await requireHuman(request.body.turnstileToken, request.ip);
        return signIn({ db, mailer, sessionDays }, request.body, ua(request));
      },
    );

    app.post(
      '/api/auth/google',
      { config: { access: 'public' }, schema: { body: googleSchema, response: { 200: authReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`google:ip:${request.ip}`, 20, 600);
        return googleSignIn({ db, mailer, google, sessionDays }, request.body, ua(request));
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { config: { access: 'public' }, schema: { body: emailOnlySchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`forgot:ip:${request.ip}`, 10, 900);
        limiter.hit(`forgot:email:${request.body.email}`, 3, 900);
        const baseUrl = config.publicUrl ?? `${request.protocol}://${request.host}`;
        await requestPasswordReset({ db, mailer, baseUrl }, request.body.email).catch((error: unknown) => {
          // The reply must not reveal whether the account exists, so a mail failure is only logged.
          request.log.error({ err: error }, 'password reset mail failed');
        });
        return { message: FORGOT_REPLY };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { config: { access: 'public' }, schema: { body: resetPasswordSchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        limiter.hit(`reset:ip:${request.ip}`, 20, 900);
        await resetPassword({ db }, request.body);
        return { message: 'Your password has been reset. You can now sign in with your new password.' };
      },
    );

    app.get(
      '/api/auth/me',
      { config: { access: SIGNED_IN }, schema: { response: { 200: sessionUserSchema, ...errors } } },
      async (request) => {
        const user = await loadSessionUser(db, request.user!.id);
        if (!user) throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
        return user;
      },
    );

    app.post(
      '/api/auth/logout',
      { config: { access: SIGNED_IN }, schema: { response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        await revokeSession(db, request.user!.sessionId);
        return { message: 'You have signed out.' };
      },
    );
  };
}
