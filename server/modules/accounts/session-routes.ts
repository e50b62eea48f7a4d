import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import { sessionIdParamsSchema, sessionListSchema, type SessionList } from '@contract/second-factor';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/all';
import type { AppDeps } from '../../deps';
import { SIGNED_IN } from '../../http/auth';
import { AppError } from '../../http/errors';
import { revokeOtherSessions } from './queries';
import { browserName } from './sign-in-client';

const errors = errorReplies(400, 401, 403, 404);

/** The person's signed-in sessions, newest use first; the one asking is marked current. */
async function listSessions(db: Db, userId: number, currentId: number): Promise<SessionList> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentId,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    userAgent: r.userAgent,
    browser: browserName(r.userAgent),
    networkPrefix: r.networkPrefix,
  }));
}

/** Your sessions (docs/decisions/0072): the list, and signing out one of them or every other one. */
export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/account/sessions',
      {
        config: { access: SIGNED_IN, organizationAct: 'self', allowWithoutSecondFactor: true },
        schema: { response: { 200: sessionListSchema, ...errors } },
      },
      async (request, reply) =>
        reply
          .headers({ 'cache-control': 'private, no-store' })
          .send(await listSessions(db, request.user!.id, request.user!.sessionId)),
    );

    app.delete(
      '/api/account/sessions/:id',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: { params: sessionIdParamsSchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        const rows = await db
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(eq(sessions.id, request.params.id), eq(sessions.userId, request.user!.id), isNull(sessions.revokedAt)),
          )
          .returning({ id: sessions.id });
        if (rows.length === 0) throw new AppError('not_found', 'That session is not signed in.');
        return {
          message:
            request.params.id === request.user!.sessionId ? 'You have signed out.' : 'That session is signed out.',
        };
      },
    );

    app.delete(
      '/api/account/sessions',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: { response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await revokeOtherSessions(db, request.user!.id, request.user!.sessionId);
        return { message: 'Every other session is signed out.' };
      },
    );
  };
}
