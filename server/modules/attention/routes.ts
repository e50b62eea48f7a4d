import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import {
  attentionCaseSchema,
  attentionListSchema,
  paymentReferenceParamSchema,
  resolveRequestSchema,
} from '@contract/money-desk';
import type { AppDeps } from '../../deps';
import { publicBaseUrl } from '../../http/public-url';
import { attentionQueue } from './queue';
import { resolveCase } from './resolve-case';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

/** The payments that need an admin's decision, and the decisions (docs/decisions/0040). */
export function attentionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, jobs, publicCache } = deps;
  const baseUrl = publicBaseUrl(deps.config);
  return async (app) => {
    app.get(
      '/api/admin/payments/attention',
      {
        config: admin,
        schema: {
          description: 'Payments that need a decision (open cases), oldest first.',
          response: { 200: attentionListSchema, ...errors },
        },
      },
      async (_request, reply) => reply.headers(noStore).send(await attentionQueue(db)),
    );

    app.post(
      '/api/admin/payments/:reference/resolve',
      {
        // Accepting records money as a gift: a recent second-factor check first (docs/decisions/0071).
        config: { ...admin, stepUp: true },
        schema: {
          description: 'Decides an open case: accept records the gift while its units are free; outside closes it.',
          params: paymentReferenceParamSchema,
          body: resolveRequestSchema,
          response: { 200: attentionCaseSchema, ...errors },
        },
      },
      async (request) =>
        resolveCase(
          { db, jobs, publicCache, baseUrl },
          { reference: request.params.reference, ...request.body, adminId: request.user!.id },
        ),
    );
  };
}
