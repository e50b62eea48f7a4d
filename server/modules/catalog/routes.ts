import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { catalogProductSchema, organizationProductSchema } from '@contract/requests';
import type { AppDeps } from '../../deps';
import { listAvailableOrganizationProducts, listCatalogProducts } from './queries';

const errors = errorReplies(401, 403);

/** The two catalogues requests are made from; admins manage them through admin-routes.ts. */
export function catalogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    app.get(
      '/api/products',
      {
        config: { access: ['recipient', 'admin'] },
        schema: { response: { 200: z.array(catalogProductSchema), ...errors } },
      },
      async () => listCatalogProducts(db, storage),
    );
    app.get(
      '/api/organization/products',
      {
        config: { access: ['organization', 'admin'] },
        schema: { response: { 200: z.array(organizationProductSchema), ...errors } },
      },
      async () => listAvailableOrganizationProducts(db, storage),
    );
  };
}
