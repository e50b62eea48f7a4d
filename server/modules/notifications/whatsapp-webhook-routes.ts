import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import {
  handshakeChallenge,
  keepRawWebhookBodies,
  readWhatsAppDelivery,
  statusesOf,
} from '../../providers/whatsapp/webhook';
import { recordWhatsAppStatuses } from './whatsapp-status';

const NOT_HERE = 'There is no WhatsApp webhook here.';

/**
 * The WhatsApp Cloud API's status webhook (docs/decisions/0069): public, trusted by Meta's verify
 * token (the handshake) and signature (each delivery) alone. Both answer 404 while the webhook is
 * not configured.
 */
export function whatsAppWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, jobs } = deps;
  const webhook = deps.config.whatsapp?.webhook;
  return async (app) => {
    app.get(
      '/api/whatsapp/webhook',
      {
        config: { access: 'public' },
        schema: {
          querystring: z.object({
            'hub.mode': z.string().optional(),
            'hub.verify_token': z.string().optional(),
            'hub.challenge': z.string().optional(),
          }),
          response: { 200: z.string(), ...errorReplies(400, 404) },
        },
      },
      async (request, reply) => {
        const challenge = webhook ? handshakeChallenge(webhook.verifyToken, request.query) : null;
        if (challenge === null) throw new AppError('not_found', NOT_HERE);
        return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(challenge);
      },
    );

    // Its own scope, so only this route keeps the raw body the signature is computed over.
    await app.register(async (hook) => {
      keepRawWebhookBodies(hook);
      hook.post(
        '/api/whatsapp/webhook',
        {
          config: { access: 'public' },
          schema: {
            response: { 200: z.object({ received: z.literal(true) }), ...errorReplies(400, 401, 404, 413, 415) },
          },
        },
        async (request) => {
          if (!webhook) throw new AppError('not_found', NOT_HERE);
          const payload = readWhatsAppDelivery(webhook.appSecret, {
            body: request.body,
            contentType: request.headers['content-type'],
            signature: request.headers['x-hub-signature-256'],
          });
          const statuses = statusesOf(payload);
          // Acted on before the 200: if this fails the reply is a 5xx and Meta delivers it again.
          const smsQueued = await recordWhatsAppStatuses({ db, jobs }, statuses);
          for (const s of statuses.filter((s) => s.status === 'failed'))
            request.log.info(
              { messageId: s.messageId, errorCodes: s.errorCodes, smsQueued },
              'WhatsApp message failed',
            );
          return { received: true as const };
        },
      );
    });
  };
}
