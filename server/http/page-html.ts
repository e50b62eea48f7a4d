import fs from 'node:fs';
import path from 'node:path';

/**
 * The lazily loaded page module behind each address, as `web/app/router.tsx` maps them (source
 * paths under web/, the keys of the build's page-chunks.json). Only pages a visitor can land on from outside are
 * listed; `page-html.test.ts` checks every entry is a page the router loads. An address that
 * matches none gets the plain index.html.
 */
export const PAGE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/campaigns\/?$/, 'features/campaigns/campaigns-page.tsx'],
  [/^\/campaigns\/[^/]+\/?$/, 'features/campaigns/campaign-detail-page.tsx'],
  [/^\/search\/?$/, 'features/campaigns/search-page.tsx'],
  [/^\/about\/?$/, 'features/content/about-page.tsx'],
  [/^\/how-it-works\/?$/, 'features/content/how-it-works-page.tsx'],
  [/^\/help\/?$/, 'features/content/help-page.tsx'],
  [/^\/supported-states\/?$/, 'features/content/supported-states-page.tsx'],
  [/^\/transparency\/?$/, 'features/content/transparency-page.tsx'],
  [/^\/fund\/?$/, 'features/content/fund-page.tsx'],
  [/^\/fundraisers\/[^/]+\/?$/, 'features/fundraisers/fundraiser-page.tsx'],
  [/^\/organizations\/?$/, 'features/content/organizations-page.tsx'],
  [/^\/terms-of-service\/?$/, 'features/content/terms-page.tsx'],
  [/^\/privacy-policy\/?$/, 'features/content/privacy-page.tsx'],
  [/^\/receipts\/?$/, 'features/giving/receipts-page.tsx'],
  [/^\/cart\/?$/, 'features/giving/gift-bag-page.tsx'],
  [/^\/checkout\/?$/, 'features/giving/checkout-page.tsx'],
  [/^\/donate\/[^/]+\/?$/, 'features/giving/donate-page.tsx'],
  [/^\/forgot-password\/?$/, 'features/accounts/forgot-password-page.tsx'],
  [/^\/reset-password\/[^/]+\/?$/, 'features/accounts/reset-password-page.tsx'],
  [/^\/login\/?$/, 'features/accounts/login-page.tsx'],
];

/**
 * Pages whose content follows their query (the search page's results): drawn only at their bare
 * address, since the server draws from the path alone and the browser's first render of the page
 * with a query would differ from that drawing. With a query, the browser draws them.
 */
const QUERY_PAGES: readonly RegExp[] = [/^\/search\/?$/];
export const followsQuery = (urlPath: string) => QUERY_PAGES.some((pattern) => pattern.test(urlPath));

/**
 * Public pages drawn as light pages (decisions 0058 and 0063): with their islands' entry (the
 * build's entries.json) in place of the app's, which they bring only when a click needs it. Every
 * page the server draws is one.
 */
const LIGHT_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/campaigns(?:\/[^/]+)?\/?$/,
  /^\/search\/?$/,
  /^\/login\/?$/,
  /^\/(?:about|how-it-works|help|supported-states|organizations|terms-of-service|privacy-policy)\/?$/,
  /^\/transparency\/?$/,
  /^\/fund\/?$/,
  /^\/fundraisers\/[^/]+\/?$/,
  /^\/receipts\/?$/,
];
export const isLightPage = (urlPath: string) => LIGHT_PAGES.some((pattern) => pattern.test(urlPath));

/** The app's entry script, as index.html carries it. */
const APP_SCRIPT = /<script type="module"[^>]*><\/script>\s*/;

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What the page an address opens will fetch first, found from the address alone (no session). */
/**
 * An image to fetch early: one address, or (`srcset`, `sizes`) the WebP sizes the page's
 * `<picture>` offers, so the browser fetches the same size the page then uses (`href` is for a
 * browser that cannot read `imagesrcset`; one that cannot read WebP skips the hint by its `type`).
 */
export type PreloadImage = { href: string; srcset?: string; sizes?: string };
export type PagePreloads = (urlPath: string) => Promise<{ images: PreloadImage[]; data: string[] }>;
/** The server's drawing of a public page (server/http/page-render.ts): its markup and the data it was drawn with. */
export type PageRender = (
  urlPath: string,
) => Promise<{ title: string; html: string; state: unknown; complete?: boolean } | null>;

/**
 * What a link to a public page says about it where it is shared (a chat, a social network, a search
 * result): found from the address alone, so a page the server did not draw says it too. Every
 * address is absolute and made from PUBLIC_URL (never a request header).
 */
export type PageMeta = {
  /** The page's own title, as its heading names it. */
  title: string;
  /** What the `<title>` says before the page's script runs. */
  documentTitle: string;
  description: string;
  /** The page's one address: no query, no trailing slash. */
  canonicalUrl: string;
  type: 'website' | 'article';
  siteName: string;
  image: { url: string; type: string; width: number; height: number; alt: string };
};
/** A page's HTML, and whether the server drew the page inside it (else it is index.html for the browser to draw). */
export type PageHtml = { html: string; drawn: boolean };

/** The link-preview facts of the page an address opens, or null for a page that carries none (a private one). */
export type PageMetaOf = (urlPath: string) => Promise<PageMeta | null>;

/** JSON safe inside a `<script type="application/json">`: with no `<`, no `</script>` or comment can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html for each address, with what the browser would otherwise learn of late:
 * - `<link rel="modulepreload">` for the code of the page the address opens (its chunk and the
 *   shared chunks it imports, from the build's page-chunks.json) that the entry does not already load.
 *   Without them the page's code is requested only after the entry has downloaded and run: one
 *   more round trip on a slow phone before anything shows.
 * - `<link rel="preload" as="image" fetchpriority="high">` for the image at the top of the page,
 *   otherwise requested only once the code and the page's data have arrived, and
 *   `<link rel="preload" as="fetch">` for the API replies the page will ask for, otherwise requested
 *   only once the code has run (`preloads`). The web app's GET requests carry no header a
 *   signed-out visitor's would not, so the browser hands them the early reply.
 * Without page-chunks.json (a stand-in build) the page code is not named; a failed look-up names
 * nothing else. Either way the page works as before, only later.
 *
 * With `render`, a public page the server can draw (decision 0022) also carries its title, its markup inside
 * #root and the data it was drawn with (`<script type="application/json" id="page-data">`), so the
 * browser paints it before any script has run. Its API replies are then not named, as nothing will
 * ask for them, nor its code, which the entry fetches once the page is on screen. A page the server
 * does not draw, or failed to, is index.html as above.
 *
 * With `meta`, a public page carries its link-preview tags after its `<title>` (which says the page's
 * title even before a drawing), in place of the shell's general description; an address `meta` has
 * nothing for carries no description at all. A failed look-up counts as nothing.
 *
 * What it makes depends on the address's path alone (no query, nothing of the visitor's), so it
 * may be kept and answered to anyone (server/http/page-cache.ts, decision 0048).
 */
export function createPageHtml(
  webDir: string,
  preloads?: PagePreloads,
  render?: PageRender,
  meta?: PageMetaOf,
): (urlPath: string, options?: { draw?: boolean }) => Promise<PageHtml> {
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // Written by the build (vite.config.ts, pageChunks): source module -> the chunk files it needs beyond the entry's.
  const chunksPath = path.join(webDir, 'page-chunks.json');
  const pageChunks = fs.existsSync(chunksPath)
    ? (JSON.parse(fs.readFileSync(chunksPath, 'utf8')) as Record<string, string[]>)
    : {};
  // Written by the build (vite.config.ts, pageChunks): the app's and the light pages' entries and the
  // modules each imports.
  const entriesPath = path.join(webDir, 'entries.json');
  type Entry = { script: string; imports: string[] };
  const entries = fs.existsSync(entriesPath)
    ? (JSON.parse(fs.readFileSync(entriesPath, 'utf8')) as { app: Entry; light: Entry })
    : null;
  // A light page names its script alone: like the app's on a drawn page, it is not needed to paint.
  const lightHtml = entries
    ? indexHtml
        .replace(APP_SCRIPT, '')
        .replace(
          '</head>',
          `<script type="module" crossorigin src="/${attribute(entries.light.script)}"></script></head>`,
        )
    : null;
  // A page the browser draws waits for the app: its modules are named at once, not found one after another.
  const appModules = (entries?.app.imports ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`)
    .join('');
  const codeLinks = new Map(
    Object.entries(pageChunks).map(([source, files]) => [
      source,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`).join(''),
    ]),
  );

  return async (urlPath, { draw = true } = {}) => {
    const match = PAGE_MODULES.find(([pattern]) => pattern.test(urlPath));
    const [early, drawn, about] = await Promise.all([
      preloads ? preloads(urlPath).catch(() => ({ images: [], data: [] })) : { images: [], data: [] },
      render && draw ? render(urlPath).catch(() => null) : null,
      meta ? meta(urlPath).catch(() => null) : undefined,
    ]);
    // The image first: the browser starts requests in document order, and it is what the visitor waits for.
    const links =
      early.images.map(imageLink).join('') +
      (drawn
        ? ''
        : early.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`).join('')) +
      // A drawn page's code is not named: it is not needed to paint, and on a slow line it would share
      // the bandwidth with the stylesheet and the image the visitor waits for. The entry loads it.
      (drawn ? '' : appModules + ((match && codeLinks.get(match[1])) || ''));
    // A light page brings no section to life: one drawn loading (its data could not be had) needs the app.
    const shell = drawn && drawn.complete !== false && lightHtml && isLightPage(urlPath) ? lightHtml : indexHtml;
    let html = links ? shell.replace('</head>', `${links}</head>`) : shell;
    if (about !== undefined) html = withMeta(html, about);
    if (drawn) {
      const data = drawn.state
        ? `<script type="application/json" id="page-data">${scriptJson(drawn.state)}</script>`
        : '';
      html = html
        .replace(/<title>[^<]*<\/title>/, () => `<title>${text(drawn.title)}</title>`)
        .replace('<div id="root"></div>', () => `${data}<div id="root">${drawn.html}</div>`);
    }
    return { html, drawn: Boolean(drawn) };
  };
}

const DESCRIPTION_TAG = /<meta\s+name="description"[^>]*>\s*/;

/**
 * The page's preview tags after its `<title>`, in place of the shell's general description; a page
 * with none (a private one) keeps no description either, so nothing about it is offered to a preview.
 */
function withMeta(html: string, meta: PageMeta | null): string {
  const plain = html.replace(DESCRIPTION_TAG, '');
  if (!meta) return plain;
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${attribute(String(content))}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${attribute(content)}">`;
  const tags = [
    `<link rel="canonical" href="${attribute(meta.canonicalUrl)}">`,
    named('description', meta.description),
    property('og:site_name', meta.siteName),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.canonicalUrl),
    property('og:type', meta.type),
    property('og:locale', 'en_NG'),
    property('og:image', meta.image.url),
    property('og:image:type', meta.image.type),
    property('og:image:width', meta.image.width),
    property('og:image:height', meta.image.height),
    property('og:image:alt', meta.image.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image.url),
    named('twitter:image:alt', meta.image.alt),
  ].join('');
  return plain.replace(/<title>[^<]*<\/title>/, () => `<title>${text(meta.documentTitle)}</title>${tags}`);
}

function imageLink(image: PreloadImage): string {
  const sized =
    image.srcset && image.sizes
      ? ` imagesrcset="${attribute(image.srcset)}" imagesizes="${attribute(image.sizes)}" type="image/webp"`
      : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image.href)}"${sized}>`;
}
