import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { createMatchSchema } from '@contract/matching';
import {
  createMatchReplySchema,
  MATCH_NOT_FOUND,
  matchIdParamSchema,
  matchPoolListSchema,
  matchPoolSchema,
} from '@contract/match-admin';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { closeMatch } from './close-match';
import { createMatch } from './create-match';
import { listMatches } from './list-matches';

const errors = errorReplies(400, 401, 403, 404, 409);
const privateReply = { 'cache-control': 'private, no-store' };

/**
 * Sponsors' match pools (decision 0080) for the admins who keep the money desk: open one, list them
 * with what each gave, and close one early (the sponsor's report is match-reports/). Opening or closing changes what
 * public campaign replies promise, so this process's copies of the public lists are dropped then.
 */
export function matchingRoutes(deps: Pick<AppDeps, 'db' | 'storage' | 'publicCache'>): FastifyPluginAsyncZod {
  const { db, storage, publicCache } = deps;
  return async (app) => {
    app.post(
      '/api/admin/matches',
      {
        config: { access: ['admin'] },
        schema: { body: createMatchSchema, response: { 201: createMatchReplySchema, ...errors } },
      },
      async (request, reply) => {
        const made = await createMatch({ db, storage }, request.user!.id, request.body);
        publicCache.clear();
        return reply.status(201).headers(privateReply).send(made);
      },
    );

    app.get(
      '/api/admin/matches',
      { config: { access: ['admin'] }, schema: { response: { 200: matchPoolListSchema, ...errors } } },
      async (_request, reply) => reply.headers(privateReply).send({ pools: await listMatches(db, storage) }),
    );

    app.post(
      '/api/admin/matches/:id/close',
      {
        config: { access: ['admin'] },
        schema: { params: matchIdParamSchema, response: { 200: matchPoolSchema, ...errors } },
      },
      async (request, reply) => {
        await closeMatch(db, request.user!.id, request.params.id);
        publicCache.clear();
        const [pool] = await listMatches(db, storage, request.params.id);
        if (!pool) throw notFound(MATCH_NOT_FOUND);
        return reply.headers(privateReply).send(pool);
      },
    );
  };
}
