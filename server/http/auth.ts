import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Access } from './access';
import { AppError } from './errors';
import type { AuthenticatedUser, ResolveSession } from './session-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for anonymous callers (and for invalid or expired tokens). */
    user: AuthenticatedUser | null;
  }
}

export const SIGNED_IN = ['recipient', 'donor', 'organization', 'admin'] as const;

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/.exec(header);
  return match?.[1];
}

/**
 * The one role check: before anything else runs, every route's declared `config.access` is
 * enforced. Anonymous callers of a non-public route get 401; signed-in users of another role 403.
 */
export function registerAuth(app: FastifyInstance, db: Db, resolveSession: ResolveSession): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const access = (request.routeOptions.config as { access?: Access } | undefined)?.access;
    const token = bearerToken(request.headers.authorization);
    request.user = token ? await resolveSession(db, token) : null;
    if (access === undefined || access === 'public') return;
    if (!request.user) {
      throw new AppError(
        'unauthorized',
        token ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    if (!access.includes(request.user.role)) {
      throw new AppError('forbidden', 'This is not available for your account.');
    }
  });
}
