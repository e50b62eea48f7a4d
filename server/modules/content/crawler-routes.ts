import type { ReplicaReads } from '../../db/replica-reads';
import { onThePrimary } from '../../http/read-after';
import type { FastifyPluginAsync } from 'fastify';
import { toCampaignId } from '@contract/ids';
import { PUBLIC_PAGES } from '@contract/public-pages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicBaseUrl } from '../../http/public-url';
import { listPublicCampaignRefs } from '../campaigns/queries';

// One sitemap file holds at most 50,000 addresses; the static pages take a few of them.
const CAMPAIGNS_PER_KIND = 24_000;

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

export async function buildSitemap(db: Db, baseUrl: string): Promise<string> {
  const campaigns = await listPublicCampaignRefs(db, CAMPAIGNS_PER_KIND);
  const entries = [
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${xmlText(baseUrl + path)}</loc></url>`),
    ...campaigns.map(
      (c) =>
        `  <url><loc>${xmlText(`${baseUrl}/campaigns/${toCampaignId(c)}`)}</loc><lastmod>${c.updatedAt}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * /robots.txt and /sitemap.xml for search engines. Addresses are absolute, made from PUBLIC_URL or
 * the address this server listens on, never from the request's Host header (which the caller writes).
 * Not under /api, so they are left out of the API description and need no access rule.
 */
export function crawlerRoutes(deps: { db: Db; config: Config; replica?: ReplicaReads }): FastifyPluginAsync {
  const { db, config } = deps;
  // The sitemap is a public read: the replica's while it keeps up (decision 0083).
  const publicRead = deps.replica?.run ?? onThePrimary;
  return async (app) => {
    const base = () => publicBaseUrl(config, app.server);
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(base())),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send((await publicRead(undefined, () => buildSitemap(db, base()))).value),
    );
  };
}
