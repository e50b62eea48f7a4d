import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@contract/campaigns';
import { errorReplies } from '@contract/errors';
import { giftSourceTotalsSchema } from '@contract/gift-source-totals';
import {
  campaignDonationSchema,
  checkoutReplySchema,
  checkoutSchema,
  donationStatusSchema,
  donorGiftsSchema,
  fundReplySchema,
  fundSchema,
  referenceParamSchema,
  sandboxChargeSchema,
  sandboxPaySchema,
} from '@contract/giving';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { findBadText } from '../../http/text-guard';
import { clientKey, type Rule } from '../../http/rate-limit';
import { isPayLater } from '@contract/payment-channels';
import type { SandboxProvider } from '../../providers/payments/payments';
import {
  eventName,
  eventReference,
  keepRawJsonBodies,
  paidReference,
  readPaystackEvent,
  type PaystackEvent,
} from '../../providers/payments/paystack-webhook';
import { storeProviderEvent } from './store-provider-event';
import { CARD_KEY_PURPOSE } from './monthly/activate-month';
import { monthlyOutcome } from './monthly/monthly-queries';
import { giftsBySource } from './gift-sources';
import { recordPayment } from './record-payment';
import { campaignDonations, donationStatus, donorGifts } from './queries';
import { releaseHold } from './release-hold';
import { findEarlierCheckouts, hashAddress, startCheckout } from './start-checkout';
import { publicBaseUrl } from '../../http/public-url';
import { sandboxWebhookSecret } from '../../providers/payments/sandbox-webhook';
import { PAGE_LINK_SECONDS, receiptLink } from '../receipts/receipt-link';

const errors = errorReplies(400, 401, 403, 404, 409, 429, 502);

const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.';

const LIMITS = {
  // Many donors share one carrier address (CGNAT), so the per-address limit only stops a flood;
  // card testing is bounded per email here and by unpaid checkouts per address (start-checkout.ts).
  checkoutPerAddress: {
    name: 'checkout-addr',
    max: 300,
    windowSeconds: 600,
    message: 'Too many checkouts from your connection. Please wait a few minutes and try again.',
  },
  checkoutPerEmail: {
    name: 'checkout-email',
    max: 10,
    windowSeconds: 3600,
    message:
      'Too many payments have been started with this email address in the last hour. Please finish the payment you already started, or wait a while and try again.',
  },
  fundPerAddress: { name: 'fund-addr', max: 60, windowSeconds: 600 },
  // The thank-you page asks every few seconds, backing off, while a bank confirms.
  statusPerAddress: { name: 'donation-status-addr', max: 300, windowSeconds: 600 },
  releasePerAddress: { name: 'release-addr', max: 60, windowSeconds: 600 },
} satisfies Record<string, Rule>;

export function givingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, payments, jobs, limits, publicCache, config, humanCheck, signer } = deps;

  const afterGiftCommit = config.crashAfterGiftCommit ? () => process.kill(process.pid, 'SIGKILL') : undefined;
  const payLaterHoldMinutes = config.payLaterHoldMinutes;
  const fund = (reference: string) =>
    recordPayment(
      {
        db,
        payments,
        jobs,
        publicCache,
        afterGiftCommit,
        baseUrl: publicBaseUrl(deps.config),
        payLaterHoldMinutes,
        cardKey: signer.deriveKey(CARD_KEY_PURPOSE),
      },
      reference,
    );
  /**
   * A signed webhook delivery's event (the Paystack webhook and the sandbox's). Text the database
   * cannot hold (NUL, half a surrogate pair) is never in a real event, so it is refused in words.
   */
  const readEvent = (secret: string, request: FastifyRequest): PaystackEvent => {
    const event = readPaystackEvent(secret, {
      body: request.body,
      contentType: request.headers['content-type'],
      signature: request.headers['x-paystack-signature'],
    });
    if (findBadText(event))
      throw new AppError('bad_request', 'The webhook event holds characters that cannot be kept.');
    return event;
  };
  /**
   * Keeps a signed event as received, whatever its kind, for its job to process: a paid charge is
   * verified and recorded, retrying while the provider is down.
   */
  const keepEvent = async (event: PaystackEvent) => {
    // Kept before the 200: if this insert fails the reply is a 5xx and the sender tries again.
    await storeProviderEvent(
      { db, jobs },
      { source: 'webhook', event: eventName(event), reference: eventReference(event), payload: event },
    );
    jobs.wake(JOB.providerEvent);
  };

  return async (app) => {
    app.post(
      '/api/donations/checkout',
      {
        config: { access: 'public', idempotent: true },
        schema: { body: checkoutSchema, response: { 200: checkoutReplySchema, ...errors } },
      },
      async (request) => {
        const address = clientKey(request.ip);
        await limits.hit(LIMITS.checkoutPerAddress, address);
        // Before the per-email count, so requests without a valid token cannot use up a donor's quota.
        if (!(await humanCheck.verify(request.body.turnstileToken, request.ip)))
          throw new AppError('bad_request', CAPTCHA_FAILED);
        await limits.hit(LIMITS.checkoutPerEmail, request.body.donorEmail);
        const donorUserId = request.user?.role === 'donor' ? request.user.id : null;
        const earlier = await findEarlierCheckouts(
          { db, payments },
          { previousReference: request.body.previousReference, donorUserId },
        );
        for (const reference of earlier.paid) {
          // Paid after all: record it now, so the new checkout sees what is really left.
          await fund(reference).catch((error: unknown) =>
            request.log.warn({ err: error, reference }, 'earlier checkout could not be recorded'),
          );
        }
        const started = await startCheckout({ db, payments, paymentFee: config.paymentFee }, request.body, {
          donorUserId,
          addressHash: hashAddress(address),
          release: earlier.unpaid,
        });
        return { ...started, channels: config.paymentChannels };
      },
    );

    app.post(
      '/api/donations/fund',
      {
        config: { access: 'public', idempotent: true },
        schema: { body: fundSchema, response: { 200: fundReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.fundPerAddress, clientKey(request.ip));
        const r = await fund(request.body.transactionId);
        return {
          message: r.message,
          reference: r.reference,
          status: r.status,
          amountKobo: r.amountKobo,
          feeKobo: r.feeKobo,
          ...(r.status === 'awaiting_confirmation' ? { holdExpiresAt: r.holdExpiresAt } : {}),
          ...(r.status === 'paid' ? { receiptUrl: receiptLink(signer, r.reference, PAGE_LINK_SECONDS) } : {}),
          ...(r.status === 'paid'
            ? await monthlyOutcome(db, r.reference).then((monthly) => (monthly ? { monthly } : {}))
            : {}),
        };
      },
    );

    app.post(
      '/api/donations/release',
      {
        config: { access: 'public', idempotent: true },
        schema: {
          body: sandboxChargeSchema,
          response: {
            200: z.object({ status: z.enum(['released', 'paid', 'awaiting_confirmation', 'unchanged']) }),
            ...errors,
          },
        },
      },
      async (request) => {
        await limits.hit(LIMITS.releasePerAddress, clientKey(request.ip));
        const status = await releaseHold({ db, payments, payLaterHoldMinutes }, request.body.reference);
        if (status === 'paid') await fund(request.body.reference);
        return { status };
      },
    );

    app.get(
      '/api/donations/:reference/status',
      {
        // The reference is the server-issued secret of one checkout, so its holder is the paying
        // browser or the donor's mail. Once paid, the reply carries a day-long receipt link whose PDF
        // names the donor (decision 0035).
        config: { access: 'public' },
        schema: { params: referenceParamSchema, response: { 200: donationStatusSchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.statusPerAddress, clientKey(request.ip));
        const found = await donationStatus(db, request.params.reference);
        if (!found) throw new AppError('not_found', 'We could not find that payment reference.');
        return found.status === 'paid'
          ? { ...found, receiptUrl: receiptLink(signer, request.params.reference, PAGE_LINK_SECONDS) }
          : found;
      },
    );

    if (payments.name === 'sandbox') {
      const sandbox = payments as SandboxProvider;
      app.post(
        '/api/payments/sandbox/charge',
        {
          config: { access: 'public' },
          schema: {
            body: sandboxPaySchema,
            // 'pending': a channel that confirms later, under way until the bank (the sweep's later
            // question, or the sandbox webhook) confirms it.
            response: { 200: z.object({ status: z.enum(['success', 'pending']) }), ...errors },
          },
        },
        async (request) => {
          const channel = request.body.channel ?? 'card';
          if (!config.paymentChannels.includes(channel))
            throw new AppError('bad_request', 'That way of paying is not offered here.');
          if (!(await sandbox.charge(request.body.reference, channel)))
            throw new AppError('not_found', 'Unknown payment reference.');
          return { status: isPayLater(channel) ? ('pending' as const) : ('success' as const) };
        },
      );

      const secret = sandboxWebhookSecret(config);
      await app.register(async (hook) => {
        keepRawJsonBodies(hook);
        hook.post(
          '/api/payments/sandbox/webhook',
          {
            // Plays the bank confirming a transfer: a Paystack-shaped event, signed as Paystack signs.
            config: { access: 'public' },
            schema: { response: { 200: z.object({ received: z.literal(true) }), ...errors } },
          },
          async (request) => {
            const event = readEvent(secret, request);
            const reference = paidReference(event);
            if (reference !== null && !(await sandbox.confirm(reference)))
              throw new AppError('not_found', 'Unknown payment reference.');
            await keepEvent(event);
            return { received: true as const };
          },
        );
      });
    }

    if (payments.name === 'paystack' && config.paystack.secretKey) {
      const secret = config.paystack.secretKey;
      // Its own scope, so only this route keeps the raw body the signature is computed over.
      await app.register(async (hook) => {
        keepRawJsonBodies(hook);
        hook.post(
          '/api/payments/paystack/webhook',
          {
            config: { access: 'public' },
            schema: { response: { 200: z.object({ received: z.literal(true) }), ...errors } },
          },
          async (request, reply) => {
            await keepEvent(readEvent(secret, request));
            return reply.code(200).send({ received: true as const });
          },
        );
      });
    }

    app.get(
      '/api/donor/gifts',
      { config: { access: ['donor'] }, schema: { response: { 200: donorGiftsSchema, ...errors } } },
      async (request) => donorGifts(db, deps.storage, request.user!.id),
    );

    // "Donations for Campaign": the same view for both kinds.
    for (const [kind, path] of [
      ['recipient', '/api/admin/campaigns/:id/donations'],
      ['organization', '/api/admin/org-campaigns/:id/donations'],
    ] as const)
      app.get(
        path,
        {
          config: { access: ['admin'] },
          schema: { params: idParamSchema, response: { 200: z.array(campaignDonationSchema), ...errors } },
        },
        async (request) => campaignDonations(db, kind, request.params.id),
      );

    app.get(
      '/api/admin/gift-sources',
      { config: { access: ['admin'] }, schema: { response: { 200: giftSourceTotalsSchema, ...errors } } },
      async () => giftsBySource(db),
    );
  };
}
