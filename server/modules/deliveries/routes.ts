import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@contract/campaigns';
import { campaignDeliveriesSchema, recordDeliveryReplySchema, recordDeliverySchema } from '@contract/deliveries';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { listDeliveries, recordDelivery } from './record-delivery';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };

/** Proof of delivery for organization campaigns (decision 0039), beside the other admin org-campaign calls. */
export function deliveryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/org-campaigns/:id/deliveries',
      {
        config: admin,
        schema: { params: idParamSchema, response: { 200: campaignDeliveriesSchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await listDeliveries(deps, request.params.id)),
    );
    app.post(
      '/api/admin/org-campaigns/:id/deliveries',
      {
        config: admin,
        schema: {
          params: idParamSchema,
          body: recordDeliverySchema,
          response: { 201: recordDeliveryReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await recordDelivery(deps, request.user!, request.params.id, request.body)),
    );
  };
}
