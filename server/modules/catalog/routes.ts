import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { catalogProductSchema, organizationProductSchema } from '@contract/requests';
import type { AppDeps } from '../../deps';
import { listAvailableOrganizationProducts, listCatalogProducts } from './queries';

const errors = errorReplies(401, 403);

/** Each kind's catalogue: where it is read, who may read it, and its reply. */
const catalogues = [
  {
    path: '/api/products',
    access: ['recipient', 'caseworker', 'admin'] as const,
    reply: z.array(catalogProductSchema),
    list: listCatalogProducts,
  },
  {
    path: '/api/organization/products',
    access: ['organization', 'admin'] as const,
    reply: z.array(organizationProductSchema),
    list: listAvailableOrganizationProducts,
  },
];

/** The two catalogues requests are made from; admins manage them through admin-routes.ts. */
export function catalogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    for (const catalogue of catalogues) {
      app.get(
        catalogue.path,
        {
          config: { access: [...catalogue.access], organizationAct: 'readCampaigns' },
          schema: { response: { 200: catalogue.reply, ...errors } },
        },
        async () => catalogue.list(db, storage),
      );
    }
  };
}
