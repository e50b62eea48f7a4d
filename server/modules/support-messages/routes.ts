import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { campaignIdParamSchema } from '@contract/ids';
import { moderationDecisionSchema } from '@contract/moderation';
import {
  adminSupportMessagesQuerySchema,
  adminSupportMessagesSchema,
  publicSupportMessagesSchema,
  supportMessageDecisionReplySchema,
  supportMessageIdParamSchema,
  supportMessagesQuerySchema,
} from '@contract/support-messages';
import type { AppDeps } from '../../deps';
import { decideSupportMessage, publicSupportMessages, supportMessageQueue } from './support-messages';

const errors = errorReplies(400, 401, 403, 404);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Words of support: the approved ones on each public campaign (kept in the public cache, which every
 * decision and gift clears), and the admins' queue with its two decisions.
 */
export function supportMessageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, publicCache } = deps;
  return async (app) => {
    app.get(
      '/api/campaigns/:id/messages',
      {
        config: { access: 'public' },
        schema: {
          description: 'Approved words of support left with paid gifts to a public campaign, newest first.',
          params: campaignIdParamSchema,
          querystring: supportMessagesQuerySchema,
          response: { 200: publicSupportMessagesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        await publicCache.json(request, reply, publicSupportMessagesSchema, async () => ({
          value: await publicSupportMessages(db, request.params.id, { limit, cursor }),
        }));
      },
    );

    app.get(
      '/api/admin/messages',
      {
        config: admin,
        schema: {
          querystring: adminSupportMessagesQuerySchema,
          response: { 200: adminSupportMessagesSchema, ...errors },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await supportMessageQueue(db, request.query)),
    );

    app.post(
      '/api/admin/messages/:id/decision',
      {
        config: admin,
        schema: {
          params: supportMessageIdParamSchema,
          body: moderationDecisionSchema,
          response: { 200: supportMessageDecisionReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .headers(noStore)
          .send(await decideSupportMessage(deps, request.user!, request.params.id, request.body.decision)),
    );
  };
}
