import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageReplySchema } from '@contract/auth';
import {
  acceptInviteSchema,
  applyReplySchema,
  assistedApplicationSchema,
  caseworkerInviteSchema,
  helpedRecipientSchema,
  inviteCaseworkerSchema,
  inviteTokenParams,
  organizationCaseworkersSchema,
  recipientIdParams,
} from '@contract/caseworkers';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { INVITE_LOOKUPS, INVITES_PER_ORGANIZATION } from '../team/invite-limits';
import { teamActor } from '../team/invite-member';
import { applyForRecipient } from './apply-for-recipient';
import { helpedRecipient, helpedRecipients } from './helped-recipients';
import {
  acceptInvite,
  inviteByToken,
  inviteCaseworker,
  organizationCaseworkers,
  removeCaseworker,
  withdrawInvite,
} from './invites';
import { caseworkerOrganization } from './queries';

const errors = errorReplies(400, 401, 403, 404, 409, 429);
const manage = { access: ['organization'], organizationAct: 'manageCaseworkers' } as const;
const noStore = { 'cache-control': 'private, no-store' };
const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
const userIdParams = z.object({ userId: z.coerce.number().int().positive().max(2147483647) });

/** Organizations invite caseworkers; caseworkers apply for people who consented and see only those people. */
export function caseworkerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/api/organization/caseworkers',
      {
        config: manage,
        schema: { body: inviteCaseworkerSchema, response: { 201: messageReplySchema, ...errors } },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITES_PER_ORGANIZATION, `user:${request.user!.id}`);
        return reply.status(201).send(await inviteCaseworker(deps, teamActor(request.user!), request.body.email));
      },
    );
    app.get(
      '/api/organization/caseworkers',
      {
        config: { access: ['organization'], organizationAct: 'readTeam' },
        schema: { response: { 200: organizationCaseworkersSchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await organizationCaseworkers(db, request.user!.id)),
    );
    app.delete(
      '/api/organization/caseworkers/:userId',
      {
        config: manage,
        schema: { params: userIdParams, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => removeCaseworker(deps, teamActor(request.user!), request.params.userId),
    );
    app.delete(
      '/api/organization/caseworker-invites/:id',
      {
        config: manage,
        schema: { params: idParams, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => withdrawInvite(deps, teamActor(request.user!), request.params.id),
    );

    app.get(
      '/api/caseworker-invites/:token',
      {
        config: { access: 'public' },
        schema: { params: inviteTokenParams, response: { 200: caseworkerInviteSchema, ...errors } },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITE_LOOKUPS, `ip:${request.ip}`);
        return reply.headers(noStore).send(await inviteByToken(db, request.params.token));
      },
    );
    app.post(
      '/api/caseworker-invites/:token/accept',
      {
        config: { access: 'public' },
        schema: {
          params: inviteTokenParams,
          body: acceptInviteSchema,
          response: { 201: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITE_LOOKUPS, `ip:${request.ip}`);
        return reply.status(201).send(await acceptInvite(deps, request.params.token, request.body));
      },
    );

    app.post(
      '/api/caseworker/recipients',
      {
        config: { access: ['caseworker'] },
        schema: { body: assistedApplicationSchema, response: { 201: applyReplySchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await applyForRecipient(deps, request.user!.id, request.body)),
    );
    app.get(
      '/api/caseworker/recipients',
      {
        config: { access: ['caseworker'] },
        schema: { response: { 200: z.array(helpedRecipientSchema), ...errors } },
      },
      async (request, reply) => {
        await caseworkerOrganization(db, request.user!.id);
        return reply.headers(noStore).send(await helpedRecipients(db, request.user!.id));
      },
    );
    app.get(
      '/api/caseworker/recipients/:id',
      {
        config: { access: ['caseworker'] },
        schema: { params: recipientIdParams, response: { 200: helpedRecipientSchema, ...errors } },
      },
      async (request, reply) => {
        await caseworkerOrganization(db, request.user!.id);
        return reply.headers(noStore).send(await helpedRecipient(db, request.user!.id, request.params.id));
      },
    );
  };
}
