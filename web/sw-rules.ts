/**
 * What the service worker (web/sw.ts) may keep, as plain functions so the rules are tested on their
 * own (web/sw-rules.test.ts). The rule is an allow list: a request is stored only when every check
 * below says it may be; anything else goes to the network untouched (decision 0046).
 */

/**
 * Pages anyone may see: those the server draws for every visitor (`serverLoad` in web/app/router.tsx,
 * less the sign-in and receipts pages, whose forms cannot work offline and which belong to the give
 * and account paths) and the search and help pages. A signed-in area's
 * address is never one of these; web/sw-rules.test.ts holds the list against the route table.
 */
const PUBLIC_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/campaigns\/?$/,
  /^\/campaigns\/[^/]+\/?$/,
  /^\/search\/?$/,
  /^\/about\/?$/,
  /^\/how-it-works\/?$/,
  /^\/help\/?$/,
  /^\/supported-states\/?$/,
  /^\/transparency\/?$/,
  /^\/fund\/?$/,
  /^\/fundraisers\/[^/]+\/?$/,
  /^\/organizations\/?$/,
  /^\/terms-of-service\/?$/,
  /^\/privacy-policy\/?$/,
];

/** Public images: demo pictures shipped with the app and uploaded public images, never private files. */
const PUBLIC_IMAGES = /^\/media\/(?:public|seed)\/[^?]+$/;

/** The build's own files: scripts, styles and fonts, named by their content (vite.config.ts). */
const APP_CODE = /^\/assets\/[^?]+$/;

/** Query names that make a link a signed, expiring one (server/providers/storage/storage.ts). */
const SIGNED_QUERY = ['signature', 'sig', 'expires', 'token'];

/** The offline page, built beside the app (vite.config.ts) and kept in the precache. */
export const OFFLINE_PAGE = '/offline.html';

/** The name of the cache of public pages the visitor has opened. */
export const PAGES_CACHE = 'public-pages';
/** The name of the cache of public images the visitor has seen. */
export const IMAGES_CACHE = 'public-images';
/** The name of the cache of the build's files the visitor has loaded beyond the precache. */
export const CODE_CACHE = 'app-code';
/** How many entries each cache keeps at most, the least recently used dropped first. */
export const PAGES_KEPT = 40;
export const IMAGES_KEPT = 120;
export const CODE_KEPT = 200;
/** How long a kept page or image may be shown offline, in seconds: a week. */
export const KEPT_SECONDS = 7 * 24 * 60 * 60;

type RequestLike = { url: string; method: string; headers: { has(name: string): boolean } };

/**
 * Whether a request may be answered from, and stored in, a cache at all: a GET to this site's own
 * origin carrying no session token and no signed-link query. Never an address under /api.
 */
export function mayStore(request: RequestLike, origin: string): boolean {
  if (request.method !== 'GET' || request.headers.has('authorization')) return false;
  const url = new URL(request.url);
  if (url.origin !== origin) return false;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
  return !SIGNED_QUERY.some((name) => url.searchParams.has(name));
}

/**
 * Whether a page's address is one of the public pages a visitor's copy may be kept of. A search
 * with words in its address is not: what someone looked for stays off a phone others may use, and
 * its results come from the API, which is never kept.
 */
export function isPublicPage(pathname: string, search = ''): boolean {
  if (/^\/search\/?$/.test(pathname) && search !== '' && search !== '?') return false;
  return PUBLIC_PAGES.some((pattern) => pattern.test(pathname));
}

/** Whether an address is a public image. */
export function isPublicImage(pathname: string): boolean {
  return PUBLIC_IMAGES.test(pathname);
}

/** Whether an address is one of the build's own files. */
export function isAppCode(pathname: string): boolean {
  return APP_CODE.test(pathname);
}

/**
 * Whether a reply may be stored: a complete success the server did not mark private or not to be
 * stored. Whatever its address, a reply the server marks as one person's stays out.
 */
export function mayKeepReply(response: {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}) {
  if (response.status !== 200 || response.type === 'opaque') return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/\b(?:private|no-store)\b/.test(cacheControl);
}

/** What a page tells the worker it loaded before the worker was in charge: its own address and files. */
export type SeenMessage = { type: 'seen'; page: string; resources: string[] };
