import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  changePasswordSchema,
  emailOnlySchema,
  googleSchema,
  loginSchema,
  phoneLoginSchema,
  messageReplySchema,
  phoneCodeRequestSchema,
  phoneVerifySchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserSchema,
  userExistsQuerySchema,
  userExistsReplySchema,
  verifyEmailSchema,
} from '@contract/auth';
import { isPayLater } from '@contract/payment-channels';
import { errorReplies } from '@contract/errors';
import { feeCanApply } from '@contract/payment-fee';
import type { AppDeps } from '../../deps';
import { SIGNED_IN } from '../../http/auth';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { publicBaseUrl } from '../../http/public-url';
import { clientKey, type Rule } from '../../http/rate-limit';
import { changePassword } from './change-password';
import { googleSignIn } from './google-sign-in';
import { findUserByEmail, loadSessionUser, revokeSession } from './queries';
import { PHONE_CODE_REPLY, requestSignInCode, verifySignInCode } from './phone-sign-in';
import { registerUser } from './register-user';
import { FORGOT_REPLY, requestPasswordReset, resetPassword } from './reset-password';
import { requestVerificationCode } from './send-verification-code';
import { signIn, signInByPhone } from './sign-in';
import { countSmsCode } from './sms-code-limits';
import { verifyEmail } from './verify-email';
import { finishSignIn } from './second-factor/finish-sign-in';
import { signInReplySchema } from '@contract/second-factor';

const errors = errorReplies(400, 401, 403, 404, 409, 429, 502);

const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.';
const SIGN_IN_WAIT = 'Too many sign-in attempts. Please wait a few minutes and try again.';

const rule = (name: string, max: number, windowSeconds: number, message?: string): Rule => ({
  name,
  max,
  windowSeconds,
  message,
});
export const LIMITS = {
  registerPerAddress: rule('register-addr', 10, 600),
  userExistsPerAddress: rule('user-exists-addr', 30, 600),
  verifyPerAddress: rule('verify-addr', 30, 600),
  resendPerAddress: rule('resend-addr', 20, 3600),
  // Per email and address, so a stranger asking for someone's codes or links uses up only their
  // own share; the per-email caps only keep an inbox from being flooded.
  resendPerEmailAndAddress: rule('resend-email-addr', 6, 3600),
  resendPerEmail: rule('resend-email', 30, 3600),
  // Many people share one carrier address, so the per-address sign-in limit is generous; guessing
  // one account's password is bounded per account and address below.
  loginPerAddress: rule('login-addr', 60, 600, SIGN_IN_WAIT),
  loginPerAccountAndAddress: rule('login-email-addr', 10, 900, SIGN_IN_WAIT),
  loginFailuresPerAccount: rule('login-email-failures', 10, 900),
  googlePerAddress: rule('google-addr', 20, 600),
  forgotPerAddress: rule('forgot-addr', 10, 900),
  forgotPerEmailAndAddress: rule('forgot-email-addr', 3, 900),
  forgotPerEmail: rule('forgot-email', 20, 3600),
  resetPerAddress: rule('reset-addr', 20, 900),
  // Someone at an unlocked screen guessing the current password: a few tries per account.
  changePasswordPerAccount: rule(
    'change-password-user',
    5,
    900,
    'Too many attempts to change the password. Please wait a few minutes and try again.',
  ),
  // Each code is an SMS the platform pays for and a message to someone's phone: a few an hour.
  phoneCodePerAccount: rule(
    'phone-code-user',
    5,
    3600,
    'Too many codes asked for. Please wait an hour and try again, or call us for help.',
  ),
  // Each code allows five tries; this bounds the tries across many codes.
  phoneConfirmPerAccount: rule('phone-confirm-user', 20, 3600),
  // Sign-in codes by SMS (docs/decisions/0066) count against SMS_CODE_LIMITS with every other code.
  signInVerifyPerAddress: rule('sign-in-verify-addr', 30, 600),
  // Each code allows five tries; this bounds the tries across many codes for one number.
  signInVerifyPerNumber: rule('sign-in-verify-number', 20, 3600),
};
/** While an account is being guessed at from elsewhere, each address still gets this many tries. */
export const TRIES_WHILE_UNDER_ATTACK = 3;

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, jobs, humanCheck, google, limits, config } = deps;
  const sessionDays = config.sessionDays;
  /** How a sign-in by this request ends: a session, or a second-factor challenge (docs/decisions/0070). */
  const finish = (request: FastifyRequest) =>
    finishSignIn(
      { db, jobs, sessionDays, baseUrl: publicBaseUrl(config, request.server.server) },
      { userAgent: request.headers['user-agent'], ip: request.ip },
    );

  async function requireHuman(token: string | undefined, ip: string) {
    if (!(await humanCheck.verify(token, ip))) throw new AppError('bad_request', CAPTCHA_FAILED);
  }

  return async (app) => {
    app.get(
      '/api/auth/config',
      { config: { access: 'public' }, schema: { response: { 200: authConfigSchema } } },
      async () => ({
        turnstileSiteKey: humanCheck.enabled ? humanCheck.siteKey : null,
        googleClientId: google.clientId,
        paymentMode: deps.payments.name === 'sandbox' ? ('test' as const) : ('live' as const),
        paymentFee: feeCanApply(config.paymentFee) ? config.paymentFee : null,
        payLaterHoldMinutes: config.paymentChannels.some(isPayLater) ? config.payLaterHoldMinutes : null,
      }),
    );

    app.post(
      '/api/auth/register',
      {
        config: { access: 'public' },
        schema: { body: registerSchema, response: { 201: messageReplySchema, ...errors } },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.registerPerAddress, clientKey(request.ip));
        await requireHuman(request.body.turnstileToken, request.ip);
        await registerUser({ db, jobs }, request.body);
        reply.code(201);
        return { message: 'Account created. We have sent a 6-digit code to your email.' };
      },
    );

    app.get(
      '/api/auth/user-exists',
      {
        config: { access: 'public' },
        schema: { querystring: userExistsQuerySchema, response: { 200: userExistsReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.userExistsPerAddress, clientKey(request.ip));
        const user = await findUserByEmail(db, request.query.email);
        return { exists: Boolean(user), isVerified: Boolean(user?.emailVerifiedAt) };
      },
    );

    app.post(
      '/api/auth/verify-email',
      {
        config: { access: 'public' },
        schema: { body: verifyEmailSchema, response: { 200: signInReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.verifyPerAddress, clientKey(request.ip));
        return verifyEmail({ db, jobs }, request.body, finish(request));
      },
    );

    app.post(
      '/api/auth/resend-otp',
      {
        config: { access: 'public' },
        schema: { body: emailOnlySchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.resendPerAddress, clientKey(request.ip));
        const user = await findUserByEmail(db, request.body.email);
        const reply = { message: 'If that account is waiting for verification, a new code is on its way.' };
        if (!user || user.emailVerifiedAt) return reply;
        const email = request.body.email;
        await limits.hit(LIMITS.resendPerEmailAndAddress, `${email}|${clientKey(request.ip)}`);
        await limits.hit(LIMITS.resendPerEmail, email);
        await requestVerificationCode({ db, jobs }, user.id);
        jobs.wake(JOB.verificationCode);
        return reply;
      },
    );

    /**
     * The limits every password sign-in shares, keyed by what names the account (an email, or a
     * phone number for docs/decisions/0066), then the check itself.
     */
    async function passwordSignIn<T>(
      account: string,
      request: FastifyRequest & { body: { turnstileToken?: string } },
      check: () => Promise<T>,
    ): Promise<T> {
      const address = clientKey(request.ip);
      await limits.hit(LIMITS.loginPerAddress, address);
      // Counted before the password is checked, so parallel guesses cannot slip past the limit.
      const tries = await limits.count(LIMITS.loginPerAccountAndAddress, `${account}|${address}`);
      // Failures from anywhere do not lock the owner out: while an account is under attack each
      // address keeps a few tries of its own, so the right password from a new address still works.
      const underAttack =
        (await limits.peek(LIMITS.loginFailuresPerAccount, account)) >= LIMITS.loginFailuresPerAccount.max;
      const allowed = underAttack ? TRIES_WHILE_UNDER_ATTACK : LIMITS.loginPerAccountAndAddress.max;
      if (tries > allowed) {
        throw new AppError('rate_limited', SIGN_IN_WAIT, undefined, {
          'retry-after': String(LIMITS.loginPerAccountAndAddress.windowSeconds),
        });
      }
      await requireHuman(request.body.turnstileToken, request.ip);
      try {
        return await check();
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized')
          await limits.count(LIMITS.loginFailuresPerAccount, account);
        throw error;
      }
    }

    app.post(
      '/api/auth/login',
      {
        config: { access: 'public' },
        schema: { body: loginSchema, response: { 200: signInReplySchema, ...errors } },
      },
      async (request) =>
        passwordSignIn(request.body.email, request, () => signIn({ db, jobs }, request.body, finish(request))),
    );

    app.post(
      '/api/auth/phone/login',
      {
        config: { access: 'public' },
        schema: { body: phoneLoginSchema, response: { 200: signInReplySchema, ...errors } },
      },
      async (request) =>
        passwordSignIn(request.body.phoneNumber, request, () => signInByPhone({ db }, request.body, finish(request))),
    );

    app.post(
      '/api/auth/google',
      { config: { access: 'public' }, schema: { body: googleSchema, response: { 200: signInReplySchema, ...errors } } },
      async (request) => {
        await limits.hit(LIMITS.googlePerAddress, clientKey(request.ip));
        return googleSignIn({ db, jobs, google }, request.body, finish(request));
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public' },
        schema: { body: emailOnlySchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.forgotPerAddress, clientKey(request.ip));
        await limits.hit(LIMITS.forgotPerEmailAndAddress, `${request.body.email}|${clientKey(request.ip)}`);
        await limits.hit(LIMITS.forgotPerEmail, request.body.email);
        const baseUrl = publicBaseUrl(config, app.server);
        // Queued, so a mail server that is down delays the link instead of losing it, and the reply
        // (the same whether or not the account exists) never waits on it.
        await requestPasswordReset({ db, jobs, baseUrl }, request.body.email);
        return { message: FORGOT_REPLY };
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public' },
        schema: { body: resetPasswordSchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.resetPerAddress, clientKey(request.ip));
        await resetPassword({ db }, request.body);
        return { message: 'Your password has been reset. You can now sign in with your new password.' };
      },
    );

    app.post(
      '/api/auth/phone/code',
      {
        config: { access: 'public' },
        schema: { body: phoneCodeRequestSchema, response: { 202: messageReplySchema, ...errors } },
      },
      async (request, reply) => {
        await countSmsCode(limits, request.body.phoneNumber, request.ip);
        await requestSignInCode({ db, jobs }, request.body.phoneNumber);
        jobs.wake(JOB.phoneSignInCode);
        reply.code(202);
        return { message: PHONE_CODE_REPLY };
      },
    );

    app.post(
      '/api/auth/phone/verify',
      {
        config: { access: 'public' },
        schema: { body: phoneVerifySchema, response: { 200: signInReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.signInVerifyPerAddress, clientKey(request.ip));
        await limits.hit(LIMITS.signInVerifyPerNumber, request.body.phoneNumber);
        return verifySignInCode({ db }, request.body, finish(request));
      },
    );

    app.get(
      '/api/auth/me',
      {
        config: { access: SIGNED_IN, organizationAct: 'self', allowWhilePasswordMustChange: true },
        schema: { response: { 200: sessionUserSchema, ...errors } },
      },
      async (request) => {
        const user = await loadSessionUser(db, request.user!.id);
        if (!user) throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
        return user;
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        config: { access: SIGNED_IN, organizationAct: 'self', allowWhilePasswordMustChange: true },
        schema: { body: changePasswordSchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        // Counted before the current password is checked, so parallel guesses cannot pass the limit.
        await limits.hit(LIMITS.changePasswordPerAccount, String(request.user!.id));
        const done = await changePassword(db, request.user!, request.body);
        return {
          message: `Your password has been ${done}. Any other device signed in to your account has been signed out.`,
        };
      },
    );

    app.post(
      '/api/auth/logout',
      {
        config: { access: SIGNED_IN, organizationAct: 'self', allowWhilePasswordMustChange: true },
        schema: { response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await revokeSession(db, request.user!.sessionId);
        return { message: 'You have signed out.' };
      },
    );
  };
}
