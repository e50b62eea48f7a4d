import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import {
  exportParamSchema,
  paymentDetailSchema,
  paymentFiltersSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentReferenceParamSchema,
} from '@contract/money-desk';
import type { AppDeps } from '../../deps';
import { csvDownloadHeaders } from './csv-cell';
import { exportCsv } from './csv-export';
import { listPayments } from './list-payments';
import { paymentDetail } from './payment-detail';

const errors = errorReplies(400, 401, 403, 404);

/** The money desk's payments: every checkout by cursor with the filter's totals, one in full, and the CSV exports. */
export function paymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/admin/payments',
      {
        config: { access: ['admin'] },
        schema: { querystring: paymentListQuerySchema, response: { 200: paymentListSchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await listPayments(db, request.query)),
    );

    app.get(
      '/api/admin/payments/:reference',
      {
        config: { access: ['admin'] },
        schema: { params: paymentReferenceParamSchema, response: { 200: paymentDetailSchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await paymentDetail(db, request.params.reference)),
    );

    app.get(
      '/api/admin/exports/:name.csv',
      {
        // Moves money or data out: a recent second-factor check first (docs/decisions/0071).
        config: { access: ['admin'], stepUp: true },
        schema: {
          description: 'A CSV export (text/csv, UTF-8, header row) of payments, donations, campaigns or donors.',
          params: exportParamSchema,
          querystring: paymentFiltersSchema,
          response: { 200: z.unknown().describe('A CSV file (text/csv).'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, body } = await exportCsv(db, request.user!.id, request.params.name, request.query);
        return reply.headers(csvDownloadHeaders(fileName)).send(body);
      },
    );
  };
}
