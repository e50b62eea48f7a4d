import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneChangeSchema, phoneConfirmSchema, preferencesSchema } from '@contract/account-preferences';
import { messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import { NOTIFY_BY } from '@contract/sms';
import type { AppDeps } from '../../deps';
import { publicBaseUrl } from '../../http/public-url';
import { JOB } from '../../jobs/names';
import { confirmPhoneChange } from './confirm-phone-change';
import { readPreferences, savePreferences } from './preferences';
import { requestPhoneChange } from './request-phone-change';
import { LIMITS } from './routes';
import { countSmsCode } from './sms-code-limits';

const errors = errorReplies(400, 401, 403, 404, 429);
const PEOPLE_TOLD = ['recipient', 'organization'] as const;

const preferencesReply = z.object({ notifyBy: z.enum(NOTIFY_BY), phoneNumber: z.string().nullable() });
const savedReply = z.object({ message: z.string(), notifyBy: z.enum(NOTIFY_BY) });
const confirmedReply = z.object({ message: z.string(), phoneNumber: z.string() });

/** How a recipient or organization is told of changes, and the phone number that SMS goes to. */
export function preferenceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, jobs, limits } = deps;
  return async (app) => {
    app.get(
      '/api/account/preferences',
      {
        config: { access: PEOPLE_TOLD, organizationAct: 'self' },
        schema: { response: { 200: preferencesReply, ...errors } },
      },
      async (request) => readPreferences(db, request.user!.id),
    );

    app.patch(
      '/api/account/preferences',
      {
        config: { access: PEOPLE_TOLD, organizationAct: 'self' },
        schema: { body: preferencesSchema, response: { 200: savedReply, ...errors } },
      },
      async (request) => savePreferences(db, request.user!.id, request.body.notifyBy),
    );

    app.post(
      '/api/account/phone',
      {
        config: { access: PEOPLE_TOLD, organizationAct: 'self' },
        schema: { body: phoneChangeSchema, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.phoneCodePerAccount, String(request.user!.id));
        const { phoneNumber } = request.body;
        const reply = await requestPhoneChange({ db, jobs }, request.user!.id, phoneNumber, () =>
          countSmsCode(limits, phoneNumber, request.ip),
        );
        jobs.wake(JOB.phoneCode);
        return reply;
      },
    );

    app.post(
      '/api/account/phone/confirm',
      {
        config: { access: PEOPLE_TOLD, organizationAct: 'self' },
        schema: { body: phoneConfirmSchema, response: { 200: confirmedReply, ...errors } },
      },
      async (request) => {
        await limits.hit(LIMITS.phoneConfirmPerAccount, String(request.user!.id));
        return confirmPhoneChange({ db, jobs, baseUrl: publicBaseUrl(deps.config) }, request.user!, request.body.code);
      },
    );
  };
}
