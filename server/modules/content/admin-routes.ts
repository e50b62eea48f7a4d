import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatSchema,
  contentActionReplySchema,
  recordIdParam,
  statInputSchema,
  storyCreateSchema,
  storySchema,
  storyUpdateSchema,
} from '@contract/content';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { createStat, createStory, editStat, editStory, removeStat, removeStory } from './admin-content';
import { listAllStats, listStories } from './queries';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };
const statReply = z.object({ message: z.string(), stat: adminStatSchema });
const storyReply = z.object({ message: z.string(), id: z.number().int() });

/** The home page's figures and stories, managed by admins (product notes 7). Every change is audited. */
export function adminContentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/stats',
      { config: admin, schema: { response: { 200: z.array(adminStatSchema), ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await listAllStats(deps.db)),
    );
    app.post(
      '/api/admin/stats',
      { config: admin, schema: { body: statInputSchema, response: { 201: statReply, ...errors } } },
      async (request, reply) => reply.code(201).send(await createStat(deps, request.user!, request.body)),
    );
    app.put(
      '/api/admin/stats/:id',
      {
        config: admin,
        schema: { params: recordIdParam('Statistic'), body: statInputSchema, response: { 200: statReply, ...errors } },
      },
      async (request) => editStat(deps, request.user!, request.params.id, request.body),
    );
    app.delete(
      '/api/admin/stats/:id',
      {
        config: admin,
        schema: { params: recordIdParam('Statistic'), response: { 200: contentActionReplySchema, ...errors } },
      },
      async (request) => removeStat(deps, request.user!, request.params.id),
    );

    app.get(
      '/api/stories/admin/all',
      { config: admin, schema: { response: { 200: z.array(storySchema), ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await listStories(deps.db, deps.storage)),
    );
    app.post(
      '/api/stories/admin',
      { config: admin, schema: { body: storyCreateSchema, response: { 201: storyReply, ...errors } } },
      async (request, reply) => reply.code(201).send(await createStory(deps, request.user!, request.body)),
    );
    app.put(
      '/api/stories/admin/:id',
      {
        config: admin,
        schema: {
          params: recordIdParam('Story'),
          body: storyUpdateSchema,
          response: { 200: contentActionReplySchema, ...errors },
        },
      },
      async (request) => editStory(deps, request.user!, request.params.id, request.body),
    );
    app.delete(
      '/api/stories/admin/:id',
      {
        config: admin,
        schema: { params: recordIdParam('Story'), response: { 200: contentActionReplySchema, ...errors } },
      },
      async (request) => removeStory(deps, request.user!, request.params.id),
    );
  };
}
