import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, arrival, createPreparingHistory } from './navigation';
import { AppRoutes, prepareDrawnPage, prepareRoute } from './router';

export type AppHistory = ReturnType<typeof createPreparingHistory>;

/**
 * Starts the whole app in #root at the current address.
 * - `hydrate`: on a page the server drew, its markup is kept and brought to life where it stands,
 *   so a screen reader already reading it keeps its place; as a transition, in short slices that
 *   leave the page responsive meanwhile. A page the server left empty is drawn here.
 * - `replace`: a light page hands over (decision 0058): the app draws the same page at once,
 *   in place of the server's markup and its islands, so a click can then be carried out by the app.
 * Either way the first page's code is in before the first render, as after every navigation, and
 * the data a drawn page came with is in the query cache.
 */
export async function startApp(root: HTMLElement, mode: 'hydrate' | 'replace', beforeReplace?: () => void) {
  const history = createPreparingHistory(prepareRoute);
  const drawnWith = document.getElementById('page-data');
  if (drawnWith?.textContent) {
    const { restoreQueries } = await import('./query-client');
    restoreQueries(JSON.parse(drawnWith.textContent));
  }
  if (mode === 'replace') {
    // A page's code that fails to arrive leaves the light page as it is (the caller falls back).
    await prepareDrawnPage(history.location.pathname);
    arrival.handedOver = true;
  } else await prepareRoute(history.location.pathname).catch(() => undefined);
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
  } else if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  return history;
}
