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
import { errorReplies } from '@contract/errors';
import { NEXT_CURSOR_HEADER } from '@contract/pagination';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { createResponseCache } from '../../http/response-cache';
import { decodeCursor, encodeCursor } from './cursor';
import {
  findPublicOrganizationCampaign,
  findPublicRecipientCampaign,
  listFeaturedCampaigns,
  listPublicOrganizationCampaigns,
  listPublicRecipientCampaigns,
} from './queries';
import { decodeSearchCursor, encodeSearchCursor, searchCampaigns } from './search-campaigns';

const errors = errorReplies(400, 404);
const searchErrors = errorReplies(400, 404, 503);

function nextPageHeaders(
  path: string,
  query: Record<string, string | number>,
  cursor?: string,
): Record<string, string> {
  if (!cursor) return {};
  const params = new URLSearchParams(Object.entries({ ...query, cursor }).map(([k, v]) => [k, String(v)]));
  return { [NEXT_CURSOR_HEADER]: cursor, link: `<${path}?${params.toString()}>; rel="next"` };
}

export function campaignRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, publicCache, searchGate } = deps;
  const recipientList = z.array(publicRecipientCampaignSchema);
  const organizationList = z.array(publicOrganizationCampaignSchema);
  const searchList = z.array(searchResultSchema);
  // A campaign page is never served from a kept copy (a donor must see the figure their gift just
  // changed), but visitors asking for the same campaign at the same moment share one query.
  const sameMoment = createResponseCache({ ttlMs: 0 });
  return async (app) => {
    app.get(
      '/api/campaigns',
      {
        config: { access: 'public' },
        schema: { querystring: campaignListQuerySchema, response: { 200: recipientList, ...errors } },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const after = decodeCursor(cursor);
        await publicCache.json(request, reply, recipientList, async () => {
          const page = await listPublicRecipientCampaigns(db, storage, { limit, cursor: after });
          return {
            value: page.items,
            headers: nextPageHeaders('/api/campaigns', { limit }, page.next && encodeCursor(page.next)),
          };
        });
      },
    );

    app.get(
      '/api/campaigns/featured',
      { config: { access: 'public' }, schema: { response: { 200: recipientList } } },
      async (request, reply) => {
        await publicCache.json(request, reply, recipientList, async () => ({
          value: await listFeaturedCampaigns(db, storage),
        }));
      },
    );

    app.get(
      '/api/campaigns/search',
      {
        config: { access: 'public' },
        schema: { querystring: campaignSearchQuerySchema, response: { 200: searchList, ...searchErrors } },
      },
      async (request, reply) => {
        const { q, limit, cursor } = request.query;
        const position = decodeSearchCursor(cursor);
        await publicCache.json(request, reply, searchList, async () => {
          const result = await searchGate(() => searchCampaigns(db, storage, { q, limit, position }));
          const next = result.next === undefined ? undefined : encodeSearchCursor(result.next);
          return { value: result.items, headers: nextPageHeaders('/api/campaigns/search', { q, limit }, next) };
        });
      },
    );

    app.get(
      '/api/campaigns/:id',
      {
        config: { access: 'public' },
        schema: { params: idParamSchema, response: { 200: publicRecipientCampaignSchema, ...errors } },
      },
      async (request, reply) => {
        await sameMoment.json(request, reply, publicRecipientCampaignSchema, async () => {
          const campaign = await findPublicRecipientCampaign(db, storage, request.params.id);
          if (!campaign) throw notFound('Campaign not found.');
          return { value: campaign };
        });
      },
    );

    app.get(
      '/api/org-campaigns/active',
      {
        config: { access: 'public' },
        schema: { querystring: campaignListQuerySchema, response: { 200: organizationList, ...errors } },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const after = decodeCursor(cursor);
        await publicCache.json(request, reply, organizationList, async () => {
          const page = await listPublicOrganizationCampaigns(db, storage, { limit, cursor: after });
          return {
            value: page.items,
            headers: nextPageHeaders('/api/org-campaigns/active', { limit }, page.next && encodeCursor(page.next)),
          };
        });
      },
    );

    app.get(
      '/api/org-campaigns/:id',
      {
        config: { access: 'public' },
        schema: { params: idParamSchema, response: { 200: publicOrganizationCampaignSchema, ...errors } },
      },
      async (request, reply) => {
        await sameMoment.json(request, reply, publicOrganizationCampaignSchema, async () => {
          const campaign = await findPublicOrganizationCampaign(db, storage, request.params.id);
          if (!campaign) throw notFound('Organization campaign not found.');
          return { value: campaign };
        });
      },
    );
  };
}
