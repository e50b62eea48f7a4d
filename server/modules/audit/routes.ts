import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, auditReplySchema } from '@contract/admin';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { listAudit } from './queries';

const errors = errorReplies(400, 401, 403, 404, 409);

/** The admin team's reading of the audit log (who changed what), which every admin change writes. */
export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      {
        config: { access: ['admin'] },
        schema: { querystring: auditQuerySchema, response: { 200: auditReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await listAudit(deps.db, request.query)),
    );
  };
}
