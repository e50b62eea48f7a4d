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
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { createResponseCache, type ResponseCache } from '../../http/response-cache';
import type { Storage } from '../../providers/storage/storage';
import { decodeCursor, encodeCursor, type Cursor } from '../../db/cursor';
import { CAMPAIGN_KINDS } from './kinds';
import {
  findPublicOrganizationCampaign,
  findPublicRecipientCampaign,
  listFeaturedCampaigns,
  listPublicOrganizationCampaigns,
  listPublicRecipientCampaigns,
  type Page,
} from './queries';
import { decodeSearchCursor, encodeSearchCursor, searchCampaigns, searchReplyBody } from './search-campaigns';
import { createSearchIndex } from './search-index';

type App = Parameters<FastifyPluginAsyncZod>[0];

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

/**
 * Where donors read each kind's campaigns: a page of them, and one by its id. The queries answer in
 * the shape of the kind's reply schema.
 */
type PublicCalls<S extends z.ZodType = z.ZodType> = {
  list: string;
  one: string;
  reply: S;
  listPage: (db: Db, storage: Storage, opts: { limit: number; cursor?: Cursor }) => Promise<Page<z.input<S>>>;
  find: (db: Db, storage: Storage, id: number) => Promise<z.input<S> | undefined>;
  notFound: string;
};

const publicCalls = {
  recipient: {
    list: '/api/campaigns',
    one: '/api/campaigns/:id',
    reply: publicRecipientCampaignSchema,
    listPage: listPublicRecipientCampaigns,
    find: findPublicRecipientCampaign,
    notFound: 'Campaign not found.',
  },
  organization: {
    list: '/api/org-campaigns/active',
    one: '/api/org-campaigns/:id',
    reply: publicOrganizationCampaignSchema,
    listPage: listPublicOrganizationCampaigns,
    find: findPublicOrganizationCampaign,
    notFound: 'Organization campaign not found.',
  },
} satisfies {
  recipient: PublicCalls<typeof publicRecipientCampaignSchema>;
  organization: PublicCalls<typeof publicOrganizationCampaignSchema>;
};

function publicKindRoutes(app: App, deps: AppDeps, sameMoment: ResponseCache, calls: PublicCalls) {
  const { db, storage, publicCache } = deps;
  const list = z.array(calls.reply);
  app.get(
    calls.list,
    {
      config: { access: 'public' },
      schema: { querystring: campaignListQuerySchema, response: { 200: list, ...errors } },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const after = decodeCursor(cursor);
      await publicCache.json(request, reply, list, async () => {
        const page = await calls.listPage(db, storage, { limit, cursor: after });
        return {
          value: page.items,
          headers: nextPageHeaders(calls.list, { limit }, page.next && encodeCursor(page.next)),
        };
      });
    },
  );
  app.get(
    calls.one,
    {
      config: { access: 'public' },
      schema: { params: idParamSchema, response: { 200: calls.reply, ...errors } },
    },
    async (request, reply) => {
      await sameMoment.json(request, reply, calls.reply, async () => {
        const campaign = await calls.find(db, storage, request.params.id);
        if (!campaign) throw notFound(calls.notFound);
        return { value: campaign };
      });
    },
  );
}

export function campaignRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage, publicCache, searchGate } = deps;
  const recipientList = z.array(publicRecipientCampaignSchema);
  const searchList = z.array(searchResultSchema);
  // A campaign page is never served from a kept copy (a donor must see the figure their gift just
  // changed), but visitors asking for the same campaign at the same moment share one query.
  const sameMoment = createResponseCache({ ttlMs: 0, publicRead: deps.replica?.run });
  return async (app) => {
    for (const kind of CAMPAIGN_KINDS) publicKindRoutes(app, deps, sameMoment, publicCalls[kind]);
    const index = deps.config.searchIndex
      ? createSearchIndex(db, { log: (message) => app.log.info(message) })
      : undefined;
    if (index) {
      app.addHook('onClose', async () => index.stop());
      // Built once the server is up (decision 0059), without holding up what follows; until it is
      // ready the database answers (decision 0049).
      deps.background.add('the search index', () => index.start(0));
    }

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
        // Each campaign's reply was checked against searchResultSchema as it was serialised.
        await publicCache.text(request, reply, async () => {
          const result = await searchGate(() => searchCampaigns(db, storage, { q, limit, position, index }));
          const next = result.next === undefined ? undefined : encodeSearchCursor(result.next);
          return {
            body: searchReplyBody(result.items),
            headers: nextPageHeaders('/api/campaigns/search', { q, limit }, next),
          };
        });
      },
    );
  };
}
