import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newAdminSchema,
  rolesReplySchema,
  userActionReplySchema,
  userHistoryReplySchema,
  userIdParamSchema,
  usersQuerySchema,
  usersReplySchema,
} from '@contract/admin-users';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { createAdminUser, deleteUser, historyOf } from './admin-users';
import { adminRoles, listUsers } from './admin-users-queries';
import { resetSecondFactor } from './second-factor/reset-factor';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
/**
 * Adding admin accounts and deleting any account are the super admin's (docs/decisions/0024), and
 * each asks for a recent second-factor check (docs/decisions/0071).
 */
const superAdmin = { access: ['super_admin'] as const, stepUp: true };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * Manage Users (product notes 7): the list, admin roles, a new admin, deletion and one person's
 * history. Every admin reads; only a super admin adds or deletes.
 */
export function adminUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users/all',
      { config: admin, schema: { querystring: usersQuerySchema, response: { 200: usersReplySchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await listUsers(deps.db, request.query)),
    );
    app.get(
      '/api/admin/users/roles',
      { config: admin, schema: { response: { 200: rolesReplySchema, ...errors } } },
      async (_request, reply) => reply.headers(noStore).send(await adminRoles(deps.db)),
    );
    app.post(
      '/api/admin/users',
      { config: superAdmin, schema: { body: newAdminSchema, response: { 201: userActionReplySchema, ...errors } } },
      async (request, reply) => {
        const { message } = await createAdminUser(deps, request.user!, request.body);
        return reply.code(201).send({ message });
      },
    );
    app.delete(
      '/api/admin/users/:id',
      {
        config: superAdmin,
        schema: { params: userIdParamSchema, response: { 200: userActionReplySchema, ...errors } },
      },
      async (request) => deleteUser(deps, request.user!, request.params.id),
    );
    app.post(
      '/api/admin/users/:id/second-factor/reset',
      {
        config: superAdmin,
        schema: { params: userIdParamSchema, response: { 200: userActionReplySchema, ...errors } },
      },
      async (request) => resetSecondFactor(deps, request.user!, request.params.id),
    );
    app.get(
      '/api/admin/users/:id/history',
      { config: admin, schema: { params: userIdParamSchema, response: { 200: userHistoryReplySchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await historyOf(deps.db, request.params.id)),
    );
  };
}
