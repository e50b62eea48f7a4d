import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogActionReplySchema,
  organizationProductInputSchema,
  productCreateSchema,
  productIdParam,
  productUpdateSchema,
} from '@contract/catalog-admin';
import { errorReplies } from '@contract/errors';
import { organizationProductSchema } from '@contract/requests';
import type { AppDeps } from '../../deps';
import {
  createOrganizationProduct,
  createProduct,
  deleteOrganizationProduct,
  deleteProduct,
  editOrganizationProduct,
  editProduct,
} from './admin-catalog';
import { listAllOrganizationProducts } from './queries';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };

/** The admins' side of both catalogues (product notes 7); every change is audited. */
export function adminCatalogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/products',
      { config: admin, schema: { body: productCreateSchema, response: { 201: catalogActionReplySchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await createProduct(deps, request.user!, request.body)),
    );
    app.put(
      '/api/products/:id',
      {
        config: admin,
        schema: {
          params: productIdParam,
          body: productUpdateSchema,
          response: { 200: catalogActionReplySchema, ...errors },
        },
      },
      async (request) => editProduct(deps, request.user!, request.params.id, request.body),
    );
    app.delete(
      '/api/products/:id',
      { config: admin, schema: { params: productIdParam, response: { 200: catalogActionReplySchema, ...errors } } },
      async (request) => deleteProduct(deps, request.user!, request.params.id),
    );

    app.get(
      '/api/admin/org-products',
      { config: admin, schema: { response: { 200: z.array(organizationProductSchema), ...errors } } },
      async (_request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await listAllOrganizationProducts(deps.db, deps.storage)),
    );
    app.post(
      '/api/admin/org-products',
      {
        config: admin,
        schema: { body: organizationProductInputSchema, response: { 201: catalogActionReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send(await createOrganizationProduct(deps, request.user!, request.body)),
    );
    app.put(
      '/api/admin/org-products/:id',
      {
        config: admin,
        schema: {
          params: productIdParam,
          body: organizationProductInputSchema,
          response: { 200: catalogActionReplySchema, ...errors },
        },
      },
      async (request) => editOrganizationProduct(deps, request.user!, request.params.id, request.body),
    );
    app.delete(
      '/api/admin/org-products/:id',
      { config: admin, schema: { params: productIdParam, response: { 200: catalogActionReplySchema, ...errors } } },
      async (request) => deleteOrganizationProduct(deps, request.user!, request.params.id),
    );
  };
}
