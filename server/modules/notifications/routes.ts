import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { SIGNED_IN } from '../../http/auth';
import { listNotifications, markAllRead } from './queries';

const errors = errorReplies(401, 403);

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: { response: { 200: z.array(notificationSchema), ...errors } },
      },
      async (request) => listNotifications(db, request.user!.id),
    );
    app.post(
      '/api/notifications/read',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: { response: { 200: z.object({ updated: z.number().int() }), ...errors } },
      },
      async (request) => ({ updated: await markAllRead(db, request.user!.id) }),
    );
  };
}
