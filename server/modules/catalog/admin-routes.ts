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
import type { CampaignKind } from '@contract/ids';
import { pagedFlagFields, pagedReply } from '@contract/page-query';
import { pagedLimit } from '@contract/pagination';
import { catalogProductSchema, organizationProductSchema } from '@contract/requests';
import type { AppDeps } from '../../deps';
import { sendPage } from '../../http/paged-reply';
import { createProduct, deleteProduct, editProduct } from './admin-catalog';
import { catalogues, type Catalogue, type ProductForm } from './catalogue-kinds';
import { pageAdminProducts } from './queries';

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };

/** Where an admin changes each kind's catalogue, and the forms it takes to add and to edit a product. */
type AdminCalls<K extends CampaignKind> = {
  path: string;
  catalogue: Catalogue<K>;
  create: z.ZodType<ProductForm<K>>;
  update: z.ZodType<ProductForm<K>>;
};

const recipientCalls: AdminCalls<'recipient'> = {
  path: '/api/products',
  catalogue: catalogues.recipient,
  create: productCreateSchema,
  update: productUpdateSchema,
};
const organizationCalls: AdminCalls<'organization'> = {
  path: '/api/admin/org-products',
  catalogue: catalogues.organization,
  create: organizationProductInputSchema,
  update: organizationProductInputSchema,
};

function changeRoutes<K extends CampaignKind>(app: App, deps: AppDeps, calls: AdminCalls<K>) {
  const { path, catalogue } = calls;
  // The body is the schema's output; Fastify's typing cannot see that through the type parameter.
  const formOf = (body: unknown) => body as ProductForm<K>;
  app.post(
    path,
    { config: admin, schema: { body: calls.create, response: { 201: catalogActionReplySchema, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await createProduct(deps, catalogue, request.user!, formOf(request.body))),
  );
  app.put(
    `${path}/:id`,
    {
      config: admin,
      schema: { params: productIdParam, body: calls.update, response: { 200: catalogActionReplySchema, ...errors } },
    },
    async (request) => editProduct(deps, catalogue, request.user!, request.params.id, formOf(request.body)),
  );
  app.delete(
    `${path}/:id`,
    { config: admin, schema: { params: productIdParam, response: { 200: catalogActionReplySchema, ...errors } } },
    async (request) => deleteProduct(deps, catalogue, request.user!, request.params.id),
  );
}

/** The admins' side of both catalogues (product notes 7); every change is audited. */
export function adminCatalogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    changeRoutes(app, deps, recipientCalls);
    changeRoutes(app, deps, organizationCalls);

    // Both catalogues as admins manage them: a bare array as before, or with paged=1 one page at a time.
    const lists = [
      ['/api/admin/products', 'recipient', catalogProductSchema],
      ['/api/admin/org-products', 'organization', organizationProductSchema],
    ] as const;
    for (const [path, kind, item] of lists) {
      app.get(
        path,
        {
          config: admin,
          schema: {
            querystring: z.object(pagedFlagFields()),
            response: { 200: z.union([z.array(item), pagedReply(item)]), ...errors },
          },
        },
        async (request, reply) => {
          const { query } = request;
          const page = await pageAdminProducts(deps.db, deps.storage, kind, {
            limit: pagedLimit(query),
            cursor: query.cursor,
          });
          return sendPage(reply, query.paged === '1', page);
        },
      );
    }
  };
}
