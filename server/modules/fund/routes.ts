import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fundReplySchema } from '@contract/fund';
import type { AppDeps } from '../../deps';
import { fundFigures } from '../transparency/fund-figures';

/** GET /api/fund: the Independence Fund's balance, monthly donors and allocations, from the response cache. */
export function fundRoutes(deps: Pick<AppDeps, 'db' | 'publicCache'>): FastifyPluginAsyncZod {
  const { db, publicCache } = deps;
  return async (app) => {
    app.get(
      '/api/fund',
      { config: { access: 'public' }, schema: { response: { 200: fundReplySchema } } },
      async (request, reply) => {
        await publicCache.json(request, reply, fundReplySchema, async () => ({ value: await fundFigures(db) }));
      },
    );
  };
}
