import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { isSuperAdmin, PASSWORD_CHANGE_REQUIRED, SUPER_ADMIN_ONLY } from '@contract/roles';
import { mustSetUpSecondFactor, SECOND_FACTOR_REQUIRED, STEP_UP_REQUIRED } from '@contract/second-factor';
import { mayAct, NOT_A_MEMBER, ROLE_NOT_ALLOWED, type OrganizationAct } from '@contract/organization-team';
import type { Access } from './access';
import { AppError } from './errors';
import type { AuthenticatedUser, ResolveSession } from './session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous callers (and for invalid or expired tokens). */
    user: AuthenticatedUser | null;
  }
}

export const SIGNED_IN = ['recipient', 'donor', 'organization', 'caseworker', 'admin'] as const;

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/.exec(header);
  return match?.[1];
}

/** Whether a signed-in user holds one of the declared roles; a super admin holds 'admin' as well. */
export function mayCall(access: Exclude<Access, 'public'>, user: AuthenticatedUser): boolean {
  return access.includes(user.role) || (access.includes('super_admin') && isSuperAdmin(user.roleName));
}

/**
 * Refuses an act that moves money or power unless the session passed a second-factor check within
 * the last few minutes (docs/decisions/0071); the web app then asks for one and repeats the act.
 */
export function requireRecentSecondFactor(user: AuthenticatedUser): void {
  if (!user.secondFactorFresh) throw new AppError('forbidden', STEP_UP_REQUIRED).withCode('step_up_required');
}

/**
 * The one role check: before anything else runs, every route's declared `config.access` is
 * enforced. Anonymous callers of a non-public route get 401; signed-in users of another role 403,
 * and so does a session that must first replace its temporary password, on every route not
 * declared `allowWhilePasswordMustChange`, an admin with no second factor on every route not declared
 * `allowWithoutSecondFactor` (docs/decisions/0070), and a session without a recent second-factor
 * check on a route declared `stepUp` (docs/decisions/0071).
 */
export function registerAuth(app: FastifyInstance, db: Db, resolveSession: ResolveSession): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as
      | {
          access?: Access;
          allowWhilePasswordMustChange?: boolean;
          allowWithoutSecondFactor?: boolean;
          stepUp?: boolean;
          organizationAct?: OrganizationAct;
        }
      | undefined;
    const access = config?.access;
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await resolveSession(db, token) : null;
    if (access === undefined || access === 'public') return;
    if (!request.user) {
      throw new AppError(
        'unauthorized',
        token ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    if (!mayCall(access, request.user)) {
      if (request.user.role === 'admin' && access.includes('super_admin'))
        throw new AppError('forbidden', SUPER_ADMIN_ONLY).withCode('super_admin_required');
      throw new AppError('forbidden', 'This is not available for your account.');
    }
    if (request.user.mustChangePassword && !config?.allowWhilePasswordMustChange) {
      throw new AppError('forbidden', PASSWORD_CHANGE_REQUIRED).withCode('password_change_required');
    }
    const user = { role: request.user.role, hasSecondFactor: request.user.hasSecondFactor };
    if (mustSetUpSecondFactor(user) && !config?.allowWithoutSecondFactor && !config?.allowWhilePasswordMustChange) {
      throw new AppError('forbidden', SECOND_FACTOR_REQUIRED).withCode('second_factor_required');
    }
    if (config?.stepUp) requireRecentSecondFactor(request.user);
    if (request.user.role === 'organization')
      request.user = actingForOrganization(request.user, config?.organizationAct);
  });
}

/**
 * An organization member on an organization route: their role must allow the route's act, and the
 * route then acts on the organization's account (docs/decisions/0075). `self` routes are the
 * person's own, and stay open to a former member, who may still sign in to their account.
 */
export function actingForOrganization(user: AuthenticatedUser, act: OrganizationAct | undefined): AuthenticatedUser {
  if (act === undefined || act === 'self') return user;
  const membership = user.membership;
  if (!membership) throw new AppError('forbidden', NOT_A_MEMBER).withCode('not_a_member');
  if (!mayAct(membership.role, act)) throw new AppError('forbidden', ROLE_NOT_ALLOWED).withCode('role_not_allowed');
  return { ...user, id: membership.organizationId };
}
