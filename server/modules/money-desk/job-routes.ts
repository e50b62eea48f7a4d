import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { jobCountsSchema, jobIdParamSchema, jobListSchema, jobsQuerySchema } from '@contract/money-desk';
import { messageReplySchema } from '@contract/auth';
import type { AppDeps } from '../../deps';
import { listJobs, retryJob } from './job-list';

const errors = errorReplies(400, 401, 403, 404);

/** Background jobs for the admins: the failed and the waiting, their counts, and a retry. */
export function jobRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/jobs',
      {
        config: { access: ['admin'] },
        schema: { querystring: jobsQuerySchema, response: { 200: jobListSchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers({ 'cache-control': 'private, no-store' }).send(await listJobs(deps.jobs, request.query.state)),
    );

    app.get(
      '/api/admin/jobs/counts',
      { config: { access: ['admin'] }, schema: { response: { 200: jobCountsSchema, ...errors } } },
      async (_request, reply) => reply.headers({ 'cache-control': 'private, no-store' }).send(await deps.jobs.counts()),
    );

    app.post(
      '/api/admin/jobs/:id/retry',
      {
        config: { access: ['admin'] },
        schema: { params: jobIdParamSchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await retryJob(deps, request.user!.id, request.params.id);
        return { message: 'The job will run again shortly.' };
      },
    );
  };
}
