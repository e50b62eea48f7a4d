import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { voiceCallFormSchema, voiceCallQuerySchema, voicePinReplySchema, voicePinSchema } from '@contract/voice';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { isCallbackKey } from '../../providers/voice/callback-key';
import { answerCall } from './answer-call';
import { setVoicePin } from './voice-pin';

const errors = errorReplies(400, 401, 403, 404, 415, 429);
const SELF_SERVICE = ['recipient', 'organization', 'donor', 'caseworker'] as const;
export const VOICE_CALLS_PATH = '/api/voice/calls';

/** The voice line's callback (docs/decisions/0067), and the voice PIN a person sets in settings (0068). */
export function voiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, voice } = deps;
  return async (app) => {
    app.put(
      '/api/account/voice-pin',
      {
        config: { access: SELF_SERVICE, organizationAct: 'self' },
        schema: { body: voicePinSchema, response: { 200: voicePinReplySchema, ...errors } },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await setVoicePin(db, request.user!.id, request.body.pin)),
    );

    // A scope of its own, so the provider's form bodies are parsed here and nowhere else.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
        VOICE_CALLS_PATH,
        {
          config: { access: 'public' },
          // The key is checked before anything else is read: without it the route does not exist.
          onRequest: async (request, reply) => {
            const key = (request.query as Record<string, unknown> | undefined)?.key;
            if (!isCallbackKey(key, voice.callbackKey))
              return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
          },
          schema: {
            description:
              "The voice provider's callback for each step of a call: its form fields in, the XML it reads back out. The address carries the callback key.",
            consumes: ['application/x-www-form-urlencoded'],
            querystring: voiceCallQuerySchema,
            body: voiceCallFormSchema,
            response: { 200: z.unknown().describe('What the line says and asks next (text/xml).'), ...errors },
          },
        },
        async (request, reply) => {
          const event = voice.line.readEvent(request.body);
          if (!event) throw new AppError('bad_request', 'A call needs its sessionId and callerNumber.');
          const next = await answerCall(deps, event);
          const callbackUrl = `${publicBaseUrl(deps.config, app.server)}${VOICE_CALLS_PATH}?key=${encodeURIComponent(voice.callbackKey)}`;
          const { contentType, body } = voice.line.render(next, callbackUrl);
          return reply.type(contentType).header('cache-control', 'no-store').send(Buffer.from(body));
        },
      );
    });
  };
}
