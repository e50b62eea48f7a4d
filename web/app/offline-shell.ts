import type { SeenMessage } from '../sw-rules';

/**
 * Registers the service worker (web/sw.ts, decision 0046). Loaded after the page has, so it never
 * delays the first paint. When a worker takes charge of the page it is told what the page loaded
 * before (so this page too opens offline), and when it replaces an earlier version the page says so.
 */
export function startOfflineShell(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  const replacing = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    const resources = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((address) => address.startsWith(`${location.origin}/`));
    const seen: SeenMessage = { type: 'seen', page: location.pathname + location.search, resources };
    container.controller?.postMessage(seen);
    if (replacing) void import('./update-notice').then((notice) => notice.showUpdateNotice());
  });
  container.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
