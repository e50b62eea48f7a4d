import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, createPreparingHistory } from './app/navigation';
import { AppRoutes, prepareRoute } from './app/router';
import { keepVisitSource } from './lib/keep-visit-source';
import './styles.css';

keepVisitSource(location.search);
const history = createPreparingHistory(prepareRoute);
const root = document.getElementById('root')!;
// A public page the server drew (decision 0022) comes with the data it was drawn with.
const drawnWith = document.getElementById('page-data');

async function start() {
  if (drawnWith?.textContent) {
    const { restoreQueries } = await import('./app/query-client');
    restoreQueries(JSON.parse(drawnWith.textContent));
  }
  // The first page's code is in before the first render, as after every navigation; the server's
  // HTML names it for early download (server/http/page-html.ts), and its data is requested now
  // unless the page came with it.
  await prepareRoute(history.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </StrictMode>
  );
  // The server's markup is kept and brought to life where it stands, so a screen reader already
  // reading it keeps its place; as a transition, in short slices that leave the page responsive to
  // the reader meanwhile. A page the server left empty is drawn here.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();

// The offline shell (decision 0046), registered once the page has loaded, never before its first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/offline-shell').then((shell) => shell.startOfflineShell());
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
