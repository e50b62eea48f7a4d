import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { organizationGiftsSchema } from '@contract/organization-gifts';
import type { AppDeps } from '../../deps';
import { csvDownloadHeaders } from './csv-cell';
import { organizationGifts, organizationGiftsCsv } from './organization-gifts';

const errors = errorReplies(401, 403);
const gifts = { access: ['organization'], organizationAct: 'readGifts' } as const;

/** Gifts to an organization's campaigns, for its owners and finance members (docs/decisions/0075). */
export function organizationGiftRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/organization/donations',
      { config: gifts, schema: { response: { 200: organizationGiftsSchema, ...errors } } },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await organizationGifts(db, request.user!.id)),
    );
    app.get(
      '/api/organization/exports/donations.csv',
      {
        config: gifts,
        schema: {
          description: "Every gift to the organization's campaigns as CSV (text/csv, UTF-8, header row).",
          response: { 200: z.unknown().describe('A CSV file (text/csv).'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, body } = await organizationGiftsCsv(db, request.user!.id, request.user!.personId);
        return reply.headers(csvDownloadHeaders(fileName)).send(body);
      },
    );
  };
}
