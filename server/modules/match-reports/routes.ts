import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { matchIdParamSchema } from '@contract/match-admin';
import type { AppDeps } from '../../deps';
import { csvDownloadHeaders } from '../money-desk/csv-cell';
import { printableLogo, reportCsv, reportFileName, reportPdf, sponsorReport } from './sponsor-report';

const errors = errorReplies(400, 401, 403, 404);
const binary = (what: string) => z.unknown().describe(what);

/**
 * A sponsor's report on their match pool (decision 0080), as CSV and as a tagged PDF, for the admins
 * who keep the money desk. Apart from matching/: drawing it needs the receipts' PDF and the desk's
 * CSV, which themselves read campaigns, and campaigns read open matches.
 */
export function matchReportRoutes(deps: Pick<AppDeps, 'db' | 'storage' | 'config'>): FastifyPluginAsyncZod {
  const { db, storage, config } = deps;
  return async (app) => {
    app.get(
      '/api/admin/matches/:id/report.csv',
      {
        config: { access: ['admin'] },
        schema: {
          description: "A sponsor's report as CSV (text/csv, UTF-8, header row): each campaign the pool funded.",
          params: matchIdParamSchema,
          response: { 200: binary('A CSV file (text/csv).'), ...errors },
        },
      },
      async (request, reply) => {
        const report = await sponsorReport(db, storage, request.params.id);
        return reply
          .headers(csvDownloadHeaders(reportFileName(request.params.id, 'csv')))
          .send(await reportCsv(report));
      },
    );

    app.get(
      '/api/admin/matches/:id/report.pdf',
      {
        config: { access: ['admin'] },
        schema: {
          params: matchIdParamSchema,
          response: { 200: binary('A PDF document (application/pdf).'), ...errors },
        },
      },
      async (request, reply) => {
        const report = await sponsorReport(db, storage, request.params.id);
        // A logo storage cannot read now leaves the report without it rather than without the report.
        const logo = await printableLogo(db, storage, request.params.id).catch((error: unknown) => {
          request.log.warn({ err: error, matchId: request.params.id }, 'sponsor logo unreadable for the report');
          return null;
        });
        const pdf = await reportPdf(report, config.charity, logo);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${reportFileName(request.params.id, 'pdf')}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      },
    );
  };
}
