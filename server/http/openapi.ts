import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access';

export const OPENAPI_PATH = '/api/openapi.json';

const zodTransform = createJsonSchemaTransform({});

/**
 * The published description of the API, built from the same zod schemas that validate requests
 * and shape replies, so it cannot drift from what the server does. Each operation carries its
 * access rule (`x-access`, as declared in `config.access`) and, when it needs a signed-in user,
 * the bearer security requirement. Registered before the routes, whose registration it records.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gift of Independence API',
        version: '1.0.0',
        description:
          'JSON under /api. Errors are { message, code, fieldErrors? } with a 4xx status; message is fit to show to a person. ' +
          'Money is integer kobo. Lists page with limit and cursor (next cursor in the X-Next-Cursor header).',
      },
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
      const { schema, url } = zodTransform(document);
      const access = (document.route.config as { access?: Access } | undefined)?.access;
      if (access === undefined) return { schema, url };
      const described: FastifySchema & Record<string, unknown> = { ...(schema ?? {}), 'x-access': access };
      if (access !== 'public') described.security = [{ bearerAuth: [] }];
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
