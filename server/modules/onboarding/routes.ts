import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '@contract/errors';
import {
  onboardingReplySchema,
  organizationOnboardingSchema,
  organizationProfileSchema,
  recipientOnboardingSchema,
  recipientPrivacyReplySchema,
  recipientPrivacySchema,
  recipientProfileSchema,
} from '@contract/onboarding';
import type { AppDeps } from '../../deps';
import { organizationProfile, recipientProfile } from './profiles';
import { submitOnboarding } from './submit-onboarding';
import { updateRecipientPrivacy } from './update-privacy';

const errors = errorReplies(400, 401, 403, 404, 409);
const noStore = { 'cache-control': 'private, no-store' };

/** Each kind's wizard answers and profile reply. */
const onboardingCalls = {
  recipient: { body: recipientOnboardingSchema, profile: recipientProfileSchema, readProfile: recipientProfile },
  organization: {
    body: organizationOnboardingSchema,
    profile: organizationProfileSchema,
    readProfile: organizationProfile,
  },
};

export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of ['recipient', 'organization'] as const) {
      const calls = onboardingCalls[kind];
      app.post(
        `/api/onboarding/${kind}/submit`,
        {
          config: { access: [kind], organizationAct: 'manageProfile' },
          schema: { body: calls.body, response: { 200: onboardingReplySchema, ...errors } },
        },
        async (request) => submitOnboarding(deps, kind, request.user!.id, request.body),
      );
      // Personal data with links that work for minutes: never stored by a cache.
      app.get(
        `/api/profile/${kind}`,
        {
          config: { access: [kind], organizationAct: 'readCampaigns' },
          schema: { response: { 200: calls.profile, ...errors } },
        },
        async (request, reply) => reply.headers(noStore).send(await calls.readProfile(deps, request.user!.id)),
      );
    }
    // Only the recipient themself changes how public pages name them; admins see the full name anyway.
    app.put(
      '/api/profile/recipient/privacy',
      {
        config: { access: ['recipient'] },
        schema: { body: recipientPrivacySchema, response: { 200: recipientPrivacyReplySchema, ...errors } },
      },
      async (request) => updateRecipientPrivacy(deps, request.user!.id, request.body),
    );
  };
}
