import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import {
  acceptMemberSchema,
  changeMemberRoleSchema,
  inviteMemberSchema,
  memberIdParams,
  memberInvitationSchema,
  memberSchema,
  memberTokenSchema,
} from '@contract/organization-team';
import { signInReplySchema } from '@contract/second-factor';
import type { AppDeps } from '../../deps';
import { publicBaseUrl } from '../../http/public-url';
import { finishSignIn } from '../accounts/second-factor/finish-sign-in';
import { acceptInvitation, invitationByToken } from './accept-invitation';
import { INVITE_LOOKUPS, INVITES_PER_ORGANIZATION } from './invite-limits';
import { inviteMember, resendInvitation, teamActor } from './invite-member';
import { changeMemberRole, handOverOwnership, leaveTeam, removeMember } from './manage-members';
import { listMembers } from './queries';

const errors = errorReplies(400, 401, 403, 404, 409, 429);
const noStore = { 'cache-control': 'private, no-store' };
const team = { access: ['organization'], organizationAct: 'manageTeam' } as const;

/** The organization's team: members and invitations, each act as the team's table of roles allows (docs/decisions/0075). */
export function teamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, jobs, config } = deps;
  return async (app) => {
    app.get(
      '/api/organization/members',
      {
        config: { access: ['organization'], organizationAct: 'readTeam' },
        schema: { response: { 200: z.array(memberSchema), ...errors } },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await listMembers(db, request.user!.id, request.user!.personId)),
    );
    app.post(
      '/api/organization/members',
      {
        config: team,
        schema: { body: inviteMemberSchema, response: { 201: z.object({ id: z.number().int() }), ...errors } },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITES_PER_ORGANIZATION, `user:${request.user!.id}`);
        return reply.status(201).send(await inviteMember(deps, teamActor(request.user!), request.body));
      },
    );
    app.patch(
      '/api/organization/members/:id',
      {
        config: team,
        schema: {
          params: memberIdParams,
          body: changeMemberRoleSchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request) => changeMemberRole(deps, teamActor(request.user!), request.params.id, request.body.role),
    );
    app.delete(
      '/api/organization/members/:id',
      { config: team, schema: { params: memberIdParams, response: { 200: messageReplySchema, ...errors } } },
      async (request) => removeMember(deps, teamActor(request.user!), request.params.id),
    );
    app.post(
      '/api/organization/members/:id/resend',
      { config: team, schema: { params: memberIdParams, response: { 200: messageReplySchema, ...errors } } },
      async (request) => {
        await deps.limits.hit(INVITES_PER_ORGANIZATION, `user:${request.user!.id}`);
        return resendInvitation(deps, teamActor(request.user!), request.params.id);
      },
    );
    app.post(
      '/api/organization/members/:id/hand-over',
      { config: team, schema: { params: memberIdParams, response: { 200: messageReplySchema, ...errors } } },
      async (request) => handOverOwnership(deps, teamActor(request.user!), request.params.id),
    );

    app.post(
      '/api/organization/members/leave',
      {
        // The person's own act: open to every member but the organization's own account and the last owner.
        config: { access: ['organization', 'caseworker'], organizationAct: 'self' },
        schema: { response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => leaveTeam(deps, request.user!.personId),
    );
    app.get(
      '/api/organization/members/invitations/:token',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ token: memberTokenSchema }),
          response: { 200: memberInvitationSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITE_LOOKUPS, `ip:${request.ip}`);
        return reply.headers(noStore).send(await invitationByToken(db, request.params.token));
      },
    );
    app.post(
      '/api/organization/members/accept',
      {
        config: { access: 'public' },
        schema: { body: acceptMemberSchema, response: { 200: signInReplySchema, ...errors } },
      },
      async (request, reply) => {
        await deps.limits.hit(INVITE_LOOKUPS, `ip:${request.ip}`);
        const { token, ...details } = request.body;
        const { userId } = await acceptInvitation(deps, token, details);
        const finish = finishSignIn(
          { db, jobs, sessionDays: config.sessionDays, baseUrl: publicBaseUrl(config, request.server.server) },
          { userAgent: request.headers['user-agent'], ip: request.ip },
        );
        return reply.headers(noStore).send(await finish(userId));
      },
    );
  };
}
