import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import {
  myCampaignSchema,
  myOrganizationCampaignSchema,
  organizationOverviewSchema,
  organizationRequestSchema,
  recipientRequestSchema,
  requestReplySchema,
} from '@contract/requests';
import type { AppDeps } from '../../deps';
import {
  myOrganizationCampaigns,
  myRecipientCampaigns,
  organizationOverview,
  requestOrganizationCampaign,
  requestRecipientCampaign,
} from './requests';

const errors = errorReplies(400, 401, 403, 409);
const noStore = { 'cache-control': 'private, no-store' };

/** A recipient's and an organization's own requests: each caller sees and makes only their own. */
export function requestRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    app.post(
      '/api/campaigns',
      {
        config: { access: ['recipient'] },
        schema: { body: recipientRequestSchema, response: { 201: requestReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await requestRecipientCampaign(deps, request.user!.id, request.body)),
    );
    app.get(
      '/api/campaigns/my-status',
      { config: { access: ['recipient'] }, schema: { response: { 200: z.array(myCampaignSchema), ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await myRecipientCampaigns(db, storage, request.user!.id)),
    );
    app.post(
      '/api/organization/campaigns',
      {
        config: { access: ['organization'] },
        schema: { body: organizationRequestSchema, response: { 201: requestReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await requestOrganizationCampaign(deps, request.user!.id, request.body)),
    );
    app.get(
      '/api/organization/campaigns',
      {
        config: { access: ['organization'] },
        schema: { response: { 200: z.array(myOrganizationCampaignSchema), ...errors } },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await myOrganizationCampaigns(db, storage, request.user!.id)),
    );
    app.get(
      '/api/organization/overview',
      { config: { access: ['organization'] }, schema: { response: { 200: organizationOverviewSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await organizationOverview(db, request.user!.id)),
    );
  };
}
