import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '@contract/errors';
import { fundraiserSlugParamSchema } from '@contract/fundraisers';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { readFundraiser } from '../fundraisers/read-fundraisers';
import { qrAddress, qrPng } from './qr-code';
import { copyKey, type RenderedCopies } from './rendered-copies';

export const FUNDRAISER_NO_QR = 'This fundraiser is not taking gifts, so it has no QR code.';

/**
 * A supporter's fundraiser's page as a QR code (decision 0081), drawn through the shared copies and
 * budget while it takes gifts, like a campaign's.
 */
export function fundraiserQrRoutes(deps: AppDeps, copies: RenderedCopies): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/fundraisers/:slug/qr.png',
      {
        config: { access: 'public' },
        schema: {
          description: "The fundraiser page's address as a QR code (PNG, for print), while it takes gifts.",
          params: fundraiserSlugParamSchema,
          response: { 200: z.unknown().describe('A PNG image (image/png).'), ...errorReplies(400, 404, 503) },
        },
      },
      async (request, reply) => {
        const found = await readFundraiser(deps, request.params.slug, null);
        if (!found.takesGifts) throw notFound(FUNDRAISER_NO_QR);
        const address = qrAddress(publicBaseUrl(deps.config, app.server), `/fundraisers/${found.slug}`);
        const png = await copies.get(`qr:${copyKey(address)}`, () => qrPng(address));
        return reply
          .type('image/png')
          .header('content-disposition', `inline; filename="fundraiser-${found.slug}-qr.png"`)
          .header('cache-control', png.lasting ? 'public, max-age=300' : 'no-store')
          .send(png.file);
      },
    );
  };
}
