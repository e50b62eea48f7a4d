import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import {
  callbackDoneReplySchema,
  callbackDoneSchema,
  callbackIdParamSchema,
  callbacksQuerySchema,
  callbacksReplySchema,
} from '@contract/voice';
import type { AppDeps } from '../../deps';
import { listCallbacks, markCallbackDone } from './callbacks';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

/** The admins' queue of call backs asked for on the voice line (docs/decisions/0067). */
export function callbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/callbacks',
      {
        config: admin,
        schema: { querystring: callbacksQuerySchema, response: { 200: callbacksReplySchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await listCallbacks(deps.db, request.query)),
    );
    app.post(
      '/api/admin/callbacks/:id/done',
      {
        config: admin,
        schema: {
          params: callbackIdParamSchema,
          body: callbackDoneSchema,
          response: { 200: callbackDoneReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await markCallbackDone(deps, request.user!, request.params.id, request.body.note)),
    );
  };
}
