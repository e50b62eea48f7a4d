import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { presignReplySchema, presignRequestSchema } from '@contract/uploads';
import type { AppDeps } from '../../deps';
import type { Rule } from '../../http/rate-limit';
import { issueUpload } from './issue-upload';

const errors = errorReplies(400, 401, 403, 429);

/** Enough for a few tries at each file of a form; a script filling the disk stops here. */
const PRESIGN_PER_USER: Rule = {
  name: 'presign-user',
  max: 60,
  windowSeconds: 3600,
  message: 'Too many uploads started. Please wait a while and try again.',
};

export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/onboarding/generate-presigned-url',
      {
        config: {
          access: ['recipient', 'organization', 'caseworker', 'admin', 'donor'],
          organizationAct: 'manageCampaigns',
        },
        schema: { body: presignRequestSchema, response: { 200: presignReplySchema, ...errors } },
      },
      async (request) => {
        const user = request.user!;
        await deps.limits.hit(PRESIGN_PER_USER, `user:${user.id}`);
        return issueUpload(deps, user, request.body);
      },
    );
  };
}
