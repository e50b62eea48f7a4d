import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { previewRoutes } from './preview-routes';
import { printRoutes } from './print-routes';
import { fundraiserQrRoutes } from './fundraiser-qr-routes';
import { createRenderedCopies } from './rendered-copies';

export const DRAWINGS_BUSY = 'Many images and posters are being drawn right now. Please try again in a few seconds.';

/**
 * Everything drawn to carry a campaign out: link-preview images (decision 0030), QR codes and
 * posters (decision 0033). They share one set of kept copies and one budget of drawings: at most two
 * run at once across all of them and sixteen wait, the rest are told to come back (503 with
 * Retry-After), so crawlers and printers together cannot take the processor from donors. 48 MB keeps
 * the previews of a few hundred campaigns (50 to 400 kB each) and their posters (50 to 200 kB).
 */
export function sharingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const copies = createRenderedCopies({
    maxBytes: 48 * 1024 * 1024,
    concurrency: 2,
    queue: 16,
    busyMessage: DRAWINGS_BUSY,
  });
  const previews = previewRoutes(deps, copies);
  const prints = printRoutes(deps, copies);
  const fundraiserQr = fundraiserQrRoutes(deps, copies);
  return async (app) => {
    await app.register(previews);
    await app.register(prints);
    await app.register(fundraiserQr);
  };
}
