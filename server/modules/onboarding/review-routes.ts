import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import { onboardingReplySchema } from '@contract/onboarding';
import {
  correctionRequestSchema,
  onboardingReviewSchema,
  organizationResubmitSchema,
  ownOnboardingReviewSchema,
  recipientResubmitSchema,
  reviewDecisionReplySchema,
  reviewIdParamSchema,
  reviewQueueQuerySchema,
  reviewQueueReplySchema,
} from '@contract/onboarding-review';
import type { AppDeps } from '../../deps';
import { decideOnboarding, onboardingReview, ownOnboardingReview, reviewQueue } from './onboarding-reviews';
import { resubmitOnboarding } from './submit-onboarding';

const errors = errorReplies(400, 401, 403, 404, 409);
const admin = { access: ['admin'] as const };
const noStore = { 'cache-control': 'private, no-store' };

const resubmitBodies = { recipient: recipientResubmitSchema, organization: organizationResubmitSchema };

/**
 * The onboarding review (admins review, product notes 6): the admins' queue, one version with its files, and the
 * two decisions; the owner's view of where their onboarding stands and the corrected version.
 */
export function onboardingReviewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const files = { db: deps.db, storage: deps.storage, signer: deps.signer };
  return async (app) => {
    app.get(
      '/api/admin/onboarding-reviews',
      {
        config: admin,
        schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueReplySchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await reviewQueue(deps.db, request.query)),
    );
    // Personal data with links that work for minutes: never stored by a cache.
    app.get(
      '/api/admin/onboarding-reviews/:id',
      { config: admin, schema: { params: reviewIdParamSchema, response: { 200: onboardingReviewSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await onboardingReview(files, request.params.id)),
    );
    app.post(
      '/api/admin/onboarding-reviews/:id/verify',
      {
        config: admin,
        schema: { params: reviewIdParamSchema, response: { 200: reviewDecisionReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await decideOnboarding(deps, request.user!, request.params.id, { kind: 'verify' })),
    );
    app.post(
      '/api/admin/onboarding-reviews/:id/request-correction',
      {
        config: admin,
        schema: {
          params: reviewIdParamSchema,
          body: correctionRequestSchema,
          response: { 200: reviewDecisionReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(
          await decideOnboarding(deps, request.user!, request.params.id, {
            kind: 'correction',
            reason: request.body.reason,
          }),
        ),
    );
    app.get(
      '/api/onboarding/review',
      {
        config: { access: ['recipient', 'organization'], organizationAct: 'readCampaigns' },
        schema: { response: { 200: ownOnboardingReviewSchema, ...errors } },
      },
      async (request, reply) => reply.headers(noStore).send(await ownOnboardingReview(deps.db, request.user!.id)),
    );
    for (const kind of ['recipient', 'organization'] as const) {
      app.post(
        `/api/onboarding/${kind}/resubmit`,
        {
          config: { access: [kind], organizationAct: 'manageProfile' },
          schema: { body: resubmitBodies[kind], response: { 200: onboardingReplySchema, ...errors } },
        },
        async (request) => resubmitOnboarding(deps, kind, request.user!.id, request.body),
      );
    }
  };
}
