import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignIdParamSchema, toCampaignId, type CampaignRef } from '@contract/ids';
import { errorReplies } from '@contract/errors';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { clientKey, type Rule } from '../../http/rate-limit';
import { pictureForDrawing, printablePhoto } from './campaign-photo';
import { renderPoster } from './poster';
import { qrAddress, qrPng, qrSvg } from './qr-code';
import { copyKey, type Drawn, type RenderedCopies } from './rendered-copies';
import { shareFactsOf, type ShareFacts } from './share-facts';

const errors = errorReplies(400, 404, 429, 503);

const binary = (what: string) => z.unknown().describe(what);

const NOT_FOUND = 'Campaign not found.';
const closedFor = (thing: string) => `This campaign is not open for gifts, so it has no ${thing}.`;

// A school printing flyers shares one address with its whole staff, and mobile carriers share
// theirs with thousands: the limit stops a flood, not a busy office.
const PRINT_LIMIT: Rule = {
  name: 'print-addr',
  max: 120,
  windowSeconds: 600,
  message: 'Too many codes and posters were asked for from your connection. Please wait a few minutes and try again.',
};

/**
 * The QR code and the printable poster of an open campaign, drawn through `copies`, shared with the
 * preview images (routes.ts). Progress changes with every gift, so replies are cached for minutes,
 * not days.
 */
export function printRoutes(deps: AppDeps, copies: RenderedCopies): FastifyPluginAsyncZod {
  const { db, storage, limits, config } = deps;

  async function openCampaign(ref: CampaignRef, ip: string, thing: string): Promise<ShareFacts> {
    await limits.hit(PRINT_LIMIT, clientKey(ip));
    const facts = await shareFactsOf(db, storage, toCampaignId(ref));
    if (!facts) throw notFound(NOT_FOUND);
    if (!facts.takesGifts) throw new AppError('not_found', closedFor(thing)).withCode('campaign_not_open');
    return facts;
  }

  /** A file drawn without a picture that failed to read is sent once and kept nowhere. */
  const send = (reply: FastifyReply, type: string, fileName: string, body: Drawn) =>
    reply
      .type(type)
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('cache-control', body.lasting ? 'public, max-age=300' : 'no-store')
      .send(body.file);

  return async (app) => {
    const base = () => publicBaseUrl(config, app.server);
    app.get(
      '/api/campaigns/:id/qr.svg',
      {
        config: { access: 'public' },
        schema: {
          description: "The campaign page's address as a QR code (SVG), for open campaigns.",
          params: campaignIdParamSchema,
          response: { 200: binary('An SVG image (image/svg+xml).'), ...errors },
        },
      },
      async (request, reply) => {
        const facts = await openCampaign(request.params.id, request.ip, 'QR code');
        const svg = qrSvg(qrAddress(base(), facts.path), `QR code for ${facts.title}`);
        const file = Buffer.from(svg);
        return send(reply, 'image/svg+xml; charset=utf-8', `campaign-${facts.publicId}-qr.svg`, {
          file,
          lasting: true,
        });
      },
    );

    app.get(
      '/api/campaigns/:id/qr.png',
      {
        config: { access: 'public' },
        schema: {
          description: "The campaign page's address as a QR code (PNG, for print), for open campaigns.",
          params: campaignIdParamSchema,
          response: { 200: binary('A PNG image (image/png).'), ...errors },
        },
      },
      async (request, reply) => {
        const facts = await openCampaign(request.params.id, request.ip, 'QR code');
        const address = qrAddress(base(), facts.path);
        const png = await copies.get(`qr:${copyKey(address)}`, () => qrPng(address));
        return send(reply, 'image/png', `campaign-${facts.publicId}-qr.png`, png);
      },
    );

    app.get(
      '/api/campaigns/:id/poster.pdf',
      {
        config: { access: 'public' },
        schema: {
          description: 'A printable A4 poster of an open campaign, as a tagged PDF.',
          params: campaignIdParamSchema,
          response: { 200: binary('A PDF document (application/pdf).'), ...errors },
        },
      },
      async (request, reply) => {
        const facts = await openCampaign(request.params.id, request.ip, 'poster');
        const baseUrl = base();
        const pdf = await copies.get(`poster:${copyKey({ facts, baseUrl })}`, async () => {
          const { picture, lasting } = await pictureForDrawing(
            () => printablePhoto(storage, facts.imageKey),
            (error) =>
              request.log.warn({ err: error }, 'a campaign picture could not be read; its poster was made without it'),
          );
          return { file: await renderPoster({ facts, baseUrl, photo: picture }), lasting };
        });
        return send(reply, 'application/pdf', `campaign-${facts.publicId}-poster.pdf`, pdf);
      },
    );
  };
}
