import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '@contract/errors';
import { declareScopeAccess, type Access } from './access';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_REFERENCE_PATH = '/api/docs';

/** An operation's name, which generated clients make a method of, and its summary for people. */
export type OperationName = readonly [operationId: string, summary: string];

/** The API's operations by tag: what the tag holds, and each operation keyed `METHOD /api/path` as registered. */
export type OperationTable = Record<string, { description: string; operations: Record<string, OperationName> }>;

type NamedOperation = { operationId: string; summary: string; tag: string };

const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** The table by route, refusing what would make a poor or ambiguous description. */
function operationsByRoute(table: OperationTable): Map<string, NamedOperation> {
  const byRoute = new Map<string, NamedOperation>();
  const ids = new Set<string>();
  for (const [tag, { operations }] of Object.entries(table)) {
    for (const [route, [operationId, summary]] of Object.entries(operations)) {
      if (byRoute.has(route)) throw new Error(`Operation ${route} is named twice.`);
      if (!OPERATION_ID.test(operationId)) throw new Error(`Operation ${route}: ${operationId} is not camelCase.`);
      if (ids.has(operationId)) throw new Error(`Operation ${route}: ${operationId} names another operation too.`);
      if (summary.trim() === '' || summary.endsWith('.')) {
        throw new Error(`Operation ${route}: its summary must be a few words without a full stop.`);
      }
      ids.add(operationId);
      byRoute.set(route, { operationId, summary, tag });
    }
  }
  return byRoute;
}

const zodTransform = createJsonSchemaTransform({});
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Every route can refuse with 400: the text guard turns away control and broken characters in any
 * parameter before validation. A route whose schema names no 4xx reply says so in the document.
 * One that declares no replies at all (a file up or down, a provider's webhook) is left as it is.
 */
function withTextGuardRefusal(document: TransformInput): TransformInput {
  const response = document.schema?.response as Record<string, unknown> | undefined;
  if (!response || Object.keys(response).some((status) => status.startsWith('4'))) return document;
  return { ...document, schema: { ...document.schema, response: { ...response, 400: errorReplySchema } } };
}

/**
 * The published description of the API, built from the same zod schemas that validate requests
 * and shape replies, so it cannot drift from what the server does. Each operation carries its
 * access rule (`x-access`, as declared in `config.access`) and, when it needs a signed-in user,
 * the bearer security requirement (a public one says it needs none), and its name, summary and tag
 * from the operation table. Registered before the routes, whose registration it records; a
 * documented /api route missing from the table is refused there, as a route without access is.
 */
export async function registerOpenApi(app: FastifyInstance, table: OperationTable): Promise<void> {
  const named = operationsByRoute(table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || named.has(`${method} ${route.url}`)) continue;
      throw new Error(`Route ${method} ${route.url} has no name and summary in the operation table.`);
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gift of Independence API',
        version: '1.0.0',
        description:
          'JSON under /api. Errors are { message, code, fieldErrors? } with a 4xx status; message is fit to show to a person. ' +
          'Money is integer kobo. Lists page with limit and cursor (next cursor in the X-Next-Cursor header). ' +
          `This document is at ${OPENAPI_PATH}; people read it at ${API_REFERENCE_PATH}.`,
      },
      // Relative: the API is wherever this document was read from.
      servers: [{ url: '/' }],
      tags: Object.entries(table).map(([name, { description }]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token from /api/auth/login, /api/auth/verify-email or /api/auth/google.',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = zodTransform(withTextGuardRefusal(document));
      const access = (document.route.config as { access?: Access } | undefined)?.access;
      const name = named.get(`${String(document.route.method)} ${document.route.url}`);
      if (access === undefined || name === undefined) return { schema, url };
      const described: FastifySchema & Record<string, unknown> = {
        ...(schema ?? {}),
        operationId: name.operationId,
        summary: name.summary,
        tags: [name.tag],
        'x-access': access,
        security: access === 'public' ? [] : [{ bearerAuth: [] }],
      };
      return { schema: described, url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  const documentSchema = z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  });
  app.get(
    OPENAPI_PATH,
    { config: { access: 'public' }, schema: { description: 'This document.', response: { 200: documentSchema } } },
    async () => app.swagger() as z.infer<typeof documentSchema>,
  );
}

/**
 * The document as a page to browse (Swagger UI), its scripts and styles served from the package
 * in node_modules, never a CDN, so the site's CSP holds for it as for every page. Each file is read
 * when asked for, not at start-up. Its pages are public, as the document is, and not operations of
 * the API, so the document leaves them out.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(async (reference) => {
    declareScopeAccess(reference, 'public');
    await reference.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      theme: { title: 'Gift of Independence API reference' },
      uiConfig: {
        // Without the top bar, which would offer to load any other document by its address.
        layout: 'BaseLayout',
        docExpansion: 'list',
        displayOperationId: true,
        deepLinking: true,
      },
    });
  });
}
