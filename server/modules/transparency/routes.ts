import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transparencySchema } from '@contract/transparency';
import type { AppDeps } from '../../deps';
import { computeLedger } from './queries';

/** GET /api/transparency: the public ledger, answered from the response cache like the other public lists. */
export function transparencyRoutes(deps: Pick<AppDeps, 'db' | 'publicCache'>): FastifyPluginAsyncZod {
  const { db, publicCache } = deps;
  return async (app) => {
    app.get(
      '/api/transparency',
      { config: { access: 'public' }, schema: { response: { 200: transparencySchema } } },
      async (request, reply) => {
        await publicCache.json(request, reply, transparencySchema, async () => ({ value: await computeLedger(db) }));
      },
    );
  };
}
