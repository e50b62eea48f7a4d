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
import { CAMPAIGN_KINDS } from './kinds';
import { myOrganizationCampaigns, myRecipientCampaigns, organizationOverview, requestCampaign } from './requests';

const errors = errorReplies(400, 401, 403, 409);
const noStore = { 'cache-control': 'private, no-store' };

/** Where each kind makes its request and reads its own, with the shapes each call takes and gives. */
const requestCalls = {
  recipient: {
    make: '/api/campaigns',
    body: recipientRequestSchema,
    own: '/api/campaigns/my-status',
    ownReply: z.array(myCampaignSchema),
    listOwn: myRecipientCampaigns,
  },
  organization: {
    make: '/api/organization/campaigns',
    body: organizationRequestSchema,
    own: '/api/organization/campaigns',
    ownReply: z.array(myOrganizationCampaignSchema),
    listOwn: myOrganizationCampaigns,
  },
};

/** A recipient's and an organization's own requests: each caller sees and makes only their own. */
export function requestRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    for (const kind of CAMPAIGN_KINDS) {
      const calls = requestCalls[kind];
      app.post(
        calls.make,
        {
          config: { access: [kind], organizationAct: 'manageCampaigns' },
          schema: { body: calls.body, response: { 201: requestReplySchema, ...errors } },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await requestCampaign(deps, kind, request.user!.id, request.body, request.user!.personId)),
      );
      app.get(
        calls.own,
        {
          config: { access: [kind], organizationAct: 'readCampaigns' },
          schema: { response: { 200: calls.ownReply, ...errors } },
        },
        async (request, reply) => reply.headers(noStore).send(await calls.listOwn(db, storage, request.user!.id)),
      );
    }
    app.get(
      '/api/organization/overview',
      {
        config: { access: ['organization'], organizationAct: 'readCampaigns' },
        schema: { response: { 200: organizationOverviewSchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await organizationOverview(db, request.user!.id)),
    );
  };
}
