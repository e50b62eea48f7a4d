import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { shareFactsOf } from '../sharing/share-facts';
import { findCampaignOwner, recordUnsubscribe } from './queries';
import { readUnsubscribeLink, UNSUBSCRIBE_PATH } from './unsubscribe-link';
import { unsubscribePage } from './unsubscribe-page';

const BROKEN = [
  'This link is not complete or has been changed, so it cannot stop any mail.',
  'Open the link from the mail again, or copy all of it into the address bar.',
];

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);

/**
 * The page an update mail's unsubscribe link opens, without signing in (the signed link is the
 * proof). Opening it only asks; the button (a POST) stops the mail, so a mail scanner that follows
 * links unsubscribes nobody. Mail programs' one-click unsubscribe (RFC 8058) posts to the same
 * address. Not under /api: a page for people, left out of the API description.
 */
export function unsubscribeRoutes(deps: Pick<AppDeps, 'db' | 'storage' | 'signer'>): FastifyPluginAsync {
  const { db, storage, signer } = deps;
  return async (app) => {
    // One-click unsubscribe posts a form body that says nothing the signed address does not.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
    const titleOf = async (campaignId: string) =>
      (await shareFactsOf(db, storage, campaignId))?.title ?? 'this campaign';

    app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const link = readUnsubscribeLink(signer, request.query as Record<string, unknown>);
      if ('refused' in link)
        return page(reply, 400, unsubscribePage({ title: 'This link does not work', sentences: BROKEN }));
      const query = request.url.slice(request.url.indexOf('?'));
      return page(
        reply,
        200,
        unsubscribePage({
          title: 'Stop update mails',
          sentences: [
            `Press the button to stop mails to ${link.email} about updates on ${await titleOf(link.campaignId)}.`,
            'You will still get receipts for your gifts and updates about other campaigns you gave to.',
          ],
          action: { to: `${UNSUBSCRIBE_PATH}${query}`, label: 'Stop update mails' },
        }),
      );
    });

    app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const link = readUnsubscribeLink(signer, request.query as Record<string, unknown>);
      if ('refused' in link)
        return page(reply, 400, unsubscribePage({ title: 'This link does not work', sentences: BROKEN }));
      if (await findCampaignOwner(db, link.campaign)) await recordUnsubscribe(db, link.email, link.campaign);
      return page(
        reply,
        200,
        unsubscribePage({
          title: 'Update mails stopped',
          sentences: [`${link.email} will get no more mails about updates on ${await titleOf(link.campaignId)}.`],
        }),
      );
    });
  };
}
