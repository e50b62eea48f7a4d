/// <reference lib="webworker" />
/**
 * The service worker (decision 0046): keeps the app's own code and the public pages and images a
 * visitor has seen, so they open without a network, and answers any other page it cannot fetch
 * with the offline page. What it may store is decided by web/sw-rules.ts alone.
 */
import type { RouteMatchCallbackOptions } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import {
  CODE_CACHE,
  CODE_KEPT,
  IMAGES_CACHE,
  IMAGES_KEPT,
  KEPT_SECONDS,
  OFFLINE_PAGE,
  PAGES_CACHE,
  PAGES_KEPT,
  isAppCode,
  isPublicImage,
  isPublicPage,
  mayKeepReply,
  mayStore,
  type SeenMessage,
} from './sw-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The build fills in the list: the offline page and the code and styles of the first page (vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once: the open page keeps the code it runs, the next page it opens
// comes from the new version, and the page says so (web/app/update-notice.ts). Kept pages name the
// code of the build that drew them, so the new version drops them before it takes charge of open
// pages (which then tell it what they show, web/app/offline-shell.ts).
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) =>
  event.waitUntil(caches.delete(PAGES_CACHE).then(() => self.clients.claim())),
);

/** Stores a reply only when the server did not mark it private (web/sw-rules.ts). */
const onlyKeepable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeepReply(response) ? response : null),
};
const kept = (maxEntries: number) => new ExpirationPlugin({ maxEntries, maxAgeSeconds: KEPT_SECONDS });

const pages = new StaleWhileRevalidate({ cacheName: PAGES_CACHE, plugins: [onlyKeepable, kept(PAGES_KEPT)] });
const images = new StaleWhileRevalidate({ cacheName: IMAGES_CACHE, plugins: [onlyKeepable, kept(IMAGES_KEPT)] });
// Built code never changes under its name (server/app.ts gives it a year's cache).
const code = new CacheFirst({ cacheName: CODE_CACHE, plugins: [onlyKeepable, kept(CODE_KEPT)] });

const origin = self.location.origin;

/** The strategy that may keep a request, or none: then it goes to the network as if there were no worker. */
function strategyFor(request: Request, url: URL, navigation: boolean): Strategy | undefined {
  if (!mayStore(request, origin)) return undefined;
  if (navigation) return isPublicPage(url.pathname, url.search) ? pages : undefined;
  if (isPublicImage(url.pathname)) return images;
  if (isAppCode(url.pathname)) return code;
  return undefined;
}

const matches = ({ request, url }: RouteMatchCallbackOptions) =>
  strategyFor(request, url, request.mode === 'navigate') !== undefined;
registerRoute(matches, (options) =>
  strategyFor(options.request, options.url, options.request.mode === 'navigate')!.handle(options),
);
// Any other page: the network alone, and the offline page when it cannot be reached.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? ((await matchPrecache(OFFLINE_PAGE)) ?? Response.error()) : Response.error(),
);

// The page that registered the worker was loaded before it; it sends what it loaded so that page
// too opens offline (web/app/offline-shell.ts). Each address passes the same rules as a fetch.
self.addEventListener('message', (event) => {
  const data = event.data as SeenMessage | undefined;
  if (data?.type !== 'seen' || typeof data.page !== 'string' || !Array.isArray(data.resources)) return;
  const work = [[data.page, true] as const, ...data.resources.map((address) => [address, false] as const)].flatMap(
    ([address, navigation]) => {
      const url = new URL(String(address), origin);
      const request = new Request(url);
      const strategy = strategyFor(request, url, navigation);
      return strategy ? [strategy.handle({ event, request }).catch(() => undefined)] : [];
    },
  );
  event.waitUntil(Promise.all(work));
});
