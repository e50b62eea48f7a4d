import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import {
  monthlyChangeSchema,
  monthlyGiftSchema,
  monthlyGiftsSchema,
  monthlyIdParamSchema,
  monthlyStartReplySchema,
  monthlyStartSchema,
} from '@contract/monthly-giving';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../http/errors';
import { publicBaseUrl } from '../../../http/public-url';
import { clientKey, type Rule } from '../../../http/rate-limit';
import { hashAddress } from '../start-checkout';
import { CARD_KEY_PURPOSE } from './activate-month';
import { chargeMonthly } from './charge-monthly';
import { emailOfManageLink } from './manage-link';
import { changeMonthly } from './manage-monthly';
import { listMonthly, type MonthlyOwner } from './monthly-queries';
import { MONTHLY_CHANNELS, startCardChange, startMonthly } from './start-monthly';

const errors = errorReplies(400, 401, 403, 404, 409, 429, 502);

const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.';
const LINK_REFUSED = {
  tampered: 'This link to your monthly gifts is not complete. Please open the link from your latest email again.',
  expired: 'This link to your monthly gifts has expired. The link in your latest monthly receipt works for 90 days.',
};

const LIMITS = {
  startPerAddress: {
    name: 'monthly-addr',
    max: 60,
    windowSeconds: 600,
    message: 'Too many monthly gifts have been started from your connection. Please wait a few minutes and try again.',
  },
  startPerEmail: {
    name: 'monthly-email',
    max: 10,
    windowSeconds: 3600,
    message:
      'Too many payments have been started with this email address in the last hour. Please finish the payment you already started, or wait a while and try again.',
  },
  managePerAddress: { name: 'monthly-manage-addr', max: 120, windowSeconds: 600 },
  sandboxPerAddress: { name: 'monthly-sandbox-addr', max: 60, windowSeconds: 600 },
} satisfies Record<string, Rule>;

/** The signed fields of a guest's link, as its page passes them on. */
const manageQuerySchema = z.object({
  purpose: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});

/**
 * Monthly gifts (decision 0077): starting one (its first payment is a checkout, recorded as every
 * payment is), a signed-in donor's list and changes, a guest's by the signed link in their mail,
 * paying with another card, and the sandbox's charge-now.
 */
export function monthlyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, payments, jobs, limits, config, humanCheck, signer } = deps;
  const paying = {
    db,
    payments,
    jobs,
    publicCache: deps.publicCache,
    baseUrl: publicBaseUrl(config),
    payLaterHoldMinutes: config.payLaterHoldMinutes,
    cardKey: signer.deriveKey(CARD_KEY_PURPOSE),
    paymentFee: config.paymentFee,
  };
  const guest = (query: z.infer<typeof manageQuerySchema>): MonthlyOwner => {
    const checked = emailOfManageLink(signer, query);
    if ('refused' in checked) throw new AppError('forbidden', LINK_REFUSED[checked.refused]);
    return checked;
  };

  return async (app) => {
    app.post(
      '/api/giving/monthly',
      {
        config: { access: 'public', idempotent: true },
        schema: { body: monthlyStartSchema, response: { 200: monthlyStartReplySchema, ...errors } },
      },
      async (request) => {
        const address = clientKey(request.ip);
        await limits.hit(LIMITS.startPerAddress, address);
        if (!(await humanCheck.verify(request.body.turnstileToken, request.ip)))
          throw new AppError('bad_request', CAPTCHA_FAILED);
        await limits.hit(LIMITS.startPerEmail, request.body.donorEmail);
        const started = await startMonthly({ db, payments, paymentFee: config.paymentFee }, request.body, {
          donorUserId: request.user?.role === 'donor' ? request.user.id : null,
          addressHash: hashAddress(address),
        });
        return { ...started, channels: MONTHLY_CHANNELS };
      },
    );

    const signedIn = (userId: number): MonthlyOwner => ({ userId });
    /** One of the caller's own gifts: the signed-in donor's, or a guest's by the link in the query. */
    const ownGift = async (request: {
      user?: { id: number; role: string } | null;
      query: z.infer<typeof manageQuerySchema>;
      params: { id: number };
    }) => {
      const owner =
        request.user?.role === 'donor' && !request.query.sig ? signedIn(request.user.id) : guest(request.query);
      const mine = (await listMonthly(db, owner)).find((g) => g.id === request.params.id);
      if (!mine) throw new AppError('not_found', 'We could not find that monthly gift.');
      return mine;
    };

    app.get(
      '/api/donor/monthly',
      { config: { access: ['donor'] }, schema: { response: { 200: monthlyGiftsSchema, ...errors } } },
      async (request) => listMonthly(db, signedIn(request.user!.id)),
    );
    app.patch(
      '/api/donor/monthly/:id',
      {
        config: { access: ['donor'] },
        schema: {
          params: monthlyIdParamSchema,
          body: monthlyChangeSchema,
          response: { 200: monthlyGiftSchema, ...errors },
        },
      },
      async (request) => changeMonthly({ db, jobs }, signedIn(request.user!.id), request.params.id, request.body),
    );
    app.delete(
      '/api/donor/monthly/:id',
      {
        config: { access: ['donor'] },
        schema: { params: monthlyIdParamSchema, response: { 200: monthlyGiftSchema, ...errors } },
      },
      async (request) => changeMonthly({ db, jobs }, signedIn(request.user!.id), request.params.id, { cancel: true }),
    );

    // A guest's own gifts, by the signed link mailed to them: the link's address is the owner.
    app.get(
      '/api/giving/monthly/manage',
      {
        config: { access: 'public' },
        schema: { querystring: manageQuerySchema, response: { 200: monthlyGiftsSchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.managePerAddress, clientKey(request.ip));
        return listMonthly(db, guest(request.query));
      },
    );
    app.patch(
      '/api/giving/monthly/manage/:id',
      {
        config: { access: 'public' },
        schema: {
          params: monthlyIdParamSchema,
          querystring: manageQuerySchema,
          body: monthlyChangeSchema,
          response: { 200: monthlyGiftSchema, ...errors },
        },
      },
      async (request) => {
        await limits.hit(LIMITS.managePerAddress, clientKey(request.ip));
        return changeMonthly({ db, jobs }, guest(request.query), request.params.id, request.body);
      },
    );
    app.delete(
      '/api/giving/monthly/manage/:id',
      {
        config: { access: 'public' },
        schema: {
          params: monthlyIdParamSchema,
          querystring: manageQuerySchema,
          response: { 200: monthlyGiftSchema, ...errors },
        },
      },
      async (request) => {
        await limits.hit(LIMITS.managePerAddress, clientKey(request.ip));
        return changeMonthly({ db, jobs }, guest(request.query), request.params.id, { cancel: true });
      },
    );

    // Paying with another card: the signed-in owner, or a guest by their link.
    app.post(
      '/api/giving/monthly/:id/card',
      {
        config: { access: 'public', idempotent: true },
        schema: {
          params: monthlyIdParamSchema,
          querystring: manageQuerySchema,
          response: { 200: monthlyStartReplySchema, ...errors },
        },
      },
      async (request) => {
        await limits.hit(LIMITS.managePerAddress, clientKey(request.ip));
        const mine = await ownGift(request);
        const started = await startCardChange({ db, payments, paymentFee: config.paymentFee }, { id: mine.id });
        return { ...started, channels: MONTHLY_CHANNELS };
      },
    );

    if (payments.name === 'sandbox') {
      app.post(
        '/api/payments/sandbox/monthly/:id/charge',
        {
          // Shows a renewal without waiting a month, to the gift's own donor; only the sandbox's test money moves.
          config: { access: 'public' },
          schema: {
            params: monthlyIdParamSchema,
            querystring: manageQuerySchema,
            response: {
              200: z.object({
                status: z.enum(['paid', 'pending', 'failed']),
                reference: z.string(),
              }),
              ...errors,
            },
          },
        },
        async (request) => {
          await limits.hit(LIMITS.sandboxPerAddress, clientKey(request.ip));
          await ownGift(request);
          const outcome = await chargeMonthly(paying, request.params.id, { now: true });
          if (outcome.status === 'ended')
            throw new AppError('conflict', 'That monthly gift has ended: its campaign no longer takes gifts.');
          if (outcome.status === 'not_due')
            throw new AppError(
              'conflict',
              'That monthly gift is not being charged: it is paused, cancelled or not yet started.',
            );
          return outcome;
        },
      );
    }
  };
}
