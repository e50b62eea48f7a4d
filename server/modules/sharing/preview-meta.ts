import { documentTitle, SITE_NAME } from '@contract/site';
import { matchLine } from '@contract/match-words';
import { cutAtWord } from '@contract/text';
import type { PageMeta } from '../../http/page-html';
import type { Db } from '../../db/client';
import type { Storage } from '../../providers/storage/storage';
import { campaignPreviewPath, SITE_PREVIEW_PATH } from './preview-address';
import { fundraiserPreviewAltOf, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewAltOf, SITE_PREVIEW_ALT } from './preview-image';
import { PREVIEW_PAGES } from './preview-pages';
import { shareFactsOf } from './share-facts';
import { fundraiserPreviewOf } from './fundraiser-preview';

/** Open Graph's advice for a description: a sentence or two; chats cut longer ones themselves. */
export const DESCRIPTION_LIMIT = 200;

function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The link-preview facts of the page an address opens (`urlPath`, without its query), from the
 * address alone: a campaign's page (while the campaign is public) and the public pages in
 * PREVIEW_PAGES. Every other address, a campaign that is not public included, has none.
 * `baseUrl` is the public address (http/public-url.ts), never one a request named.
 */
export function previewMetaFor(deps: { db: Db; storage: Storage; baseUrl: () => string }) {
  return async (urlPath: string): Promise<PageMeta | null> => {
    const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const base = deps.baseUrl();
    const campaign = /^\/campaigns\/([^/]+)$/.exec(path);
    if (campaign) {
      const id = decodedOrNull(campaign[1]!);
      const facts = id === null ? undefined : await shareFactsOf(deps.db, deps.storage, id);
      if (!facts) return null;
      return {
        title: facts.title,
        documentTitle: documentTitle(facts.title),
        // An open match leads: it is what a chat's reader can act on before it closes.
        description: cutAtWord(
          facts.match ? `${matchLine(facts.match)}. ${facts.reason}` : facts.reason,
          DESCRIPTION_LIMIT,
        ),
        canonicalUrl: base + facts.path,
        type: 'article',
        siteName: SITE_NAME,
        image: {
          url: base + campaignPreviewPath(facts),
          type: 'image/png',
          width: PREVIEW_WIDTH,
          height: PREVIEW_HEIGHT,
          alt: previewAltOf(facts),
        },
      };
    }
    const fundraiser = /^\/fundraisers\/([^/]+)$/.exec(path);
    if (fundraiser) {
      // A supporter's fundraiser (decision 0081): its own words and its own preview image.
      const slug = decodedOrNull(fundraiser[1]!);
      const preview = slug === null ? undefined : await fundraiserPreviewOf(deps.db, deps.storage, slug);
      // As before, no card while its campaign is not public.
      if (!preview?.campaign) return null;
      const { found } = preview;
      return {
        title: found.title,
        documentTitle: documentTitle(found.title),
        description: cutAtWord(found.story, DESCRIPTION_LIMIT),
        canonicalUrl: `${base}/fundraisers/${found.slug}`,
        type: 'article',
        siteName: SITE_NAME,
        image: {
          url: base + preview.path,
          type: 'image/png',
          width: PREVIEW_WIDTH,
          height: PREVIEW_HEIGHT,
          alt: fundraiserPreviewAltOf(preview.image),
        },
      };
    }
    const page = Object.hasOwn(PREVIEW_PAGES, path) ? PREVIEW_PAGES[path] : undefined;
    if (!page) return null;
    return {
      title: page.title,
      documentTitle: documentTitle(page.title),
      description: cutAtWord(page.description, DESCRIPTION_LIMIT),
      canonicalUrl: path === '/' ? `${base}/` : base + path,
      type: 'website',
      siteName: SITE_NAME,
      image: {
        url: base + SITE_PREVIEW_PATH,
        type: 'image/png',
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        alt: SITE_PREVIEW_ALT,
      },
    };
  };
}
