import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { openedByLink } from '@/lib/page';
import { AppRouter, arrival, createPreparingHistory, keepScrollPosition } from './navigation';
import { AppRoutes, prepareDrawnPage, prepareRoute } from './router';

export type AppHistory = ReturnType<typeof createPreparingHistory>;

/** The page a light page's link asked for, which the app opens as it starts. */
export type LinkToOpen = { to: string; state?: unknown; replace?: boolean };

/**
 * Starts the whole app in #root at the current address.
 * - `hydrate`: on a page the server drew, its markup is kept and brought to life where it stands,
 *   so a screen reader already reading it keeps its place; as a transition, in short slices that
 *   leave the page responsive meanwhile. A page the server left empty is drawn here.
 * - `replace`: a light page hands over (decision 0058): the app draws the same page at once,
 *   in place of the server's markup and its islands, so a click can then be carried out by the app.
 *   With `link`, the app opens the link's page instead (decision 0063): the light page stays as it
 *   is while that page's code arrives, then the address and the page change together, the page is
 *   announced and focus moves to its heading, as after any navigation in the app. The light page's
 *   own code is never needed.
 * Either way the first page's code is in before the first render, as after every navigation, and
 * the data a drawn page came with is in the query cache.
 */
export async function startApp(
  root: HTMLElement,
  mode: 'hydrate' | 'replace',
  beforeReplace?: () => void,
  link?: LinkToOpen,
) {
  const drawnWith = document.getElementById('page-data');
  if (drawnWith?.textContent) {
    const { restoreQueries } = await import('./query-client');
    restoreQueries(JSON.parse(drawnWith.textContent));
  }
  if (mode === 'replace' && link) {
    // A page's code that fails to arrive leaves the light page as it is (the caller falls back).
    await prepareRoute(new URL(link.to, location.href).pathname);
    enterInHistory(link);
    openedByLink();
  } else if (mode === 'replace') {
    await prepareDrawnPage(location.pathname);
    arrival.handedOver = true;
  } else await prepareRoute(location.pathname).catch(() => undefined);
  const history = createPreparingHistory(prepareRoute, prepareDrawnPage);
  const app = (
    <StrictMode>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </StrictMode>
  );
  if (mode === 'replace') {
    beforeReplace?.();
    flushSync(() => createRoot(root).render(app));
    // The link that had focus is gone with the light page: focus goes straight to the new page, never
    // to the document's body in between.
    if (link) {
      // A new page starts at its top; one with a place to go to (#…) is scrolled there by its layout.
      if (!location.hash) window.scrollTo(0, 0);
      const target = root.querySelector<HTMLElement>('main h1') ?? root.querySelector<HTMLElement>('main');
      if (target) {
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    }
  } else if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  return history;
}

/**
 * The link's address as the tab's next entry (or in place of this one), in the form React Router's
 * history keeps (`usr`, `key`, `idx`), so the app's history starts there and back returns to the
 * light page's address.
 */
function enterInHistory({ to, state, replace }: LinkToOpen) {
  const here = window.history.state as { idx?: number; key?: string } | null;
  // React Router names an entry it did not make "default".
  if (!replace) keepScrollPosition(here?.key ?? 'default', window.scrollY);
  const index = here?.idx ?? 0;
  const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
}
