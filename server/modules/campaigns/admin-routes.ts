import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrganizationCampaignSchema,
  adminOverviewSchema,
  adminRecipientCampaignSchema,
  allCampaignsQuerySchema,
  allCampaignsReplySchema,
  deliverySchema,
  featureSchema,
  organizationActionReplySchema,
  organizationFilterSchema,
  organizationListPageSchema,
  reasonEditSchema,
  recipientActionReplySchema,
  recipientListPageSchema,
  recipientListQuerySchema,
  statusChangeSchema,
} from '@contract/admin';
import { idParamSchema } from '@contract/campaigns';
import { errorReplies } from '@contract/errors';
import { campaignIdParamSchema } from '@contract/ids';
import { pagedLimit } from '@contract/pagination';
import { videoSchema } from '@contract/video';
import type { AppDeps } from '../../deps';
import { sendPage } from '../../http/paged-reply';
import {
  addVideo,
  changeOrganizationDelivery,
  changeOrganizationStatus,
  changeRecipientDelivery,
  changeRecipientStatus,
  editReason,
  setFeatured,
} from './admin-actions';
import {
  adminOverview,
  listAllRecipientCampaigns,
  listOrganizationCampaignsFor,
  listRecipientCampaignsFor,
} from './admin-queries';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * The admin team's campaign work (product notes 7). Every change goes through the transition
 * table, is conditioned on the campaign's current state (two admins at once: one wins, the other
 * gets a 409), writes the audit log in the same transaction, and tells the owner.
 */
export function adminCampaignRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const files = { db: deps.db, storage: deps.storage, signer: deps.signer };
  return async (app) => {
    app.get(
      '/api/admin/overview',
      { config: admin, schema: { response: { 200: adminOverviewSchema, ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await adminOverview(deps.db)),
    );
    for (const list of ['pending', 'approved', 'featured'] as const) {
      app.get(
        `/api/admin/campaigns/${list}`,
        {
          config: admin,
          schema: {
            querystring: recipientListQuerySchema,
            response: {
              200: z.union([z.array(adminRecipientCampaignSchema), recipientListPageSchema]),
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const { query } = request;
          const page = await listRecipientCampaignsFor(files, list, { limit: pagedLimit(query), cursor: query.cursor });
          return sendPage(reply, query.paged === '1', page);
        },
      );
    }
    app.get(
      '/api/admin/campaigns/all',
      {
        config: admin,
        schema: { querystring: allCampaignsQuerySchema, response: { 200: allCampaignsReplySchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await listAllRecipientCampaigns(files, request.query)),
    );
    app.patch(
      '/api/admin/campaigns/:id/status',
      {
        config: admin,
        schema: {
          // '12' or 'org-12', so the shared status call is never ambiguous.
          params: campaignIdParamSchema,
          body: statusChangeSchema,
          response: { 200: z.union([recipientActionReplySchema, organizationActionReplySchema]), ...errors },
        },
      },
      async (request) => {
        const ref = request.params.id;
        return ref.kind === 'organization'
          ? changeOrganizationStatus(deps, request.user!, ref.id, request.body)
          : changeRecipientStatus(deps, request.user!, ref.id, request.body);
      },
    );
    app.post(
      '/api/admin/campaigns/feature',
      { config: admin, schema: { body: featureSchema, response: { 200: recipientActionReplySchema, ...errors } } },
      async (request) => setFeatured(deps, request.user!, request.body.campaignId, true),
    );
    app.post(
      '/api/admin/campaigns/unfeature',
      { config: admin, schema: { body: featureSchema, response: { 200: recipientActionReplySchema, ...errors } } },
      async (request) => setFeatured(deps, request.user!, request.body.campaignId, false),
    );
    app.put(
      '/api/admin/campaigns/:id/reason',
      {
        config: admin,
        schema: {
          params: idParamSchema,
          body: reasonEditSchema,
          response: { 200: recipientActionReplySchema, ...errors },
        },
      },
      async (request) =>
        editReason(deps, request.user!, request.params.id, request.body.reason, request.body.previousReason),
    );
    app.patch(
      '/api/admin/campaigns/:id/delivery',
      {
        config: admin,
        schema: {
          params: idParamSchema,
          body: deliverySchema,
          response: { 200: recipientActionReplySchema, ...errors },
        },
      },
      async (request) => changeRecipientDelivery(deps, request.user!, request.params.id, request.body),
    );
    app.post(
      '/api/admin/campaigns/:id/video',
      {
        config: admin,
        schema: { params: idParamSchema, body: videoSchema, response: { 200: recipientActionReplySchema, ...errors } },
      },
      async (request) => addVideo(deps, request.user!, request.params.id, request.body.videoUrl),
    );

    // Organization campaigns. The two address families (org-campaigns and organization/campaigns) answer the same lists.
    const listSchema = {
      config: admin,
      schema: {
        querystring: organizationFilterSchema,
        response: { 200: z.union([z.array(adminOrganizationCampaignSchema), organizationListPageSchema]), ...errors },
      },
    };
    const orgLists = [
      ['/api/admin/org-campaigns/pending', 'pending'],
      ['/api/admin/org-campaigns/active', 'active'],
      ['/api/admin/organization/campaigns/pending', 'pending'],
      ['/api/admin/organization/campaigns/approved', 'active'],
    ] as const;
    for (const [url, list] of orgLists) {
      app.get(url, listSchema, async (request, reply) => {
        const { query } = request;
        const page = await listOrganizationCampaignsFor(files, list, {
          limit: pagedLimit(query),
          cursor: query.cursor,
          organizationId: query.organizationId,
        });
        return sendPage(reply, query.paged === '1', page);
      });
    }
    app.patch(
      '/api/admin/org-campaigns/:id/status',
      {
        config: admin,
        schema: {
          params: idParamSchema,
          body: statusChangeSchema,
          response: { 200: organizationActionReplySchema, ...errors },
        },
      },
      async (request) => changeOrganizationStatus(deps, request.user!, request.params.id, request.body),
    );
    app.patch(
      '/api/admin/org-campaigns/:id/delivery',
      {
        config: admin,
        schema: {
          params: idParamSchema,
          body: deliverySchema,
          response: { 200: organizationActionReplySchema, ...errors },
        },
      },
      async (request) => changeOrganizationDelivery(deps, request.user!, request.params.id, request.body),
    );
  };
}
