import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import { CLOSING_IS_FOR_OWNERS } from '@contract/organization-team';
import {
  accountExportSchema,
  guestExportSchema,
  PRIVACY_REQUEST_REPLY,
  privacyRequestSchema,
  privacyTokenSchema,
} from '@contract/privacy';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { SIGNED_IN } from '../../http/auth';
import { clientKey, type Rule } from '../../http/rate-limit';
import { auditExport, exportAccount } from './account-export';
import { confirmAccountErasure, requestAccountErasure, requestOrganizationClosure } from './account-erasure';
import { eraseGuestGifts, exportGuestGifts, requestGuestLink } from './guest-requests';

const CAPTCHA_FAILED = 'CAPTCHA verification failed. Please try again.';
const errors = errorReplies(400, 401, 403, 404, 409, 429);
const noStore = { 'cache-control': 'private, no-store' };

const rule = (name: string, max: number, windowSeconds: number, message?: string): Rule => ({
  name,
  max,
  windowSeconds,
  message,
});
const LIMITS = {
  // Each export reads everything a person has: plenty for a person, few for a script.
  exportPerAccount: rule(
    'privacy-export-user',
    10,
    600,
    'Too many downloads. Please wait a few minutes and try again.',
  ),
  erasurePerAccount: rule('privacy-erasure-user', 5, 3600, 'Too many requests. Please wait an hour and try again.'),
  // Links are long random tokens; guessing one stops here.
  linkPerAddress: rule(
    'privacy-link-addr',
    30,
    600,
    'Too many tries. Please wait a few minutes and open the link again.',
  ),
  // Per address and per inbox, so nobody floods someone's mail with links.
  requestPerAddress: rule('privacy-request-addr', 10, 900),
  requestPerEmail: rule('privacy-request-email', 5, 3600),
};

/** A JSON archive sent as a file to keep, never stored on the way. */
function download(reply: FastifyReply, name: string) {
  return reply.headers({ ...noStore, 'content-disposition': `attachment; filename="${name}"` });
}
const today = () => new Date().toISOString().slice(0, 10);

/**
 * People's rights over their data (docs/decisions/0054): a signed-in person downloads what is held
 * about them or erases their account through a mailed link; a guest donor does either for the gifts
 * given with their address.
 */
export function privacyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, limits, humanCheck } = deps;
  return async (app) => {
    app.get(
      '/api/account/export',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: {
          description: 'Everything held about the signed-in person, as a JSON file to download.',
          response: { 200: accountExportSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        await limits.hit(LIMITS.exportPerAccount, `user:${userId}`);
        const archive = await exportAccount(deps, userId);
        await auditExport(deps, userId);
        return download(reply, `gift-of-independence-my-data-${today()}.json`).send(archive);
      },
    );

    app.post(
      '/api/account/erasure',
      {
        config: { access: SIGNED_IN, organizationAct: 'self' },
        schema: {
          description: 'Mails the signed-in person a one-time link that erases their account when opened.',
          response: { 202: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        // An organization's own account is the organization: erasing it closes the organization,
        // which only an owner may do (docs/decisions/0075).
        const membership = request.user!.membership;
        if (membership && membership.organizationId === request.user!.personId && membership.role !== 'owner')
          throw new AppError('forbidden', CLOSING_IS_FOR_OWNERS).withCode('role_not_allowed');
        await limits.hit(LIMITS.erasurePerAccount, `user:${request.user!.id}`);
        return reply
          .status(202)
          .headers(noStore)
          .send(await requestAccountErasure(deps, request.user!.id));
      },
    );

    app.post(
      '/api/organization/closure',
      {
        config: { access: ['organization'], organizationAct: 'closeOrganization' },
        schema: {
          description:
            'Sends the owner a one-time link that closes the organization (erases its own account) when opened.',
          response: { 202: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.erasurePerAccount, `user:${request.user!.personId}`);
        return reply
          .status(202)
          .headers(noStore)
          .send(await requestOrganizationClosure(deps, request.user!.id, request.user!.personId));
      },
    );

    app.post(
      '/api/account/erasure/confirm',
      {
        // The link may be opened in a browser that is not signed in: the token proves the inbox.
        config: { access: 'public' },
        schema: {
          description: 'Erases the account the mailed link was made for; a signed-in caller only their own.',
          body: privacyTokenSchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.linkPerAddress, clientKey(request.ip));
        const done = await confirmAccountErasure(deps, request.body.token, request.user);
        return reply.headers(noStore).send(done);
      },
    );

    app.post(
      '/api/privacy/requests',
      {
        config: { access: 'public' },
        schema: {
          description:
            'A guest donor asks to download or erase the gifts given with an address; the same reply whether or not it gave.',
          body: privacyRequestSchema,
          response: { 202: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const { email, kind, turnstileToken } = request.body;
        await limits.hit(LIMITS.requestPerAddress, clientKey(request.ip));
        if (!(await humanCheck.verify(turnstileToken, request.ip))) throw new AppError('bad_request', CAPTCHA_FAILED);
        await limits.hit(LIMITS.requestPerEmail, email);
        await requestGuestLink(deps, { email, kind });
        return reply.status(202).headers(noStore).send({ message: PRIVACY_REQUEST_REPLY });
      },
    );

    app.post(
      '/api/privacy/requests/export',
      {
        config: { access: 'public' },
        schema: {
          description: "The guest export link, opened: that address's guest gifts as a JSON file, once.",
          body: privacyTokenSchema,
          response: { 200: guestExportSchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.linkPerAddress, clientKey(request.ip));
        const archive = await exportGuestGifts(deps, request.body.token);
        return download(reply, `gift-of-independence-guest-gifts-${today()}.json`).send(archive);
      },
    );

    app.post(
      '/api/privacy/requests/erase',
      {
        config: { access: 'public' },
        schema: {
          description: "The guest erase link, opened: the name and address leave that address's guest gifts.",
          body: privacyTokenSchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.linkPerAddress, clientKey(request.ip));
        return reply
          .headers(noStore)
          .send(await eraseGuestGifts({ db, publicCache: deps.publicCache }, request.body.token));
      },
    );
  };
}
