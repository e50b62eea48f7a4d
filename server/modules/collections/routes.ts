import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSlotSchema,
  bookCollectionSchema,
  bookingIdParamSchema,
  collectionDayQuerySchema,
  collectionDaySchema,
  collectionReplySchema,
  collectionStateSchema,
  markReplySchema,
  messageReplySchema,
  newSlotSchema,
  openSlotSchema,
  slotIdParamSchema,
  slotReplySchema,
} from '@contract/collections';
import { errorReplies } from '@contract/errors';
import { campaignIdParamSchema } from '@contract/ids';
import type { AppDeps } from '../../deps';
import { bookCollection, collectionState, openSlotsFor } from './booking';
import { collectionsOn, markCollected, markMissed } from './marks';
import { publishSlot, upcomingSlots, withdrawSlot } from './slots';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
// The owner of either kind, or the caseworker who helped a recipient apply (checked per campaign).
const owners = { access: ['recipient', 'organization', 'caseworker'], organizationAct: 'readCampaigns' } as const;
const booking = { ...owners, organizationAct: 'manageCampaigns' } as const;
const noStore = { 'cache-control': 'private, no-store' };

/** Collection in Lagos (docs/decisions/0044): slots, bookings, the day's collections. */
export function collectionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/collection-slots',
      { config: admin, schema: { response: { 200: z.array(adminSlotSchema), ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await upcomingSlots(deps.db)),
    );
    app.post(
      '/api/admin/collection-slots',
      { config: admin, schema: { body: newSlotSchema, response: { 201: slotReplySchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await publishSlot(deps, request.user!, request.body)),
    );
    app.delete(
      '/api/admin/collection-slots/:id',
      { config: admin, schema: { params: slotIdParamSchema, response: { 200: messageReplySchema, ...errors } } },
      async (request) => withdrawSlot(deps, request.user!, request.params.id),
    );
    app.get(
      '/api/admin/collections',
      {
        config: admin,
        schema: { querystring: collectionDayQuerySchema, response: { 200: collectionDaySchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await collectionsOn(deps.db, request.query.date)),
    );
    for (const [mark, run] of [
      ['collected', markCollected],
      ['missed', markMissed],
    ] as const)
      app.post(
        `/api/admin/collections/:bookingId/${mark}`,
        {
          config: admin,
          schema: { params: bookingIdParamSchema, response: { 200: markReplySchema, ...errors } },
        },
        async (request) => run(deps, request.user!, request.params.bookingId),
      );
    app.get(
      '/api/collection-slots',
      { config: owners, schema: { response: { 200: z.array(openSlotSchema), ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await openSlotsFor(deps, request.user!)),
    );
    app.get(
      '/api/campaigns/:id/collection',
      {
        config: owners,
        schema: { params: campaignIdParamSchema, response: { 200: collectionStateSchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await collectionState(deps, request.user!, request.params.id)),
    );
    app.post(
      '/api/campaigns/:id/collection',
      {
        config: { ...booking, idempotent: true },
        schema: {
          params: campaignIdParamSchema,
          body: bookCollectionSchema,
          response: { 200: collectionReplySchema, ...errors },
        },
      },
      async (request) => bookCollection(deps, request.user!, request.params.id, request.body.slotId),
    );
  };
}
