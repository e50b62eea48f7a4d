import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { paymentReferenceParamSchema, refundRequestSchema, refundSchema } from '@contract/money-desk';
import type { AppDeps } from '../../deps';
import { refundPayment } from './refund-payment';

const errors = errorReplies(400, 401, 403, 404, 409, 502);

/** The money desk's refunds: an admin gives part or all of a payment back through the provider. */
export function refundRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/payments/:reference/refund',
      {
        // Moves money or data out: a recent second-factor check first (docs/decisions/0071).
        config: { access: ['admin'], stepUp: true, idempotent: true },
        schema: {
          params: paymentReferenceParamSchema,
          body: refundRequestSchema,
          response: { 200: refundSchema, ...errors },
        },
      },
      async (request) => refundPayment(deps, request.user!.id, request.params.reference, request.body),
    );
  };
}
