import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { campaignIdParamSchema } from '@contract/ids';
import { moderationDecisionSchema } from '@contract/moderation';
import {
  adminUpdateSchema,
  adminUpdatesQuerySchema,
  decisionReplySchema,
  postUpdateReplySchema,
  postUpdateSchema,
  updateIdParamSchema,
  updatesPageSchema,
  updatesQuerySchema,
} from '@contract/updates';
import type { AppDeps } from '../../deps';
import { updatesForAdmins, publicUpdates } from './list-updates';
import { postUpdate } from './post-update';
import { decideUpdate } from './review-update';

const noStore = { 'cache-control': 'private, no-store' };

/**
 * Campaign updates (docs/decisions/0038): read by anyone on a public campaign's page, posted by an
 * admin or the campaign's owner, and the recipients' ones read by an admin before they are shown.
 */
export function updateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, publicCache } = deps;
  return async (app) => {
    app.get(
      '/api/campaigns/:id/updates',
      {
        config: { access: 'public' },
        schema: {
          params: campaignIdParamSchema,
          querystring: updatesQuerySchema,
          response: { 200: updatesPageSchema, ...errorReplies(400, 404) },
        },
      },
      async (request, reply) => {
        await publicCache.json(request, reply, updatesPageSchema, async () => ({
          value: await publicUpdates(db, storage, request.params.id, request.query),
        }));
      },
    );
    app.post(
      '/api/campaigns/:id/updates',
      {
        config: { access: ['admin', 'organization', 'recipient'], organizationAct: 'manageCampaigns' },
        schema: {
          params: campaignIdParamSchema,
          body: postUpdateSchema,
          response: { 201: postUpdateReplySchema, ...errorReplies(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await postUpdate(deps, request.user!, request.params.id, request.body)),
    );
    app.get(
      '/api/admin/updates',
      {
        config: { access: ['admin'] },
        schema: {
          querystring: adminUpdatesQuerySchema,
          response: { 200: z.array(adminUpdateSchema), ...errorReplies(400, 401, 403) },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await updatesForAdmins(db, storage, request.query.status)),
    );
    app.post(
      '/api/admin/updates/:id/decision',
      {
        config: { access: ['admin'] },
        schema: {
          params: updateIdParamSchema,
          body: moderationDecisionSchema,
          response: { 200: decisionReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request) => decideUpdate(deps, request.user!, request.params.id, request.body.decision),
    );
  };
}
