import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import {
  onboardingReplySchema,
  organizationOnboardingSchema,
  organizationProfileSchema,
  recipientOnboardingSchema,
  recipientProfileSchema,
} from '@contract/onboarding';
import type { AppDeps } from '../../deps';
import { organizationProfile, recipientProfile } from './profiles';
import { submitOrganizationOnboarding, submitRecipientOnboarding } from './submit-onboarding';

const errors = errorReplies(400, 401, 403, 404, 409);
const noStore = { 'cache-control': 'private, no-store' };

export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/onboarding/recipient/submit',
      {
        config: { access: ['recipient'] },
        schema: { body: recipientOnboardingSchema, response: { 200: onboardingReplySchema, ...errors } },
      },
      async (request) => submitRecipientOnboarding(deps, request.user!.id, request.body),
    );
    app.post(
      '/api/onboarding/organization/submit',
      {
        config: { access: ['organization'] },
        schema: { body: organizationOnboardingSchema, response: { 200: onboardingReplySchema, ...errors } },
      },
      async (request) => submitOrganizationOnboarding(deps, request.user!.id, request.body),
    );
    // Personal data with links that work for minutes: never stored by a cache.
    app.get(
      '/api/profile/recipient',
      { config: { access: ['recipient'] }, schema: { response: { 200: recipientProfileSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await recipientProfile(deps, request.user!.id)),
    );
    app.get(
      '/api/profile/organization',
      { config: { access: ['organization'] }, schema: { response: { 200: organizationProfileSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await organizationProfile(deps, request.user!.id)),
    );
  };
}
