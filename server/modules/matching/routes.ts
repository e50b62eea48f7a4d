import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { createMatchSchema } from '@contract/matching';
import {
  createMatchReplySchema,
  MATCH_NOT_FOUND,
  matchIdParamSchema,
  matchPoolListSchema,
  matchPoolSchema,
} from '@contract/match-admin';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { csvDownloadHeaders } from '../money-desk/csv-cell';
import { closeMatch } from './close-match';
import { createMatch } from './create-match';
import { listMatches } from './list-matches';
import { reportCsv, reportFileName, reportPdf, sponsorReport } from './sponsor-report';

const errors = errorReplies(400, 401, 403, 404, 409);
const binary = (what: string) => z.unknown().describe(what);
const privateReply = { 'cache-control': 'private, no-store' };

/**
 * Sponsors' match pools (decision 0080) for the admins who keep the money desk: open one, list them
 * with what each gave, close one early, and the sponsor's report. Opening or closing changes what
 * public campaign replies promise, so this process's copies of the public lists are dropped then.
 */
export function matchingRoutes(deps: Pick<AppDeps, 'db' | 'publicCache' | 'config'>): FastifyPluginAsyncZod {
  const { db, publicCache, config } = deps;
  return async (app) => {
    app.post(
      '/api/admin/matches',
      {
        config: { access: ['admin'] },
        schema: { body: createMatchSchema, response: { 201: createMatchReplySchema, ...errors } },
      },
      async (request, reply) => {
        const made = await createMatch(db, request.user!.id, request.body);
        publicCache.clear();
        return reply.status(201).headers(privateReply).send(made);
      },
    );

    app.get(
      '/api/admin/matches',
      { config: { access: ['admin'] }, schema: { response: { 200: matchPoolListSchema, ...errors } } },
      async (_request, reply) => reply.headers(privateReply).send({ pools: await listMatches(db) }),
    );

    app.post(
      '/api/admin/matches/:id/close',
      {
        config: { access: ['admin'] },
        schema: { params: matchIdParamSchema, response: { 200: matchPoolSchema, ...errors } },
      },
      async (request, reply) => {
        await closeMatch(db, request.user!.id, request.params.id);
        publicCache.clear();
        const [pool] = await listMatches(db, request.params.id);
        if (!pool) throw notFound(MATCH_NOT_FOUND);
        return reply.headers(privateReply).send(pool);
      },
    );

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
        const report = await sponsorReport(db, request.params.id);
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
        const pdf = await reportPdf(await sponsorReport(db, request.params.id), config.charity);
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
