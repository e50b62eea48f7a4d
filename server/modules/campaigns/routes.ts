import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignListQuerySchema,
  campaignSearchQuerySchema,
  idParamSchema,
  publicOrganizationCampaignSchema,
  publicRecipientCampaignSchema,
  searchResultSchema,
} from '@contract/campaigns';
import { errorReplySchema } from '@contract/errors';
import { NEXT_CURSOR_HEADER } from '@contract/pagination';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { decodeCursor, encodeCursor } from './cursor';
import {
  findPublicOrganizationCampaign,
  findPublicRecipientCampaign,
  listFeaturedCampaigns,
  listPublicOrganizationCampaigns,
  listPublicRecipientCampaigns,
} from './queries';
import { decodeSearchCursor, encodeSearchCursor, searchCampaigns } from './search-campaigns';

const errors = { 400: errorReplySchema, 404: errorReplySchema };

function setNextCursor(reply: FastifyReply, path: string, query: Record<string, string | number>, cursor?: string) {
  if (!cursor) return;
  const params = new URLSearchParams(Object.entries({ ...query, cursor }).map(([k, v]) => [k, String(v)]));
  reply.header(NEXT_CURSOR_HEADER, cursor);
  reply.header('link', `<${path}?${params.toString()}>; rel="next"`);
}

export function campaignRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    app.get(
      '/api/campaigns',
      {
        config: { access: 'public' },
        schema: { querystring: campaignListQuerySchema, response: { 200: z.array(publicRecipientCampaignSchema), ...errors } },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const page = await listPublicRecipientCampaigns(db, storage, { limit, cursor: decodeCursor(cursor) });
        setNextCursor(reply, '/api/campaigns', { limit }, page.next && encodeCursor(page.next));
        return page.items;
      },
    );

    app.get(
      '/api/campaigns/featured',
      { config: { access: 'public' }, schema: { response: { 200: z.array(publicRecipientCampaignSchema) } } },
      async () => listFeaturedCampaigns(db, storage),
    );

    app.get(
      '/api/campaigns/search',
      {
        config: { access: 'public' },
        schema: { querystring: campaignSearchQuerySchema, response: { 200: z.array(searchResultSchema), ...errors } },
      },
      async (request, reply) => {
        const { q, limit, cursor } = request.query;
        const result = await searchCampaigns(db, storage, { q, limit, offset: decodeSearchCursor(cursor) });
        setNextCursor(
          reply,
          '/api/campaigns/search',
          { q, limit },
          result.nextOffset === undefined ? undefined : encodeSearchCursor(result.nextOffset),
        );
        return result.items;
      },
    );

    app.get(
      '/api/campaigns/:id',
      {
        config: { access: 'public' },
        schema: { params: idParamSchema, response: { 200: publicRecipientCampaignSchema, ...errors } },
      },
      async (request) => {
        const campaign = await findPublicRecipientCampaign(db, storage, request.params.id);
        if (!campaign) throw notFound('Campaign not found.');
        return campaign;
      },
    );

    app.get(
      '/api/org-campaigns/active',
      {
        config: { access: 'public' },
        schema: { querystring: campaignListQuerySchema, response: { 200: z.array(publicOrganizationCampaignSchema), ...errors } },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const page = await listPublicOrganizationCampaigns(db, storage, { limit, cursor: decodeCursor(cursor) });
        setNextCursor(reply, '/api/org-campaigns/active', { limit }, page.next && encodeCursor(page.next));
        return page.items;
      },
    );

    app.get(
      '/api/org-campaigns/:id',
      {
        config: { access: 'public' },
        schema: { params: idParamSchema, response: { 200: publicOrganizationCampaignSchema, ...errors } },
      },
      async (request) => {
        const campaign = await findPublicOrganizationCampaign(db, storage, request.params.id);
        if (!campaign) throw notFound('Organization campaign not found.');
        return campaign;
      },
    );
  };
}
