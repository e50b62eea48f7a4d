import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import {
  adminFundraisersSchema,
  campaignFundraisersSchema,
  editFundraiserSchema,
  fundraiserChangeReplySchema,
  fundraiserDecisionSchema,
  fundraiserReplySchema,
  fundraiserSlugParamSchema,
  myFundraisersSchema,
  startFundraiserReplySchema,
  startFundraiserSchema,
} from '@contract/fundraisers';
import { campaignIdParamSchema } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { decideFundraiser } from './decide-fundraiser';
import { closeFundraiser, editFundraiser } from './edit-fundraiser';
import { campaignFundraisers, fundraiserQueue, myFundraisers, readFundraiser } from './read-fundraisers';
import { startFundraiser } from './start-fundraiser';

const errors = errorReplies(400, 401, 403, 404, 409);
const donor = { access: ['donor'] as const };
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Supporters' fundraisers (decision 0081): a donor starts, edits and closes their own; an admin
 * approves or rejects what waits; anyone reads an approved one's page and a campaign's list. A
 * fundraiser's page depends on who asks (its owner sees it before approval), so it is never kept in
 * the public cache; the campaign's list is, and every change clears it.
 */
export function fundraiserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, publicCache } = deps;
  return async (app) => {
    app.post(
      '/api/fundraisers',
      {
        config: donor,
        schema: {
          description: 'Start a fundraiser for a public campaign; it is public once an admin approves it.',
          body: startFundraiserSchema,
          response: { 200: startFundraiserReplySchema, ...errors },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await startFundraiser(deps, request.user!, request.body)),
    );

    app.get(
      '/api/fundraisers/mine',
      { config: donor, schema: { response: { 200: myFundraisersSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await myFundraisers(deps, request.user!.id)),
    );

    app.get(
      '/api/fundraisers/:slug',
      {
        config: { access: 'public' },
        schema: {
          description: 'A fundraiser: public once approved; its owner and the admins also read it before.',
          params: fundraiserSlugParamSchema,
          response: { 200: fundraiserReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await readFundraiser(deps, request.params.slug, request.user ?? null)),
    );

    app.patch(
      '/api/fundraisers/:slug',
      {
        config: donor,
        schema: {
          params: fundraiserSlugParamSchema,
          body: editFundraiserSchema,
          response: { 200: fundraiserChangeReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await editFundraiser(deps, request.user!, request.params.slug, request.body)),
    );

    app.post(
      '/api/fundraisers/:slug/close',
      {
        config: donor,
        schema: { params: fundraiserSlugParamSchema, response: { 200: fundraiserChangeReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await closeFundraiser(deps, request.user!, request.params.slug)),
    );

    app.get(
      '/api/campaigns/:id/fundraisers',
      {
        config: { access: 'public' },
        schema: {
          description: "A public campaign's approved fundraisers, most raised first.",
          params: campaignIdParamSchema,
          response: { 200: campaignFundraisersSchema, ...errors },
        },
      },
      async (request, reply) => {
        await publicCache.json(request, reply, campaignFundraisersSchema, async () => ({
          value: await campaignFundraisers(db, request.params.id),
        }));
      },
    );

    app.get(
      '/api/admin/fundraisers',
      { config: admin, schema: { response: { 200: adminFundraisersSchema, ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await fundraiserQueue(deps)),
    );

    app.patch(
      '/api/admin/fundraisers/:slug',
      {
        config: admin,
        schema: {
          params: fundraiserSlugParamSchema,
          body: fundraiserDecisionSchema,
          response: { 200: fundraiserChangeReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await decideFundraiser(deps, request.user!, request.params.slug, request.body)),
    );
  };
}
