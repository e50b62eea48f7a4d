import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, publicStatSchema, storySchema } from '@contract/content';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { listStories, listVisibleStats, pingDatabase } from './queries';
import { checkReadiness } from './readiness';

export function contentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, publicCache, lifecycle } = deps;
  const statList = z.array(publicStatSchema);
  const storyList = z.array(storySchema);
  return async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { response: { 200: healthSchema } } },
      async (_request, reply) => {
        await pingDatabase(db);
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    // Liveness only (no database): for load balancers, and the baseline of the benchmarks.
    app.get(
      '/api/health/live',
      { config: { access: 'public' }, schema: { response: { 200: healthSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    // Readiness: whether a proxy should send this instance traffic (decision 0052).
    app.get(
      '/api/health/ready',
      { config: { access: 'public' }, schema: { response: { 200: healthSchema, ...errorReplies(503) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        await checkReadiness({ db, lifecycle });
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/api/stats',
      { config: { access: 'public' }, schema: { response: { 200: statList } } },
      async (request, reply) => {
        await publicCache.json(request, reply, statList, async () => ({ value: await listVisibleStats(db) }));
      },
    );

    app.get(
      '/api/stories',
      { config: { access: 'public' }, schema: { response: { 200: storyList } } },
      async (request, reply) => {
        await publicCache.json(request, reply, storyList, async () => ({ value: await listStories(db, storage) }));
      },
    );
  };
}
