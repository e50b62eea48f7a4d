import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { FUNDRAISER_NOT_FOUND } from '@contract/fundraisers';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { clientKey, type Rule } from '../../http/rate-limit';
import { pictureForDrawing } from './campaign-photo';
import { campaignPreviewHash, campaignPreviewPath, SITE_PREVIEW_HASH, SITE_PREVIEW_PATH } from './preview-address';
import type { RenderedCopies } from './rendered-copies';
import { drawCampaignPreview, drawFundraiserPreview, drawSitePreview, PICTURE_BOX } from './preview-image';
import { fundraiserPreviewOf } from './fundraiser-preview';
import { previewPictureOf } from './preview-picture';
import { shareFactsOf } from './share-facts';

const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
const ADDRESS_PART = 'This preview address is not valid.';

const campaignParams = z.object({
  id: z.string().max(24, ADDRESS_PART),
  hash: z.string().max(64, ADDRESS_PART),
});
const fundraiserParams = z.object({
  slug: z.string().trim().toLowerCase().min(1).max(80, FUNDRAISER_NOT_FOUND),
  hash: z.string().max(64, ADDRESS_PART),
});
const siteParams = z.object({ hash: z.string().max(64, ADDRESS_PART) });
const png = z.unknown().describe('A 1200×630 PNG image.');
const moved = z.unknown().describe('The current image, at its address in Location.');
const replies = { 200: png, 302: moved, ...errorReplies(400, 404, 429, 503) };

// Crawlers share addresses (a chat service fetches every card its users are sent from a few), so
// the limit is generous: it stops a flood of made-up addresses, not a busy group chat.
const PREVIEW_LIMIT: Rule = {
  name: 'preview-addr',
  max: 600,
  windowSeconds: 600,
  message: 'Too many preview images were asked for from your connection. Please wait a few minutes and try again.',
};

/**
 * An address names its image for good (the hash is of what it shows): keep it a year. One drawn
 * without a picture that failed to read is not the image its address names: it is not kept anywhere.
 */
const sendPng = (reply: FastifyReply, image: { file: Buffer; lasting: boolean }) =>
  reply
    .type('image/png')
    .header('cache-control', image.lasting ? 'public, max-age=31536000, immutable' : 'no-store')
    .send(image.file);

/**
 * An old hash (the figures have moved since the link was shared) or a made-up one: the current
 * image, kept a minute only, since the next gift moves it again.
 */
const sendToCurrent = (reply: FastifyReply, path: string) =>
  reply.header('cache-control', 'public, max-age=60').redirect(path, 302);

/**
 * The link-preview images (decision 0030): each campaign's, at an address with a hash of what it
 * shows, and the site's for every other public page. Drawn on first request and kept in `copies`,
 * shared with the codes and posters (routes.ts).
 */
export function previewRoutes(deps: AppDeps, copies: RenderedCopies): FastifyPluginAsyncZod {
  const { db, storage, limits } = deps;
  return async (app) => {
    app.get(
      '/api/campaigns/:id/preview/:hash.png',
      {
        config: { access: 'public' },
        schema: {
          description: "A campaign's link-preview image: its picture, title, progress and figures.",
          params: campaignParams,
          response: replies,
        },
      },
      async (request, reply) => {
        await limits.hit(PREVIEW_LIMIT, clientKey(request.ip));
        const facts = await shareFactsOf(db, storage, request.params.id);
        if (!facts) throw notFound(CAMPAIGN_NOT_FOUND);
        const hash = campaignPreviewHash(facts);
        if (request.params.hash !== hash || request.params.id !== facts.publicId) {
          return sendToCurrent(reply, campaignPreviewPath(facts, hash));
        }
        const image = await copies.get(`preview:${hash}`, async () => {
          const { picture, lasting } = await pictureForDrawing(
            () => previewPictureOf(storage, facts.imageKey, PICTURE_BOX),
            (error) =>
              request.log.warn(
                { err: error },
                'a campaign picture could not be read; its preview was drawn without it',
              ),
          );
          return { file: await drawCampaignPreview(facts, picture), lasting };
        });
        return sendPng(reply, image);
      },
    );

    app.get(
      '/api/fundraisers/:slug/preview/:hash.png',
      {
        config: { access: 'public' },
        schema: {
          description:
            "A supporter's fundraiser's link-preview image: its picture, title, campaign and progress toward its own goal.",
          params: fundraiserParams,
          response: replies,
        },
      },
      async (request, reply) => {
        await limits.hit(PREVIEW_LIMIT, clientKey(request.ip));
        const preview = await fundraiserPreviewOf(db, storage, request.params.slug);
        if (!preview) throw notFound(FUNDRAISER_NOT_FOUND);
        if (request.params.hash !== preview.hash || request.params.slug !== preview.found.slug) {
          return sendToCurrent(reply, preview.path);
        }
        const image = await copies.get(`preview:fundraiser:${preview.hash}`, async () => {
          const { picture, lasting } = await pictureForDrawing(
            () => previewPictureOf(storage, preview.image.pictureKey, PICTURE_BOX),
            (error) =>
              request.log.warn(
                { err: error },
                "a fundraiser's picture could not be read; its preview was drawn without it",
              ),
          );
          return { file: await drawFundraiserPreview(preview.image, picture), lasting };
        });
        return sendPng(reply, image);
      },
    );

    app.get(
      '/api/preview/site-:hash.png',
      {
        config: { access: 'public' },
        schema: {
          description: 'The link-preview image of the public pages that are not a campaign.',
          params: siteParams,
          response: replies,
        },
      },
      async (request, reply) => {
        await limits.hit(PREVIEW_LIMIT, clientKey(request.ip));
        if (request.params.hash !== SITE_PREVIEW_HASH) return sendToCurrent(reply, SITE_PREVIEW_PATH);
        return sendPng(reply, await copies.get(`preview:${SITE_PREVIEW_HASH}`, drawSitePreview));
      },
    );
  };
}
